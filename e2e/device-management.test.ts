import fs from 'node:fs';
import { DEVICE_TABS, fieldsOfTab } from '@fieldwatch/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { okPipeUnit } from './support/alarm.ts';
import { signIn, toasts, useApp } from './support/app.ts';
import { setLook } from './support/browser.ts';

// Issue 7 end to end: an engineer finds a unit, changes its alarm limits and schedule and sends the
// settings to the simulated unit; an operator moves units between groups and locations; a Reader
// can change nothing.
const app = useApp();

const api = <T>(page: Page, path: string) =>
  page.evaluate(async (p) => (await (await fetch(p)).json()) as unknown, path) as Promise<T>;
const v2 = async <T>(page: Page, path: string) => (await api<{ result: T }>(page, path)).result;

const svTexts = JSON.parse(fs.readFileSync(new URL('../core/locales/sv.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;
/** A Swedish text by its dotted key; throws on a missing key so a renamed key cannot pass silently. */
const sv = (key: string): string => {
  const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], svTexts);
  if (typeof text !== 'string') throw new Error(`no Swedish text for ${key}`);
  return text;
};

type Group = { id: number; key: string; name: string; devices: number[] };
type Container = { id: string; type: string; name: string; content: { type: string; target: string }[] };

describe('device management', () => {
  it('finds a unit, changes alarm limits and schedule, and sends the settings to the unit', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'manager');
    const { unit } = await okPipeUnit(page, app.server);
    await page.goto(`${app.url}/devicemanagement`);
    await page.getByLabel('Search units').fill(unit.name);
    const rows = page.locator('.vt__table tbody tr:not(.vt__spacer)');
    await expect.poll(() => rows.count()).toBe(1);
    // The noun follows the total: "1 of 108 units", never "1 of 108 unit".
    await expect(page.locator('.device-table__count').textContent()).resolves.toMatch(/^1 of \d+ units$/);
    await page.getByRole('link', { name: unit.name, exact: true }).click();
    await page.getByRole('heading', { name: unit.name, level: 2 }).waitFor();

    // Alarm limits: channel 1 gets an insulation level of its own.
    await page.getByRole('tab', { name: 'Device alarm' }).click();
    await page.getByLabel('Insulation level 1 (MΩ), Channel 1').fill('25');
    await page.getByRole('button', { name: 'Save alarm limits' }).click();
    await toasts(page).filter({ hasText: 'Alarm limit levels updated' }).waitFor();
    const limits = await v2<{ resistance: number[]; channels: Record<string, { resistance: number[] }> }>(
      page,
      `/api/v2/device/legacy/devices/${unit.id}/alarm_limits`,
    );
    expect(limits.channels['1']?.resistance).toEqual([25]);

    // Schedule: the browser refuses an out-of-range value with the field's text, nothing is sent.
    await page.getByRole('tab', { name: 'Schedule' }).click();
    const every = page.getByLabel('Report every', { exact: true });
    await every.fill('5000');
    await page.getByRole('button', { name: 'Save and send to unit' }).click();
    await page.getByText('Report every must be from 0 to 1440').waitFor();
    const settings = () => v2<{ Schedule: number | null }>(page, `/api/v2/device/legacy/devices/${unit.id}/settings`);
    expect((await settings()).Schedule).not.toBe(5000);

    // A valid value is saved and sent; the simulated unit stores it and the operation succeeds.
    await every.fill('30');
    await page.getByRole('button', { name: 'Save and send to unit' }).click();
    await toasts(page).filter({ hasText: 'Send settings requested' }).waitFor();
    const send = page.locator('.ops__op', { hasText: 'Send settings' });
    await send.locator('.ops__state--succeeded').waitFor();
    expect((await settings()).Schedule).toBe(30);
    const ops = await v2<{ operation: string; state: string }[]>(page, `/api/v2/device/devices/${unit.id}/operations`);
    expect(ops[0]).toMatchObject({ operation: 'send_settings', state: 'succeeded' });
  });

  it('says the configuration failed when the settings cannot be sent to the unit, and keeps them saved', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'manager');
    const { unit } = await okPipeUnit(page, app.server);
    await page.goto(`${app.url}/devicemanagement?unit=${unit.id}&tab=schedule`);
    await page.route(/\/operation\?operation=send_settings$/, (route) =>
      route.fulfill({ status: 503, json: { success: false, error: 'Gateway unavailable' } }),
    );
    await page.getByLabel('Report every', { exact: true }).fill('45');
    await page.getByRole('button', { name: 'Save and send to unit' }).click();
    await toasts(page).filter({ hasText: 'Configuration failed: Gateway unavailable' }).waitFor();
    const settings = await v2<{ Schedule: number | null }>(page, `/api/v2/device/legacy/devices/${unit.id}/settings`);
    expect(settings.Schedule).toBe(45);
    await expect(toasts(page).filter({ hasText: 'Could not save' }).count()).resolves.toBe(0);
  });

  it('lets an operator run operations but not change settings', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator');
    const { unit } = await okPipeUnit(page, app.server);
    await page.goto(`${app.url}/devicemanagement?unit=${unit.id}&tab=schedule`);
    // Settings are read only for this role: a quiet tag on the tab, none on the operations.
    await page.locator('.device-tabs .tabs__panel .tag', { hasText: 'Read only' }).waitFor();
    await expect(page.locator('.ops .tag').count()).resolves.toBe(0);
    await expect(page.getByLabel('Report every', { exact: true }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Save and send to unit' }).count()).resolves.toBe(0);
    await page.locator('.ops__op', { hasText: 'Get data' }).click();
    await page.locator('.ops__op', { hasText: 'Get data' }).locator('.ops__state--succeeded').waitFor();
  });

  it('shows a Reader everything and lets them change nothing', async () => {
    // The demo Reader works in Swedish: the texts below are looked up in that locale.
    const { page } = await app.open();
    await signIn(page, app.url, 'viewer');
    const { unit } = await okPipeUnit(page, app.server);
    await page.goto(`${app.url}/devicemanagement?unit=${unit.id}&tab=deviceAlarm`);
    await page.getByRole('heading', { name: unit.name, level: 2 }).waitFor();
    const limitInputs = page.locator('.limits__input');
    await limitInputs.first().waitFor();
    const disabled = await limitInputs.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).disabled));
    expect(disabled.length).toBeGreaterThan(0);
    expect(disabled.every(Boolean)).toBe(true);
    await expect(page.getByRole('button', { name: sv('devices.limits.save') }).count()).resolves.toBe(0);
    for (const op of ['get_data', 'restart', 'purge_data'])
      await expect(page.locator('.ops__op', { hasText: sv(`devices.operations.${op}`) }).isDisabled()).resolves.toBe(
        true,
      );
    // Read only is said calmly, once on the operations and once on each tab: no missing-authority alarm.
    const readOnly = page.locator('.tag', { hasText: sv('devices.readOnly') });
    await expect(readOnly.count()).resolves.toBe(2);
    await page.getByText(sv('devices.readOnlyHint')).waitFor();
    await expect(page.getByText(sv('devices.noAuthority')).count()).resolves.toBe(0);
    await page.getByRole('tab', { name: sv('devices.tabs.schedule') }).click();
    await expect(page.getByLabel(sv('devices.fields.Schedule'), { exact: true }).isDisabled()).resolves.toBe(true);
    await expect(readOnly.count()).resolves.toBe(2);
    await expect(page.getByText(sv('devices.noAuthority')).count()).resolves.toBe(0);
    await page.goto(`${app.url}/groupmanagement`);
    await page.locator('.container-item').first().waitFor();
    await page.getByText(sv('containers.readOnly')).waitFor();
    // The same calm tag as the device tabs, not a red note.
    const groupNote = page.locator('.read-only-note', { hasText: sv('containers.readOnly') });
    await expect(groupNote.locator('.tag').count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: sv('containers.groups.new') }).count()).resolves.toBe(0);
    await expect(page.locator('.containers input[type=checkbox]').count()).resolves.toBe(0);
  });
});

describe('device settings a person can read', () => {
  const SHOTS = process.env.SHOTS_DIR;
  const shoot = async (page: Page, name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };
  const allTabsShown = async (page: Page) => {
    const boxes = await page
      .getByRole('tab')
      .evaluateAll((els) => els.map((e) => ({ ...e.getBoundingClientRect().toJSON(), w: innerWidth })));
    expect(boxes).toHaveLength(DEVICE_TABS.length);
    for (const b of boxes) expect(b.left >= 0 && b.right <= b.w && b.width > 0, JSON.stringify(b)).toBe(true);
  };

  it('labels fields with units and ranges, says what the unit has not reported, and fits its 14 tabs', async () => {
    const { page } = await app.open({ width: 1440, height: 900 });
    await signIn(page, app.url, 'manager');
    const { unit } = await okPipeUnit(page, app.server);
    const settings = await v2<Record<string, unknown>>(page, `/api/v2/device/legacy/devices/${unit.id}/settings`);
    const unreported = DEVICE_TABS.find(
      (k) => fieldsOfTab(k).length > 0 && fieldsOfTab(k).every((f) => settings[f.name] === null),
    );
    if (!unreported) throw new Error('the demo unit has reported every tab');

    for (const theme of ['Dark', 'Bright'] as const) {
      await setLook(page, { theme });
      await page.goto(`${app.url}/devicemanagement?unit=${unit.id}&tab=schedule`);
      // A field reads as a person names it: label, unit and a range that says what 0 means.
      const every = page.getByLabel('Report every', { exact: true });
      await every.waitFor();
      const field = page.locator('.field', { has: every });
      await expect(field.locator('.field__adornment').textContent()).resolves.toBe('min');
      await expect(field.locator('.field__help').textContent()).resolves.toBe(
        'From 0 to 1440 min · 0 = measure continually',
      );
      // Every tab is in view at 1440 px: the list wraps instead of scrolling off both ends.
      await allTabsShown(page);
      await shoot(page, `device-schedule-1440-${theme}`);
      await page.getByRole('tab', { name: 'Device info' }).click();
      const type = page.getByRole('group', { name: 'Unit type' });
      await type.waitFor();
      await expect(type.locator('input').count()).resolves.toBe(0);
      await page.getByRole('tab', { name: 'Device alarm' }).click();
      await page.getByRole('group', { name: 'Alarm action 1' }).waitFor();
      await expect(page.getByText('2147483647').count()).resolves.toBe(0);
    }

    // A tab the unit never reported says so, with Get settings beside it.
    await page.goto(`${app.url}/devicemanagement?unit=${unit.id}&tab=${unreported}`);
    const unknown = page.locator('.settings-unknown');
    await unknown.getByText('Unknown until the unit reports its settings.').waitFor();
    await shoot(page, 'device-unreported-1440-Bright');
    await unknown.getByRole('button', { name: 'Get settings' }).click();
    await toasts(page).filter({ hasText: 'Get settings requested' }).waitFor();
    // The unit answers with what it has; fields it left out are said to be left out, and what it
    // sent (its type, its channels) is shown.
    await unknown.getByText('The unit left these out of the settings it last reported.').waitFor();
    await page.getByRole('tab', { name: 'Device info' }).click();
    await expect(page.getByRole('group', { name: 'Channels' }).textContent()).resolves.not.toContain('Unknown');
    await shoot(page, 'device-info-1440-Bright');
    // Right to left, the wrapped tabs still all show.
    await setLook(page, { lang: 'ar' });
    await page.reload();
    await page.locator('.settings-form').waitFor();
    await allTabsShown(page);
    await shoot(page, 'device-info-1440-Bright-ar');
    await setLook(page, { lang: 'en' });
    await page.reload();

    // Arrow keys move between the tabs.
    await page.getByRole('tab', { name: 'Schedule' }).click();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'GPRS' }).getAttribute('aria-selected')).resolves.toBe('true');

    // At 375 px a select of the tabs stands in for the list, every tab one of its choices.
    await page.setViewportSize({ width: 375, height: 800 });
    for (const theme of ['Dark', 'Bright'] as const) {
      await setLook(page, { theme });
      await page.goto(`${app.url}/devicemanagement?unit=${unit.id}&tab=${unreported}`);
      const picker = page.getByRole('combobox', { name: 'Unit settings' });
      await picker.waitFor();
      await expect(picker.locator('option').count()).resolves.toBe(DEVICE_TABS.length);
      const box = await picker.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
      await shoot(page, `device-unreported-375-${theme}`);
      await picker.selectOption({ label: 'Schedule' });
      await page.getByLabel('Report every', { exact: true }).waitFor();
      await shoot(page, `device-schedule-375-${theme}`);
    }
  });
});

describe('group and location management', () => {
  it('adds a unit to a group and moves it to another group', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator', { to: '/groupmanagement' });
    const items = page.locator('.container-item');
    await items.nth(1).waitFor();
    const [first, second] = [
      (await items.nth(0).locator('.container-item__name').textContent()) ?? '',
      (await items.nth(1).locator('.container-item__name').textContent()) ?? '',
    ];
    await items.nth(0).click();
    const poolRow = page.locator('.containers__pool .unit-row').first();
    const name = (await poolRow.locator('.unit-row__name').textContent()) ?? '';
    await poolRow.getByRole('checkbox').check();
    await page.getByRole('button', { name: `Add 1 unit to ${first}` }).click();
    await toasts(page)
      .filter({ hasText: `1 unit moved to ${first}` })
      .waitFor();
    const unitId = (await api<{ id: number; name: string }[]>(page, '/api/v1/device')).find((d) => d.name === name)?.id;
    const groups = () => v2<Group[]>(page, '/api/v2/device/groups');
    expect((await groups()).find((g) => g.name === first)?.devices).toContain(unitId);

    // Move it on with the check box and "Move to…".
    await page.locator('.containers__current .unit-row', { hasText: name }).getByRole('checkbox').check();
    await page.getByRole('combobox', { name: 'Move to…' }).selectOption({ label: second });
    await toasts(page)
      .filter({ hasText: `1 unit moved to ${second}` })
      .waitFor();
    await expect
      .poll(async () => (await groups()).find((g) => g.name === first)?.devices.includes(unitId as number))
      .toBe(false);
    expect((await groups()).find((g) => g.name === second)?.devices).toContain(unitId);

    // And back by drag and drop: the unit's row onto the first group in the list.
    await items.nth(1).click();
    const row = page.locator('.containers__current .unit-row', { hasText: name });
    await row.dragTo(items.nth(0));
    await expect
      .poll(async () => (await groups()).find((g) => g.name === second)?.devices.includes(unitId as number))
      .toBe(false);
    expect((await groups()).find((g) => g.name === first)?.devices).toContain(unitId);
  });

  it('creates a location and moves a unit into it from another location', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator', { to: '/locationmanagement' });
    await page.locator('.container-item').first().waitFor();
    await page.getByRole('button', { name: 'New location' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Location name should not be blank').waitFor();
    await dialog.getByLabel('Location name').fill('Pump house 7');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Pump house 7', level: 2 }).waitFor();

    const poolRow = page.locator('.containers__pool .unit-row').first();
    const name = (await poolRow.locator('.unit-row__name').textContent()) ?? '';
    await poolRow.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Add 1 unit to Pump house 7' }).click();
    await toasts(page).filter({ hasText: '1 unit moved to Pump house 7' }).waitFor();
    await page.locator('.containers__current .unit-row', { hasText: name }).waitFor();
    const unitId = (await api<{ id: number; name: string }[]>(page, '/api/v1/device')).find((d) => d.name === name)?.id;
    const locations = await api<Container[]>(page, '/api/v3/containers?type=locations');
    const holding = locations.filter((l) => l.content.some((r) => r.target === String(unitId)));
    // A unit is in one place: it left the location it was in.
    expect(holding.map((l) => l.name)).toEqual(['Pump house 7']);
  });
});
