import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, signIn, startEditing, useApp } from './support/app.ts';

// Forty units: the fixed IoT sensors (water-level pits, air-quality rooms, heat meters) follow the
// first twelve units of the demo fleet. The manager sees the Swedish organizations, where the
// flooding pit, two rooms and two meters are.
const app = useApp(() => ({ SIM_UNITS: '40' }));

const DASHBOARD = '/api/v3/user/dashboard/';
const idInUrl = (page: Page) => new URL(page.url()).pathname.split('/').pop() ?? '';

/** Resolves when the debounced save of the dashboard in view has reached the server. */
function nextSave(page: Page) {
  const id = idInUrl(page);
  return page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`${DASHBOARD}${id}`) && r.ok());
}

async function addWidget(page: Page, type: string) {
  const saved = nextSave(page);
  await page.getByRole('button', { name: 'Add widget' }).click();
  await page.getByRole('dialog', { name: 'Add widget' }).locator(`[data-type=${type}]`).click();
  await page.locator(`[data-widget-type=${type}]`).waitFor();
  await saved;
}

async function openSettings(page: Page, type: string) {
  await page.locator(`[data-widget-type=${type}]`).getByRole('button', { name: 'Widget actions' }).click();
  await page.getByRole('menuitem', { name: 'Widget settings' }).click();
  return page.getByRole('dialog', { name: 'Widget settings' });
}

async function saveSettings(page: Page) {
  const saved = nextSave(page);
  await page.getByRole('dialog', { name: 'Widget settings' }).getByRole('button', { name: 'Save' }).click();
  await saved;
}

/** Ticks the first unit of a settings dialog's unit list; answers its name. */
async function tickFirstUnit(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Widget settings' });
  const first = dialog.getByTestId('sensor-units').locator('label').first();
  await first.waitFor();
  const name = (await first.locator('.settings-check__label').textContent())?.trim() ?? '';
  await first.locator('input').check();
  await dialog.getByText('1 unit chosen').waitFor();
  return name;
}

const water = (page: Page) => page.locator('[data-widget-type=waterLevel]');
const air = (page: Page) => page.locator('[data-widget-type=airQuality]');
const consumption = (page: Page) => page.locator('[data-widget-type=consumption]');

let dashboardUrl = '';

describe('sensor widgets', () => {
  it('adds the water level, air quality and consumption widgets; each shows the demo sensors', async () => {
    const { page } = await app.open(DESKTOP);
    await signIn(page, app.url, 'manager');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Switch dashboard' }).click();
    await page.getByRole('menuitem', { name: 'New dashboard' }).click();
    const create = page.getByRole('dialog', { name: 'New dashboard' });
    await create.getByLabel('Dashboard name').fill('Sensors');
    await create.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Sensors', level: 1 }).waitFor();
    dashboardUrl = page.url();
    await startEditing(page);
    for (const type of ['waterLevel', 'airQuality', 'consumption']) await addWidget(page, type);

    // Water level: every pit in view, the highest first; the flooding pit is above 80 cm.
    const pits = water(page).locator('.pit');
    await expect.poll(() => pits.count()).toBeGreaterThanOrEqual(2);
    await expect(pits.first().getAttribute('data-state')).resolves.toBe('high');
    await expect(pits.first().locator('.pit__state').textContent()).resolves.toContain('High level');
    const level = Number((await pits.first().locator('.pit__figure').textContent())?.replace(/[^\d.]/g, ''));
    expect(level).toBeGreaterThan(80);
    // Its trend over the dashboard's range is drawn.
    await pits.first().locator('.spark__line').waitFor();
    await expect(pits.first().locator('.pit__time').textContent()).resolves.toMatch(/Reported/);

    // Air quality: a tile per room with its status, CO2 and PM2.5; the worst in the header.
    const rooms = air(page).locator('.air-room');
    await expect.poll(() => rooms.count()).toBeGreaterThanOrEqual(2);
    const statuses = ['Excellent', 'Neutral', 'Bad', 'Warning', 'Polluted'];
    const summary = (await air(page).locator('.air__summary-status').textContent())?.trim() ?? '';
    expect(statuses).toContain(summary);
    const tileStatuses = (await rooms.locator('.air-room__status').allTextContents()).map((s) => s.trim());
    for (const s of tileStatuses) expect(statuses).toContain(s);
    // The summary is the worst of the tiles (tiles are ordered worst first).
    expect(tileStatuses[0]).toBe(summary);
    expect(Math.max(...tileStatuses.map((s) => statuses.indexOf(s)))).toBe(statuses.indexOf(summary));
    await expect(rooms.first().textContent()).resolves.toMatch(/\d ppm/);
    await expect(rooms.first().textContent()).resolves.toMatch(/µg\/m³/);

    // Consumption: a bar per day of the week, the total in kWh, the change against the week before.
    const c = consumption(page);
    await c.locator('.consumption__figure').waitFor();
    await expect(c.locator('.cbars__bar').count()).resolves.toBe(8); // 7 days cut at both ends
    await expect(c.locator('.consumption__figure').textContent()).resolves.toMatch(/[\d,]+ kWh/);
    await expect(c.locator('.consumption__caption').first().textContent()).resolves.toContain('Total of 2 meters');
    await expect(c.locator('.consumption__change').textContent()).resolves.toMatch(
      /[+\-−]?\d+(\.\d)?\s?% vs previous 7 days/,
    );
    const heights = await c
      .locator('.cbars__fill')
      .evaluateAll((els) => els.map((e) => Number.parseFloat((e as HTMLElement).style.blockSize)));
    expect(heights.filter((h) => h > 0).length).toBeGreaterThanOrEqual(7);
  });

  it('keeps each widget’s settings after a reload', async () => {
    const { page } = await app.open(DESKTOP);
    await signIn(page, app.url, 'manager', { to: new URL(dashboardUrl).pathname });
    await page.getByRole('heading', { name: 'Sensors', level: 1 }).waitFor();
    await water(page).locator('.pit').first().waitFor();
    await startEditing(page);

    // Water level: one pit, an alarm level of 1 cm (so it is above it) and a low level.
    let dialog = await openSettings(page, 'waterLevel');
    const pit = await tickFirstUnit(page);
    await dialog.getByLabel('High level (cm)').fill('1');
    await dialog.getByLabel('Low level (cm, optional)').fill('0.5');
    await saveSettings(page);
    await expect.poll(() => water(page).locator('.pit').count()).toBe(1);
    await expect(water(page).locator('.pit__name').textContent()).resolves.toBe(pit);
    await expect(water(page).locator('.pit').getAttribute('data-state')).resolves.toBe('high');

    // Air quality: one room.
    dialog = await openSettings(page, 'airQuality');
    const room = await tickFirstUnit(page);
    await saveSettings(page);
    await expect.poll(() => air(page).locator('.air-room').count()).toBe(1);
    await expect(air(page).locator('.air-room__name').textContent()).resolves.toBe(room);
    await expect(air(page).locator('.air__summary-caption').textContent()).resolves.toBe('Worst of 1 chosen room');

    // Consumption: one meter, per week, no total.
    dialog = await openSettings(page, 'consumption');
    await tickFirstUnit(page);
    await dialog.getByLabel('Per week').check();
    await dialog.getByLabel('Show the total and the meters counted').uncheck();
    await saveSettings(page);
    await expect.poll(() => consumption(page).locator('.cbars__bar').count()).toBeLessThanOrEqual(2);
    await expect(consumption(page).locator('.consumption__total').count()).resolves.toBe(0);

    await page.reload();
    await page.getByRole('heading', { name: 'Sensors', level: 1 }).waitFor();
    await expect.poll(() => water(page).locator('.pit').count()).toBe(1);
    await expect(water(page).locator('.pit__name').textContent()).resolves.toBe(pit);
    await expect(water(page).locator('.pit').getAttribute('data-state')).resolves.toBe('high');
    await expect(water(page).locator('.pit__limit').textContent()).resolves.toBe('Alarm at 1 cm · low at 0.5 cm');
    await expect.poll(() => air(page).locator('.air-room').count()).toBe(1);
    await expect(air(page).locator('.air-room__name').textContent()).resolves.toBe(room);
    await consumption(page).locator('.cbars__bar').first().waitFor();
    await expect(consumption(page).locator('.cbars__bar').count()).resolves.toBeLessThanOrEqual(2);
    await expect(consumption(page).locator('.consumption__total').count()).resolves.toBe(0);
    await expect(consumption(page).locator('.cbars__bar').first().getAttribute('title')).resolves.toMatch(/^Week of /);

    // The settings dialog opens with what was saved.
    await startEditing(page);
    dialog = await openSettings(page, 'waterLevel');
    await expect(dialog.getByLabel('High level (cm)').inputValue()).resolves.toBe('1');
    await expect(dialog.getByText('1 unit chosen').count()).resolves.toBe(1);
  });

  it('fits a phone: the three widgets stack without sideways scrolling', async () => {
    const { page } = await app.open(PHONE);
    await signIn(page, app.url, 'manager', { to: new URL(dashboardUrl).pathname });
    await water(page).locator('.pit').first().waitFor();
    await air(page).locator('.air-room').first().waitFor();
    await consumption(page).locator('.cbars__bar').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const w of [water(page), air(page), consumption(page)]) {
      const box = await w.boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(375);
    }
  });
});
