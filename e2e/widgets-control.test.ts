import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { okPipeUnit } from './support/alarm.ts';
import { signIn, startEditing, useApp } from './support/app.ts';
import { ADMIN_PASSWORD } from './support/server.ts';

// Simulated units answer relay commands at once but report only hourly: a unit's next report
// would clear the alarm the alarm-monitor test raises, at times before the monitor showed it.
const app = useApp(() => ({ SIM_INTERVAL_S: '3600' }));
// The demo's relay unit belongs to Aarhus Municipality, outside the demo manager's organizations:
// the administrator (root organization, English) sees every unit.

const DASHBOARD = '/api/v3/user/dashboard/';
const idInUrl = (page: Page) => new URL(page.url()).pathname.split('/').pop() ?? '';

/** Resolves when the debounced save of the dashboard in view has reached the server. */
function nextSave(page: Page) {
  const id = idInUrl(page);
  return page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`${DASHBOARD}${id}`) && r.ok());
}

type DemoDevice = {
  id: number;
  name: string;
  serial: string;
  status: string;
  organization: number;
  type: { code: number };
};
const devicesOf = (page: Page): Promise<DemoDevice[]> =>
  page.evaluate(async () => (await fetch('/api/v1/device')).json());

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

/** The dashboard the first test builds; the later tests use it. */
let dashboardUrl = '';
let relayUnit: DemoDevice | undefined;

describe('control widgets', () => {
  it('adds the relay, group alarm and alarm monitor from the picker; their settings survive a reload', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'admin', { password: ADMIN_PASSWORD });
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();

    // Two more unit groups of the relay unit's organization, beside the demo's (one per town and kind).
    const devices = await devicesOf(page);
    relayUnit = devices.find((d) => d.type.code === 243);
    if (!relayUnit) throw new Error('the demo fleet has no relay unit');
    const org = relayUnit.organization;
    const plant = devices.filter((d) => d.organization === org).map((d) => d.id);
    for (const [name, members] of [
      ['Aarhus plant', plant],
      ['Aarhus relays', [relayUnit.id]],
    ] as const) {
      const status = await page.evaluate(
        async ({ name, members, org }) =>
          (
            await fetch('/api/v2/device/groups', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ organization: org, name, devices: members }),
            })
          ).status,
        { name, members: [...members], org },
      );
      expect(status).toBe(200);
    }

    // A new empty dashboard with the three widgets.
    await page.getByRole('button', { name: 'Switch dashboard' }).click();
    await page.getByRole('menuitem', { name: 'New dashboard' }).click();
    const create = page.getByRole('dialog', { name: 'New dashboard' });
    await create.getByLabel('Dashboard name').fill('Control room');
    await create.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Control room', level: 1 }).waitFor();
    dashboardUrl = page.url();
    await startEditing(page);
    for (const type of ['relay', 'groupAlarm', 'alarmMonitor']) await addWidget(page, type);

    // Relay: the unit, a label for output 1, confirmation before switching.
    const relay = page.locator('[data-widget-type=relay]');
    await relay.getByText('Choose a relay unit').waitFor();
    let dialog = await openSettings(page, 'relay');
    await dialog.getByLabel('Relay unit').selectOption(String(relayUnit.id));
    await dialog.getByLabel('Output 1', { exact: true }).fill('Pump');
    await dialog.getByLabel('Output 2', { exact: true }).waitFor();
    await dialog.getByLabel('Ask for confirmation before switching').check();
    await saveSettings(page);
    await relay.getByRole('switch', { name: 'Pump' }).waitFor();

    // Group alarm: every group (the demo's relay units of Aarhus are "Aarhus switchgear"); then by
    // name, only one group.
    const groups = page.locator('[data-widget-type=groupAlarm]');
    await expect
      .poll(async () => {
        const names = await groups.locator('.galarm__name').allTextContents();
        return ['Aarhus plant', 'Aarhus relays', 'Aarhus switchgear'].filter((n) => names.includes(n));
      })
      .toEqual(['Aarhus plant', 'Aarhus relays', 'Aarhus switchgear']);
    dialog = await openSettings(page, 'groupAlarm');
    await dialog.getByLabel('Order').selectOption('name');
    await dialog.getByLabel('Aarhus relays').check();
    await saveSettings(page);
    await expect.poll(() => groups.locator('.galarm__name').allTextContents()).toEqual(['Aarhus relays']);

    // Alarm monitor: five alarms at most, resistance level 1 and communication errors, sound on.
    dialog = await openSettings(page, 'alarmMonitor');
    await dialog.getByLabel('Alarms shown').selectOption('5');
    await dialog.getByLabel('Resistance level 1').check();
    await dialog.getByLabel('Communication error').check();
    await dialog.getByLabel('Beep when a new alarm arrives').check();
    await saveSettings(page);

    await page.reload();
    await page.getByRole('heading', { name: 'Control room', level: 1 }).waitFor();
    await relay.getByRole('switch', { name: 'Pump' }).waitFor();
    await expect(relay.getByRole('switch').count()).resolves.toBe(4);
    await expect.poll(() => groups.locator('.galarm__name').allTextContents()).toEqual(['Aarhus relays']);
    // The group's worst status is its unit's status; a click selects its unit for the link group.
    const row = groups.locator('.galarm__row');
    await expect(row.textContent()).resolves.toContain('1 unit');
    await row.click();
    await expect.poll(() => row.getAttribute('aria-pressed')).toBe('true');

    await startEditing(page);
    dialog = await openSettings(page, 'alarmMonitor');
    await expect(dialog.getByLabel('Alarms shown').inputValue()).resolves.toBe('5');
    await expect(dialog.getByLabel('Resistance level 1').isChecked()).resolves.toBe(true);
    await expect(dialog.getByLabel('Communication error').isChecked()).resolves.toBe(true);
    await expect(dialog.getByLabel('Loop alarm').isChecked()).resolves.toBe(false);
    await expect(dialog.getByLabel('Beep when a new alarm arrives').isChecked()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    dialog = await openSettings(page, 'relay');
    await expect(dialog.getByLabel('Relay unit').inputValue()).resolves.toBe(String(relayUnit.id));
    await expect(dialog.getByLabel('Ask for confirmation before switching').isChecked()).resolves.toBe(true);
  });

  it('switches a demo relay output: pending, then the state the simulated unit reports', async () => {
    if (!dashboardUrl || !relayUnit) throw new Error('the first test builds the dashboard');
    const unitId = relayUnit.id;
    const { page } = await app.open();
    await signIn(page, app.url, 'admin', { to: new URL(dashboardUrl).pathname, password: ADMIN_PASSWORD });
    const relay = page.locator('[data-widget-type=relay]');
    const pump = relay.getByRole('switch', { name: 'Pump' });
    await expect.poll(() => relay.locator('.relay').getAttribute('data-phase')).toBe('ready');
    const before = (await pump.getAttribute('aria-checked')) === 'true';

    // Every phase the widget passes through, however briefly.
    await relay.locator('.relay').evaluate((el) => {
      const seen: string[] = [];
      (window as unknown as { relayPhases: string[] }).relayPhases = seen;
      new MutationObserver(() => seen.push(el.getAttribute('data-phase') ?? '')).observe(el, {
        attributes: true,
        attributeFilter: ['data-phase'],
      });
    });
    await pump.click();
    const confirm = page.getByRole('dialog', { name: 'Switch the relay?' });
    await confirm.getByText(`${before ? 'off' : 'on'}?`).waitFor();
    await confirm.getByRole('button', { name: before ? 'Switch off' : 'Switch on' }).click();

    await expect.poll(() => pump.getAttribute('aria-checked')).toBe(String(!before));
    await expect.poll(() => relay.locator('.relay').getAttribute('data-phase')).toBe('ready');
    const phases = await page.evaluate(() => (window as unknown as { relayPhases: string[] }).relayPhases);
    expect(phases[0]).toBe('pending');
    expect(phases.at(-1)).toBe('ready');
    expect(phases).not.toContain('error');
    await expect(relay.getByTestId('relay-phase').textContent()).resolves.toBe('Confirmed');
    await expect(pump.getAttribute('aria-checked')).resolves.toBe(String(!before));

    // The unit itself reported it: the server's stored state has output 1 switched.
    const view: { result: { state: string } } = await page.evaluate(
      async (id) => (await fetch(`/api/v2/device/devices/${id}/relay`)).json(),
      unitId,
    );
    expect(view.result.state[0]).toBe(before ? '0' : '1');
  });

  it("shows a unit's new alarm in the alarm monitor the moment it arrives over MQTT", async () => {
    if (!dashboardUrl) throw new Error('the first test builds the dashboard');
    const { page } = await app.open();
    await signIn(page, app.url, 'admin', { to: new URL(dashboardUrl).pathname, password: ADMIN_PASSWORD });
    const monitor = page.locator('[data-widget-type=alarmMonitor]');
    await monitor.locator('.amon, .wstate').first().waitFor();

    const { unit, reportWetInsulation } = await okPipeUnit(page, app.server);
    await expect(monitor.locator('.amon__item').filter({ hasText: unit.name }).count()).resolves.toBe(0);
    await reportWetInsulation();
    // Large and highlighted as new, translated; only the chosen types (level 1, not levels 2–4).
    const item = monitor.locator('.amon__large .amon__item[data-new]').filter({ hasText: unit.name });
    await item.waitFor();
    await expect(item.locator('.amon__type-name').textContent()).resolves.toBe('Resistance level 1');
    await expect(monitor.getByText('Resistance level 2').count()).resolves.toBe(0);
    await expect(monitor.locator('.amon__item').count()).resolves.toBeLessThanOrEqual(5);
  });
});
