import fs from 'node:fs';
import path from 'node:path';
import { SERIES } from '@fieldwatch/core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, signIn, useApp } from './support/app.ts';
import { setLook } from './support/browser.ts';

// Right to left done properly (web/src/i18n/README.md): in Arabic, user data and values keep their
// own direction. Names, addresses and alarm texts are isolated and cut at their logical end, a serial
// reads "#X3S-D00002", a value "−75 dBm", and series carry their names, not the API's columns.
const app = useApp();

/** Screenshots for a person to look at, when SHOTS_DIR names a folder (e.g. /tmp/shots). */
const SHOTS_DIR = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${page.viewportSize()?.width}.png`) });
}

const ARABIC = /[\u0600-\u06FF]/;
const COLUMNS = new Set(SERIES.map((s) => s.column));
/** Bidi controls (isolates and marks) are invisible: the text a reader sees without them. */
const visible = (s: string) => s.replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '').trim();

async function signInArabic(page: Page) {
  await signIn(page, app.url, 'operator');
  await setLook(page, { lang: 'ar' });
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar');
}

/** A built-in dashboard by its key, once its widgets are drawn. */
async function dashboard(page: Page, key: string, widget: string) {
  await page.goto(`${app.url}/dashboard/${key}`);
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/') && !url.pathname.endsWith(`/${key}`));
  await page.locator(`.dashboard-grid [data-widget-type=${widget}]`).waitFor();
}

type Bidi = {
  /** The text as read (innerText without the invisible bidi controls). */
  text: string;
  /** The element, or an ancestor within the cell, is a <bdi> or carries dir="auto" or dir="ltr". */
  isolated: boolean;
  /** The direction of the text's first strong character: 'ltr' for Latin, 'rtl' for Arabic. */
  own: 'ltr' | 'rtl' | 'none';
  /** The computed direction of the box that cuts the text with an ellipsis (the element itself if none). */
  cutDirection: string;
};

/** How an element of user data is set: its text, its isolation within `cell`, the direction it is cut in. */
function bidiOf(element: Locator, cell: string): Promise<Bidi> {
  return element.evaluate((el, cellSelector) => {
    const stop = el.closest(cellSelector)?.parentElement ?? null;
    const up = function* () {
      for (let n: Element | null = el; n && n !== stop; n = n.parentElement) yield n;
    };
    const isolated = [...up()].some(
      (n) => n.tagName === 'BDI' || ['auto', 'ltr'].includes(n.getAttribute('dir') ?? ''),
    );
    const cut = [...up()].find((n) => getComputedStyle(n).textOverflow === 'ellipsis') ?? el;
    // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered, what a reader sees
    const text = (el as HTMLElement).innerText.replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '').trim();
    const strong = /[A-Za-z\u00C0-\u024F]|[\u0590-\u08FF]/.exec(text)?.[0];
    const own = !strong ? 'none' : /[\u0590-\u08FF]/.test(strong) ? 'rtl' : 'ltr';
    return { text, isolated, own, cutDirection: getComputedStyle(cut).direction } as const;
  }, cell);
}

/** Left edges on screen of the first occurrence of each of `chars` in the element's text. */
function leftOf(element: Locator, chars: string[]): Promise<number[]> {
  return element.evaluate((el, wanted) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const found = new Map<string, number>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const c of wanted) {
        const i = text.indexOf(c);
        if (i < 0 || found.has(c)) continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + c.length);
        found.set(c, range.getBoundingClientRect().left);
      }
    }
    return wanted.map((c) => found.get(c) ?? Number.NaN);
  }, chars);
}

/** A run that must read left to right on screen: each of `chars` is drawn left of the next. */
async function expectLeftToRight(element: Locator, chars: string[]) {
  const lefts = await leftOf(element, chars);
  const text = await element.textContent();
  expect(lefts.every(Number.isFinite), `${chars.join(' ')} in ${text}`).toBe(true);
  for (let i = 1; i < lefts.length; i++) {
    expect(lefts[i - 1], `"${chars[i - 1]}" left of "${chars[i]}" in ${text}`).toBeLessThan(lefts[i] as number);
  }
}

/** User data in its own direction: isolated, and cut (if at all) in the direction of its own text. */
async function expectIsolated(element: Locator, cell: string) {
  const b = await bidiOf(element, cell);
  expect(b.isolated, `"${b.text}" is isolated`).toBe(true);
  if (b.own !== 'none') expect(b.cutDirection, `"${b.text}" is cut at its logical end`).toBe(b.own);
  return b;
}

const rowsOf = (scope: Locator) => scope.locator('tbody tr:not(.vt__spacer)');

describe.each([
  ['1440 px', DESKTOP],
  ['375 px', PHONE],
])('Arabic at %s', (_name, viewport) => {
  const wide = viewport.width >= 1024;

  it('keeps notifications, alarm and unit lists, and the device header in their own direction', async () => {
    const { page } = await app.open(viewport);
    await signInArabic(page);

    // The notification centre: the message and the unit's name are isolated; the message is cut at its end.
    await page.goto(`${app.url}/notifications`);
    const notification = page.locator('li.notif').first();
    await notification.waitFor();
    const message = await expectIsolated(notification.locator('.notif__message'), 'li.notif');
    expect(message.text.length).toBeGreaterThan(0);
    const unitName = notification.locator('.notif__meta bdi').first();
    if (await unitName.count()) await expectIsolated(unitName, 'li.notif');
    await shot(page, 'notifications');

    // The alarm list: every cell is isolated, the unit's name and the alarm's text cut at their own end.
    await dashboard(page, 'alarms', 'alarmList');
    const alarms = page.locator('[data-widget-type=alarmList]');
    const alarm = rowsOf(alarms).first();
    await alarm.waitFor();
    for (const td of await alarm.locator('td').all()) {
      const b = await expectIsolated(td.locator('.line').first(), 'td');
      expect(b.text.length, 'a cell with text').toBeGreaterThan(0);
    }
    await shot(page, 'alarms');

    // The unit list: the unit's name (and on wide screens its Latin address) in its own direction.
    await dashboard(page, 'units', 'deviceList');
    const unit = rowsOf(page.locator('[data-widget-type=deviceList]')).first();
    await unit.waitFor();
    for (const td of await unit.locator('td:not(.vt__check):not([data-key=forecast])').all())
      await expectIsolated(td.locator('.line'), 'td');
    // The forecast is a phrase in Arabic ("1 MΩ خلال يوم واحد"), not data: the page's direction,
    // though its first letter is Latin, so the value comes first, at the right, and the end is cut.
    if (wide) {
      const forecast = unit.locator('td[data-key=forecast] .line');
      expect(await forecast.evaluate((el) => [el.getAttribute('dir'), getComputedStyle(el).direction])).toEqual([
        null,
        'rtl',
      ]);
    }
    // A Latin address ("Kungsholmsgatan 17, Stockholm") is a left-to-right box, cut at its end.
    const address = unit.locator('td .line').filter({ hasText: ', ' });
    if (await address.count()) {
      const location = await bidiOf(address.first(), 'td');
      expect(location.own, `${location.text} is a Latin address`).toBe('ltr');
      expect(location.cutDirection).toBe('ltr');
    }
    await shot(page, 'units');

    // Device management: the unit table's serials read "X3S-D00002", isolated like every cell.
    await page.goto(`${app.url}/devicemanagement`);
    const table = page.locator('.device-table');
    const first = rowsOf(table).first();
    await first.waitFor();
    if (wide) {
      const serial = first.locator('td .line').filter({ hasText: /^X\w*-[A-Z]\d+$/ });
      await expect(serial.count()).resolves.toBe(1);
      const b = await expectIsolated(serial, 'td');
      expect(b.cutDirection).toBe('ltr');
      await expectLeftToRight(serial, ['X', '-', b.text.charAt(b.text.indexOf('-') + 1)]);
    }
    await shot(page, 'devices');

    // The device header: "#X3S-D00002" with the # first, the name and place isolated.
    const id: number = await page.evaluate(async () => {
      const body = (await (await fetch('/api/v2/device/devices')).json()) as {
        result: { id: number; lastReport: string | null }[];
      };
      return (body.result.find((d) => d.lastReport) ?? body.result[0])?.id ?? 0;
    });
    await page.goto(`${app.url}/devicemanagement?unit=${id}&tab=tableView`);
    const header = page.locator('.device-detail__head');
    const serial = header.locator('.device-detail__serial');
    await serial.waitFor();
    const s = await bidiOf(serial, 'header');
    expect(s.isolated).toBe(true);
    expect(await serial.evaluate((el) => el.tagName === 'BDI' && el.getAttribute('dir') === 'ltr')).toBe(true);
    expect(s.text).toMatch(/^#X\w*-[A-Z]\d+$/);
    await expectLeftToRight(serial, ['#', 'X', '-']);
    await expectIsolated(header.locator('#unit-title'), 'header');
    for (const meta of await header.locator('.device-detail__meta bdi').all()) await expectIsolated(meta, 'header');

    // Its latest values: each series by its Arabic name, never the API column ("SignalStrength"), and
    // each value with its unit as one left-to-right run with a real minus: "−75 dBm".
    const latest = page.locator('.table-view table').first();
    await rowsOf(latest).first().waitFor();
    const names = (await latest.locator('tbody tr td:first-child').allInnerTexts()).map(visible);
    expect(names.length).toBeGreaterThan(3);
    expect(names.filter((n) => COLUMNS.has(n))).toEqual([]);
    for (const n of names) expect(n).toMatch(ARABIC);
    const values = latest.locator('tbody tr td.num bdi[dir=ltr]');
    expect(await values.count()).toBe(names.length);
    let negative = 0;
    for (const v of await values.all()) {
      const text = (await bidiOf(v, 'td')).text;
      expect(text).toMatch(/^−?\d[\d.,]*(\s\S+)?$/);
      expect(text).not.toContain('-');
      if (text.startsWith('−')) {
        negative++;
        await expectLeftToRight(v, ['−', text.slice(1, 2)]);
      }
      const unitMark = /\s(\S)/.exec(text)?.[1];
      if (unitMark) await expectLeftToRight(v, [text.replace('−', '').slice(0, 1), unitMark]);
    }
    // The signal strength of a unit that reports is negative (dBm).
    expect(negative).toBeGreaterThan(0);
    // The channel columns a unit shows are chosen by their names too.
    for (const chip of await page.locator('.channel-row .check-chip').all())
      expect(COLUMNS.has(visible((await chip.textContent()) ?? ''))).toBe(false);
    await shot(page, 'device');
  }, 120_000);
});

describe('Arabic chart legend', () => {
  it('names the series in Arabic and shows each value as one left-to-right run', async () => {
    const { page } = await app.open(DESKTOP);
    await signInArabic(page);
    await dashboard(page, 'telemetry', 'charts');
    const row = rowsOf(page.locator('[data-widget-type=deviceList]')).first();
    if ((await row.getAttribute('aria-selected')) !== 'true') await row.click();
    const legend = page.locator('[data-widget-type=charts] .chart__legend');
    await legend.locator('.chart__name').first().waitFor();
    const names = (await legend.locator('.chart__name').allInnerTexts()).map(visible);
    expect(names.filter((n) => COLUMNS.has(n))).toEqual([]);
    for (const n of names) expect(n).toMatch(ARABIC);
    const readings = legend.locator('.chart__item[aria-pressed=true] .chart__reading');
    expect(await readings.count()).toBeGreaterThan(0);
    for (const r of await readings.all()) {
      expect(await r.evaluate((el) => el.tagName === 'BDI' && el.getAttribute('dir') === 'ltr')).toBe(true);
      const text = (await bidiOf(r, '.chart__item')).text;
      const unitMark = /\s(\S)/.exec(text)?.[1];
      if (unitMark && /\d/.test(text)) await expectLeftToRight(r, [/\d/.exec(text)?.[0] ?? '', unitMark]);
    }
    await shot(page, 'telemetry');
  }, 120_000);
});
