import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useApp } from './support/app.ts';
import { nextSave } from './support/dashboards.ts';
import { ADMIN_PASSWORD } from './support/server.ts';

// The demo gives Aarhus Municipality (its climate units) two floor plans with the climate units in
// their rooms; the administrator (root organization, English) sees that organization.
const app = useApp();

const WIDGET = '[data-widget-type=indoorClimate]';
/** A 1 × 1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function openSettings(page: Page) {
  await page.locator(WIDGET).getByRole('button', { name: 'Widget actions' }).click();
  await page.getByRole('menuitem', { name: 'Widget settings' }).click();
  return page.getByRole('dialog', { name: 'Widget settings' });
}

async function saveSettings(page: Page) {
  const saved = nextSave(page);
  await page.getByRole('dialog', { name: 'Widget settings' }).getByRole('button', { name: 'Save' }).click();
  await saved;
}

/** The sensors drawn on the plan: their level class and value label. */
const sensorsOf = (page: Page) =>
  page.$$eval(`${WIDGET} .climate-sensor`, (els) =>
    els.map((e) => ({
      level: e.getAttribute('data-level'),
      label: e.querySelector('.climate-sensor__label')?.textContent ?? '',
      colour: getComputedStyle(e.querySelector('.climate-sensor__dot') as Element).backgroundColor,
    })),
  );

describe('indoor climate widget', () => {
  it('shows the demo floor plan with coloured sensors, keeps its settings, uploads and deletes plans, arranges sensors', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'admin', { password: ADMIN_PASSWORD });
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Switch dashboard' }).click();
    await page.getByRole('menuitem', { name: 'New dashboard' }).click();
    const create = page.getByRole('dialog', { name: 'New dashboard' });
    await create.getByLabel('Dashboard name').fill('Offices');
    await create.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Offices', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('toolbar', { name: 'Editing the dashboard' }).waitFor();
    let saved = nextSave(page);
    await page.getByRole('button', { name: 'Add widget' }).click();
    await page.getByRole('dialog', { name: 'Add widget' }).locator('[data-type=indoorClimate]').click();
    await saved;
    // The root organization has no plans: a new widget shows those of the first organization in view
    // that has some, not an empty state.
    await page.locator(WIDGET).getByRole('img', { name: 'Floor plan: Ground floor' }).waitFor();
    await expect.poll(async () => (await sensorsOf(page)).length).toBeGreaterThan(0);

    // Settings: Aarhus, its ground floor, coloured by humidity.
    let dialog = await openSettings(page);
    await dialog.getByLabel('Organisation').selectOption({ label: 'Aarhus Municipality' });
    await dialog.getByRole('option', { name: 'First floor' }).waitFor({ state: 'attached' });
    await dialog.getByLabel('Floor plan').selectOption({ label: 'Ground floor' });
    await dialog.getByRole('radio', { name: 'Humidity' }).check();
    await saveSettings(page);

    const widget = page.locator(WIDGET);
    await widget.getByRole('img', { name: 'Floor plan: Ground floor' }).waitFor();
    await expect.poll(async () => (await sensorsOf(page)).length).toBeGreaterThan(0);
    await expect
      .poll(async () => (await sensorsOf(page)).every((s) => s.level !== 'none' && /\d %$/.test(s.label)))
      .toBe(true);
    const [first] = await sensorsOf(page);
    // Coloured by the band, not the grey of "no value".
    expect(first?.colour).not.toBe('rgb(138, 150, 165)');
    await expect(widget.locator('.climate-legend li').count()).resolves.toBe(5);
    await widget.getByRole('tab', { name: 'First floor' }).waitFor();

    // Hover shows the unit's values; a click selects it for the link group.
    const dot = widget.locator('.climate-sensor__dot').first();
    await dot.hover();
    const tip = widget.getByRole('tooltip');
    await tip.waitFor();
    await expect(tip.textContent()).resolves.toMatch(/Temperature: .*°C.*Humidity: .*%.*Last report/);
    saved = nextSave(page);
    await dot.click();
    await expect(dot.getAttribute('aria-pressed')).resolves.toBe('true');
    await saved;

    // After a reload the settings hold: the same plan, sensors by humidity.
    await page.reload();
    await widget.getByRole('img', { name: 'Floor plan: Ground floor' }).waitFor();
    await expect
      .poll(async () => {
        const sensors = await sensorsOf(page);
        return sensors.length > 0 && sensors.every((s) => s.level !== 'none' && /\d %$/.test(s.label));
      })
      .toBe(true);

    // Upload a PNG: it is listed and chosen; Save shows it.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    dialog = await openSettings(page);
    await dialog.getByLabel('Name of the new plan').fill('Basement');
    await dialog.getByLabel('Image file').setInputFiles({ name: 'basement.png', mimeType: 'image/png', buffer: PNG });
    const uploaded = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/floor-plan'));
    await dialog.getByRole('button', { name: 'Upload' }).click();
    expect((await uploaded).status()).toBe(200);
    await dialog.locator('.climate-plans__name', { hasText: 'Basement' }).waitFor();
    await expect(dialog.getByLabel('Floor plan').locator('option:checked').textContent()).resolves.toBe('Basement');
    await saveSettings(page);
    await widget.getByRole('img', { name: 'Floor plan: Basement' }).waitFor();
    await expect(widget.getByRole('tab').count()).resolves.toBe(3);
    await expect(widget.locator('.climate-sensor').count()).resolves.toBe(0);

    // Arrange: a unit dragged from the tray onto the basement plan is saved there.
    await widget.getByRole('button', { name: 'Arrange sensors' }).click();
    const arrange = page.getByRole('dialog', { name: 'Arrange sensors: Basement' });
    const chip = arrange.locator('.climate-arrange__units .climate-chip').first();
    await chip.waitFor();
    const planBox = await arrange.locator('.climate__plan').boundingBox();
    const chipBox = await chip.boundingBox();
    if (!planBox || !chipBox) throw new Error('no plan or unit to drag');
    await page.mouse.move(chipBox.x + chipBox.width / 2, chipBox.y + chipBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(planBox.x + planBox.width * 0.3, planBox.y + planBox.height * 0.6, { steps: 5 });
    await page.mouse.up();
    const placed = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/floor-plan-data'));
    await arrange.getByRole('button', { name: 'Save placements' }).click();
    const body = (await (await placed).request().postDataJSON()) as { placements: { x: number; y: number }[] };
    expect(body.placements).toHaveLength(1);
    expect(body.placements[0]?.x).toBeCloseTo(0.3, 1);
    expect(body.placements[0]?.y).toBeCloseTo(0.6, 1);
    await arrange.waitFor({ state: 'detached' });
    await expect.poll(() => widget.locator('.climate-sensor').count()).toBe(1);

    // Delete the uploaded plan, after confirming; the widget falls back to the first plan.
    dialog = await openSettings(page);
    await dialog.getByRole('button', { name: 'Delete Basement' }).click();
    await dialog.getByText('Delete Basement and its sensor placements?').waitFor();
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/floor-plan'));
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    expect((await deleted).status()).toBe(200);
    await expect.poll(() => dialog.locator('.climate-plans__name', { hasText: 'Basement' }).count()).toBe(0);
    await saveSettings(page);
    await widget.getByRole('img', { name: 'Floor plan: Ground floor' }).waitFor();
    await expect(widget.getByRole('tab').count()).resolves.toBe(2);
  });
});
