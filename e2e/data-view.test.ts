import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, signIn, useApp } from './support/app.ts';

// The simulator is off: nothing this file checks needs new reports.
const app = useApp(() => ({ SIM_INTERVAL_S: '0' }));

const MAIN_NAV = 'Main navigation';
const ALL = ['1 h', '6 h', '24 h', '72 h', '1 wk', '1 mo', '2 mo', '6 mo', '1 yr', 'Custom'];
/** The data view's interval choices: 1 hour, 6 hours, 1, 3, 7 and 30 days; 60, 180 and 365 days hidden. */
const DATA_VIEW = ['1 h', '6 h', '24 h', '72 h', '1 wk', '1 mo'];

describe('the data view', () => {
  it('asks a first-time user in plain words to pick a unit in its list', async () => {
    const { page } = await app.open(DESKTOP);
    await signIn(page, app.url, 'operator', { to: '/dashboard/telemetry' });
    const chart = page.locator('[data-widget-type=charts]');
    await chart.getByText('Select a unit').waitFor();
    await chart.getByText('Pick a unit in the list to see its data here.').waitFor();
    expect(await chart.textContent()).not.toContain('link group');
  });

  it('offers 1 hour to 30 days, shows a year chosen elsewhere as 30 days, and leaves every range to the overview', async () => {
    const { page } = await app.open(DESKTOP);
    await signIn(page, app.url, 'manager');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    const bar = page.getByRole('toolbar', { name: 'Time range' });
    const chips = bar.getByRole('button');
    const pressed = bar.getByRole('button', { pressed: true });
    await expect.poll(() => chips.allTextContents()).toEqual(ALL);
    await bar.getByRole('button', { name: '1 yr', exact: true }).click();
    await expect.poll(() => pressed.textContent()).toBe('1 yr');

    // The chart asks for the unit's data over 30 days, not the year.
    const asked: number[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      const start = url.searchParams.get('start');
      const end = url.searchParams.get('end') ?? url.searchParams.get('stop');
      if (/\/devices\/\d+\/data$/.test(url.pathname) && start && end) asked.push(Date.parse(end) - Date.parse(start));
    });
    await page.getByRole('navigation', { name: MAIN_NAV }).getByRole('link', { name: 'Data', exact: true }).click();
    await page.getByRole('heading', { name: 'Data', level: 1 }).waitFor();
    await expect.poll(() => chips.allTextContents()).toEqual(DATA_VIEW);
    await expect.poll(() => pressed.textContent()).toBe('1 mo');
    await page.locator('[data-widget-type=deviceList] tbody tr[aria-selected]').first().click();
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set([30 * 24 * 3600_000]));

    await bar.getByRole('button', { name: '6 h', exact: true }).click();
    await expect.poll(() => pressed.textContent()).toBe('6 h');

    // Back on the overview every range is offered again, the one chosen in the data view picked.
    await page.getByRole('navigation', { name: MAIN_NAV }).getByRole('link', { name: 'Overview', exact: true }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await expect.poll(() => chips.allTextContents()).toEqual(ALL);
    await expect.poll(() => pressed.textContent()).toBe('6 h');
  });

  it('offers the same choices in the phone select', async () => {
    const { page } = await app.open(PHONE);
    await signIn(page, app.url, 'manager', { to: '/dashboard/telemetry' });
    await page.getByRole('heading', { name: 'Data', level: 1 }).waitFor();
    const select = page.getByLabel('Time range');
    await expect
      .poll(() => select.locator('option').allTextContents())
      .toEqual(['Last hour', 'Last 6 hours', 'Last 24 hours', 'Last 72 hours', 'Last week', 'Last month']);
  });
});
