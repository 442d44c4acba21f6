import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenMeteo } from '../server/test/fixtures/fakeOpenMeteo.ts';
import { signIn, startEditing, useApp } from './support/app.ts';
import { nextSave } from './support/dashboards.ts';

// Widget settings forms and the list (table report) widget, clicked through the real UI.
const weather = new FakeOpenMeteo();
beforeAll(() => weather.listen());
afterAll(() => weather.stop());
const app = useApp(() => ({ WEATHER_URL: weather.url }));

const widget = (page: Page, type: string) => page.locator(`[data-widget-type=${type}]`);

/** Opens a widget's settings dialog from its menu (edit mode). */
async function openSettings(page: Page, type: string): Promise<Locator> {
  await widget(page, type).getByRole('button', { name: 'Widget actions' }).click();
  await page.getByRole('menuitem', { name: 'Widget settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Widget settings' });
  await dialog.waitFor();
  return dialog;
}

async function addFromPicker(page: Page, type: string) {
  await page.getByRole('button', { name: 'Add widget' }).click();
  await page.getByRole('dialog', { name: 'Add widget' }).locator(`[data-type=${type}]`).click();
  await widget(page, type).waitFor();
}

const statusRows = (page: Page) => widget(page, 'status').locator('.status-row');
const headers = (list: Locator) => list.locator('thead th').allTextContents();

describe('widget settings', () => {
  it('changes the status, temperature, alarms and weather widgets, and every change survives a reload', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'manager');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    // First data can take a moment (the weather provider is a fake on loopback).
    await expect.poll(() => statusRows(page).count()).toBe(4);
    await widget(page, 'status').locator('.status-bar').waitFor();
    await expect.poll(() => widget(page, 'weather').locator('.weather__days > li').count()).toBe(5);
    await widget(page, 'temp').locator('.kpi__figure').waitFor();
    const since = await widget(page, 'alarms').locator('.kpi__caption').textContent();
    await startEditing(page);

    // Status: OK left out, no bar.
    let dialog = await openSettings(page, 'status');
    await dialog.getByRole('checkbox', { name: 'OK' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Show the status bar' }).uncheck();
    let saved = nextSave(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => statusRows(page).count()).toBe(3);
    await expect.poll(() => widget(page, 'status').locator('.status-bar').count()).toBe(0);
    expect(await statusRows(page).allTextContents()).not.toContain(expect.stringContaining('OK'));
    await saved;

    // Temperature: two decimals and where it comes from.
    dialog = await openSettings(page, 'temp');
    await dialog.getByLabel('Decimals').selectOption('2');
    await dialog.getByRole('checkbox', { name: 'Show where the temperature comes from' }).check();
    saved = nextSave(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => widget(page, 'temp').locator('.kpi__figure').textContent()).toMatch(/\d[.,]\d\d\s°C/);
    await expect.poll(() => widget(page, 'temp').locator('.kpi__source').textContent()).toMatch(/^Sources: /);
    await saved;

    // Alarms: the last 30 days instead of the dashboard's range.
    dialog = await openSettings(page, 'alarms');
    await dialog.getByRole('radio', { name: 'The last 30 days' }).check();
    saved = nextSave(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => widget(page, 'alarms').locator('.kpi__caption').textContent()).not.toBe(since);
    const since30 = await widget(page, 'alarms').locator('.kpi__caption').textContent();
    await saved;

    // Weather: three days.
    dialog = await openSettings(page, 'weather');
    await dialog.getByLabel('Past days shown').selectOption('3');
    saved = nextSave(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => widget(page, 'weather').locator('.weather__days > li').count()).toBe(3);
    await saved;

    await page.reload();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await expect.poll(() => statusRows(page).count()).toBe(3);
    expect(await widget(page, 'status').locator('.status-bar').count()).toBe(0);
    await expect.poll(() => widget(page, 'temp').locator('.kpi__figure').textContent()).toMatch(/\d[.,]\d\d\s°C/);
    await expect.poll(() => widget(page, 'alarms').locator('.kpi__caption').textContent()).toBe(since30);
    await expect.poll(() => widget(page, 'weather').locator('.weather__days > li').count()).toBe(3);

    // The form opens with what is saved.
    await startEditing(page);
    dialog = await openSettings(page, 'status');
    expect(await dialog.getByRole('checkbox', { name: 'OK' }).isChecked()).toBe(false);
    expect(await dialog.getByRole('checkbox', { name: 'Alarm' }).isChecked()).toBe(true);
  });

  it('adds a list, configures its columns and statistics, sorts it and downloads it as CSV', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator', { to: '/dashboard/telemetry' });
    await page.getByRole('heading', { name: 'Data', level: 1 }).waitFor();
    await startEditing(page);
    let saved = nextSave(page);
    await addFromPicker(page, 'list');
    await saved;

    const list = widget(page, 'list');
    await expect.poll(() => list.locator('tbody tr[aria-rowindex]').count()).toBeGreaterThan(0);
    expect(await headers(list)).toEqual([
      'Unit',
      'Battery voltage · Last',
      'Battery voltage · Min',
      'Battery voltage · Max',
      'Temperature · Last',
      'Temperature · Min',
      'Temperature · Max',
    ]);

    // Battery voltage and Resistance 1, the mean only.
    const dialog = await openSettings(page, 'list');
    await dialog.getByRole('checkbox', { name: 'Temperature °C', exact: true }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Resistance 1 MΩ' }).check();
    await dialog.getByRole('checkbox', { name: 'Mean' }).check();
    for (const stat of ['Last', 'Min', 'Max'])
      await dialog.getByRole('checkbox', { name: stat, exact: true }).uncheck();
    saved = nextSave(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Columns keep the order they were picked in.
    await expect.poll(() => headers(list)).toEqual(['Unit', 'Battery voltage', 'Resistance 1']);
    await saved;
    // Values carry their physical units.
    await expect
      .poll(async () => (await list.locator('tbody tr[aria-rowindex] td:nth-child(2)').allTextContents()).join('|'))
      .toMatch(/\d\sV/);

    // Sorting by the battery column, highest first.
    await list.getByRole('button', { name: 'Battery voltage' }).click();
    await expect.poll(() => list.locator('th[aria-sort=descending]').textContent()).toBe('Battery voltage');
    const volts = (await list.locator('tbody tr[aria-rowindex] td:nth-child(2)').allTextContents())
      .map((v) => Number.parseFloat(v.replace(',', '.')))
      .filter((v) => !Number.isNaN(v));
    expect(volts.length).toBeGreaterThan(1);
    expect(volts).toEqual([...volts].sort((a, b) => b - a));

    // The CSV is the table as shown: same columns, same order.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      list.getByRole('button', { name: 'CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^list-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path()) as string, 'utf8').replace(/^\ufeff/, '');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Unit,Battery voltage (V),Resistance 1 (MΩ)');
    const firstName = await list.locator('tbody tr[aria-rowindex] td:nth-child(1)').first().textContent();
    expect(lines[1]?.startsWith(`${firstName},`) || lines[1]?.startsWith(`"${firstName}",`)).toBe(true);

    await page.reload();
    await expect.poll(() => headers(widget(page, 'list'))).toEqual(['Unit', 'Battery voltage', 'Resistance 1']);
  });

  it('shows parking occupancy per day and per bay within the daily window', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'parking', { to: '/dashboard/parking' });
    const stats = widget(page, 'parkingStatistics');
    await stats.locator('.gauge').waitFor();
    // One bar per day of the range (the default interval spans several days).
    await expect.poll(() => stats.locator('.pdays g[data-day]').count()).toBeGreaterThan(1);
    const list = widget(page, 'parkingList');
    await expect.poll(() => headers(list)).toContain('08:00–17:00');
    await expect
      .poll(async () => (await list.locator('tbody tr[aria-rowindex]').allTextContents()).join('|'))
      .toMatch(/\d+\s?%/);
  });
});
