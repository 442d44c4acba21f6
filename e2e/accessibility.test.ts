import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenMeteo } from '../server/test/fixtures/fakeOpenMeteo.ts';
import { signIn, unitIdOf, useApp, waitForOverview } from './support/app.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { stillAnimations } from './support/clickThrough.ts';

// axe-core on the dialogs, menus and tables that matter, in Dark and Bright in English and Dark in
// Arabic (right to left): no serious or critical violation. Every screen and tab is checked by the
// click-through (e2e/click-through.test.ts), in both themes, languages and widths.
const weather = new FakeOpenMeteo();
beforeAll(() => weather.listen());
afterAll(() => weather.stop());
const app = useApp(() => ({ WEATHER_URL: weather.url }));

type Theme = 'Dark' | 'Bright';
type Lang = 'en' | 'ar';

const locales: Record<Lang, Record<string, unknown>> = {
  en: JSON.parse(fs.readFileSync(new URL('../core/locales/en.json', import.meta.url), 'utf8')),
  ar: JSON.parse(fs.readFileSync(new URL('../core/locales/ar.json', import.meta.url), 'utf8')),
};
/** A text of the interface by its dotted key, in the language under test; a missing key throws. */
const text = (lang: Lang, key: string): string => {
  const found = key
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], locales[lang]);
  if (typeof found !== 'string') throw new Error(`no ${lang} text for ${key}`);
  return found;
};

/** A demo pipe unit with radar curves (see radar.test.ts). */
const RADAR_SERIAL = 'X3S-D00002';

/** Theme and language in the persisted user state, then a reload so the app starts with them. */
async function setLookAndReload(page: Page, theme: Theme, lang: Lang) {
  await page.evaluate(
    ({ theme, lang }) => {
      const stored = JSON.parse(localStorage.getItem('fieldwatch.user') ?? '{"state":{},"version":0}');
      stored.state = { ...stored.state, themeMode: theme, activeLanguage: lang };
      localStorage.setItem('fieldwatch.user', JSON.stringify(stored));
    },
    { theme, lang },
  );
  await page.reload();
  await page.waitForFunction(
    ({ theme, lang }) => {
      const html = document.documentElement;
      return (
        html.dataset.theme === theme.toLowerCase() && html.lang === lang && html.dir === (lang === 'ar' ? 'rtl' : 'ltr')
      );
    },
    { theme, lang },
  );
}

/** Nothing still loading: no skeleton, spinner or loading chart in the page. */
async function settled(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.querySelectorAll(
              '.skeleton, .skeleton__lines, .wskel, .spinner, .chart--loading, [aria-busy=true]',
            ).length,
        ),
      { interval: 100 },
    )
    .toBe(0);
}

/** A dashboard with its widgets drawn and loaded. */
async function dashboard(page: Page, key: string) {
  await page.goto(`${app.url}/dashboard/${key}`);
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/') && !url.pathname.endsWith(`/${key}`));
  await page.locator('.dashboard-grid [data-widget-type]').first().waitFor();
  await settled(page);
}

const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

/** A screen or an opened dialog or menu: how to get there, and optionally the part of the page to check. */
type Check = { name: string; visit: (page: Page) => Promise<void>; scope?: string };

/**
 * Selects the telemetry list's first unit. The selection is saved with the dashboard, so an earlier
 * visit may have selected it already, and a second click would clear it.
 */
async function selectFirstUnit(page: Page) {
  const row = page.locator('[data-widget-type=deviceList] tbody tr[aria-selected]').first();
  if ((await row.getAttribute('aria-selected')) !== 'true') await row.click();
  await page.locator('[data-widget-type=deviceList] tbody tr[aria-selected=true]').first().waitFor();
}

/** Runs each check's visit, then axe; adds the checks with violations to `found`, described. */
async function audit(page: Page, checks: Check[], found: Record<string, string>, audited: string[]) {
  for (const check of checks) {
    await check.visit(page);
    await stillAnimations(page);
    const violations = await axeViolations(page, check.scope);
    if (violations.length) found[check.name] = describeViolations(violations);
    audited.push(check.name);
  }
}

/**
 * Each theme in English, and Arabic in the first theme: contrast depends on the theme alone, while
 * names, labels and right-to-left layout depend on the language, not on the colours.
 */
const COMBINATIONS: [Theme, Lang][] = [
  ['Dark', 'en'],
  ['Bright', 'en'],
  ['Dark', 'ar'],
];

describe('accessibility (axe-core, serious and critical)', () => {
  it.each(COMBINATIONS)(
    'has no violations in the dialogs, menus and tables in %s, %s',
    { timeout: 120_000 },
    async (theme, lang) => {
      const found: Record<string, string> = {};
      const audited: string[] = [];
      const t = (key: string) => text(lang, key);
      const { page } = await app.open();
      await signIn(page, app.url, 'manager');
      const radarUnit = await unitIdOf(page, RADAR_SERIAL);
      await setLookAndReload(page, theme, lang);
      // The telemetry dashboard has the chart whose settings are opened below.
      await dashboard(page, 'telemetry');
      const checks: Check[] = [
        {
          name: 'account menu',
          visit: async (p) => {
            await p.getByTestId('account-menu').click();
            await p.getByRole('menu').waitFor();
          },
          // The menu itself: while it is open, Radix hides the page behind it (aria-hidden) and keeps
          // focus inside the menu, which axe cannot tell from the outside (aria-hidden-focus).
          scope: '[role=menu]',
        },
        {
          name: 'add widget picker',
          visit: async (p) => {
            await p.keyboard.press('Escape');
            await p.getByRole('menu').waitFor({ state: 'detached' });
            await p.getByRole('button', { name: t('dashboard.edit'), exact: true }).click();
            await p.getByRole('toolbar', { name: t('dashboard.editing') }).waitFor();
            await p.getByRole('button', { name: t('dashboard.addWidget') }).click();
            await p.getByRole('dialog', { name: t('dashboard.addWidget') }).waitFor();
          },
        },
        {
          name: 'widget settings dialog',
          visit: async (p) => {
            await p.keyboard.press('Escape');
            await p.getByRole('dialog').waitFor({ state: 'detached' });
            await p
              .locator('[data-widget-type=charts]')
              .getByRole('button', { name: t('dashboard.widgetMenu') })
              .click();
            await p.getByRole('menuitem', { name: t('widget.settings') }).click();
            await p.getByRole('dialog', { name: t('widget.settings') }).waitFor();
            await settled(p);
          },
        },
        {
          name: 'chart as table',
          visit: async (p) => {
            // The telemetry dashboard's list selects the chart's unit.
            await dashboard(p, 'telemetry');
            await selectFirstUnit(p);
            const chart = p.locator('[data-widget-type=charts]');
            await chart.locator('.chart__item').first().waitFor();
            await chart.getByRole('button', { name: t('common.showAsTable') }).click();
            await chart.locator('.chart__table tbody tr').first().waitFor();
          },
        },
        {
          name: 'unit map as table',
          visit: async (p) => {
            await dashboard(p, 'units');
            await p
              .locator('[data-widget-type=deviceMap]')
              .getByRole('button', { name: t('common.showAsTable') })
              .click();
            await p.locator('.unit-map__table tbody tr').first().waitFor();
          },
        },
        {
          name: 'radar as table',
          visit: async (p) => {
            await p.goto(`${app.url}/radar/${radarUnit}`);
            await p.locator('.radar-plot__main canvas').first().waitFor();
            await p.locator('.radar-markers__empty, .radar-markers__list').first().waitFor();
            await settled(p);
            await p.getByRole('button', { name: t('common.showAsTable') }).click();
            await p.locator('.radar__table tbody tr').first().waitFor();
          },
        },
      ];
      await audit(page, checks, found, audited);

      expect(audited).toHaveLength(checks.length);
      const report = Object.entries(found).map(([screen, v]) => `${screen}:\n${v}`);
      expect(Object.keys(found), `serious or critical violations:\n${report.join('\n\n')}`).toEqual([]);
    },
  );

  it('offers the numbers of charts, the unit map and the radar curves as a table', { timeout: 120_000 }, async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'manager', { to: '/dashboard/telemetry' });

    // A chart: the table's newest row holds the legend's latest values, a column per shown series.
    const chart = page.locator('[data-widget-type=charts]');
    await selectFirstUnit(page);
    await expect.poll(() => chart.locator('.chart__item[aria-pressed=true] .chart__value').count()).toBeGreaterThan(0);
    await settled(page);
    const legend = await chart.locator('.chart__item[aria-pressed=true]').evaluateAll((items) =>
      items.map((i) => ({
        name: i.querySelector('.chart__name')?.textContent ?? '',
        unit: i.querySelector('.chart__unit-label')?.textContent ?? '',
        value: i.querySelector('.chart__value')?.textContent ?? '',
      })),
    );
    const chartToggle = chart.getByRole('button', { name: 'Show as table' });
    await chartToggle.click();
    const chartTable = chart.getByRole('region', { name: /^Measurements of / }).getByRole('table');
    // The same button now offers the chart back, and says the table is shown.
    expect(await chart.getByRole('button', { name: 'Show as chart' }).getAttribute('aria-expanded')).toBe('true');
    expect(await chart.getByRole('img', { name: /^Measurements of / }).count()).toBe(0);
    const head = await chartTable.locator('thead th').allTextContents();
    expect(head).toEqual(['Time', ...legend.map((l) => (l.unit ? `${l.name} (${l.unit})` : l.name))]);
    const newest = await chartTable.locator('tbody tr').first().locator('td').allTextContents();
    expect(newest).toEqual(legend.map((l) => l.value));
    expect(await chartTable.locator('tbody tr').count()).toBeGreaterThan(10);
    await chart.getByRole('button', { name: 'Show as chart' }).click();
    await chart.getByRole('img', { name: /^Measurements of / }).waitFor();

    // The unit map: every unit on it with its status and position, as the device list has them.
    await page.goto(`${app.url}/dashboard/units`);
    const map = page.locator('[data-widget-type=deviceMap]');
    await map.locator('[data-view]').waitFor();
    const onMap = await map
      .locator('.unit-map__legend-count')
      .allTextContents()
      .then((c) => c.reduce((sum, n) => sum + Number(n), 0));
    const mapToggle = map.getByRole('button', { name: 'Show as table' });
    await mapToggle.click();
    const mapTable = map.getByRole('region', { name: 'Units on the map' }).getByRole('table');
    await expect.poll(() => isFocused(map.getByRole('button', { name: 'Show as map' }))).toBe(true);
    expect(await mapTable.locator('thead th').allTextContents()).toEqual(['Unit', 'Status', 'Latitude', 'Longitude']);
    const rows = await mapTable
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('th, td')).map((c) => c.textContent ?? '')));
    expect(rows).toHaveLength(onMap);
    const devices = await page.evaluate(
      async () =>
        (await (await fetch('/api/v1/device')).json()) as {
          name: string;
          status: string;
          latitude: number;
          longitude: number;
        }[],
    );
    const statusWord: Record<string, string> = { alarm: 'Alarm', problem: 'Problem', ok: 'OK', inactive: 'Inactive' };
    for (const [name, status, lat, lng] of rows) {
      const device = devices.find((d) => d.name === name);
      expect(device, name).toBeDefined();
      expect([status, lat, lng]).toEqual([
        statusWord[device?.status ?? ''],
        device?.latitude.toFixed(5),
        device?.longitude.toFixed(5),
      ]);
    }
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(mapToggle)).toBe(true);
    expect(await map.getByRole('region', { name: 'Units on the map' }).count()).toBe(0);

    // The radar: a row per distance with the curve's values, as the server sent them.
    const unit = await unitIdOf(page, RADAR_SERIAL);
    await page.goto(`${app.url}/radar/${unit}?channel=1`);
    await page.locator('.radar-plot__main canvas').first().waitFor();
    await page.getByRole('button', { name: 'Show as table' }).click();
    const radarTable = page.getByRole('region', { name: /^Radar curve: / }).getByRole('table');
    const curve = await page.evaluate(async (id) => {
      const res = await fetch(`/api/v2/device/legacy/devices/${id}/radar/1`);
      return ((await res.json()) as { result: { positions: number[]; values: number[] } }).result;
    }, unit);
    expect(await radarTable.locator('tbody tr').count()).toBe(curve.positions.length);
    const fmt = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
    const first = await radarTable.locator('tbody tr').nth(5).locator('th, td').allTextContents();
    expect(first.slice(0, 2)).toEqual([fmt.format(curve.positions[5] ?? 0), fmt.format(curve.values[5] ?? 0)]);
  });

  it('reaches every control of the shell and the overview by Tab with a visible focus; Escape closes dialogs and menus and returns focus', {
    timeout: 120_000,
  }, async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'manager');
    await waitForOverview(page);
    await settled(page);
    await stillAnimations(page);

    // Every control a keyboard user should reach: shown, enabled, in the tab order.
    const expected = await page.evaluate(() => {
      const candidates = document.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type=hidden]), select, textarea, [tabindex], [contenteditable=true]',
      );
      const list: string[] = [];
      for (const el of Array.from(candidates)) {
        if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || el.closest('[inert], [hidden]')) continue;
        const style = getComputedStyle(el);
        if (el.getClientRects().length === 0 || style.visibility === 'hidden') continue;
        el.dataset.kb = String(list.length);
        list.push(
          `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
        );
      }
      return list;
    });
    expect(expected.length).toBeGreaterThan(20);

    // Tab from the top until focus comes round again; note where it went and whether it showed.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const reached = new Set<string>();
    const unseen: string[] = [];
    for (let i = 0; i < expected.length + 40; i++) {
      await page.keyboard.press('Tab');
      const at = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        // The ring is drawn on the element, or for a visually hidden input on the control that shows it.
        const drawn = (e: Element | null) => {
          if (!e) return false;
          const cs = getComputedStyle(e);
          return (cs.outlineStyle !== 'none' && Number.parseFloat(cs.outlineWidth) > 0) || cs.boxShadow !== 'none';
        };
        return {
          id: el.dataset.kb ?? null,
          what: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
          visible:
            el.matches(':focus-visible') && (drawn(el) || drawn(el.nextElementSibling) || drawn(el.parentElement)),
        };
      });
      if (!at) continue;
      if (at.id !== null && reached.has(at.id)) break;
      if (at.id !== null) reached.add(at.id);
      if (!at.visible) unseen.push(at.what);
    }
    const missed = expected.filter((_, i) => !reached.has(String(i)));
    expect(missed, 'controls Tab never reached').toEqual([]);
    expect(unseen, 'controls focused without a visible focus ring').toEqual([]);

    // A dialog opened from the keyboard keeps focus inside; Escape closes it and returns focus.
    await page.getByRole('button', { name: 'Edit', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('toolbar', { name: 'Editing the dashboard' }).waitFor();
    const addWidget = page.getByRole('button', { name: 'Add widget' });
    await addWidget.focus();
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: 'Add widget' });
    await picker.waitFor();
    await expect.poll(() => picker.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await picker.evaluate((d) => d.contains(document.activeElement)), 'focus stays in the dialog').toBe(true);
    }
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(addWidget)).toBe(true);

    // A menu the same way: arrows move inside it, Escape closes it and focus is back on its button.
    const account = page.getByTestId('account-menu');
    await account.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await expect.poll(() => menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(account)).toBe(true);
  });
});
