import { describe, expect, it } from 'vitest';
import { okPipeUnit } from './support/alarm.ts';
import { markAllSeen, signIn, toasts, useApp, waitForOverview } from './support/app.ts';

// One severity model (core/src/events/severity.ts) in the browser: a SuperUser sets an alarm type's
// severity in Administration, organizations below show it as inherited, and the next event of that
// type reaches an operator's notification centre with the new severity (word, colour, explanation).
const app = useApp();

describe('alarm severity', () => {
  it('a SuperUser sets a type’s severity; the next event of that type shows it in the notification centre', async () => {
    const admin = (await app.open()).page;
    await signIn(admin, app.url, 'manager', { to: '/admin' });
    await admin.getByRole('tab', { name: 'Alarm severity' }).click();
    const panel = admin.getByRole('tabpanel');
    await panel.getByText(/How severe each alarm type is in Nordic Heat Utilities/).waitFor();
    // The demo utility's own table: resistance level 1 is a warning, set here.
    const level1 = panel.locator('tr[data-alarm-type="0"]');
    await expect(level1.locator('.sev').textContent()).resolves.toBe('Warning');
    await expect(level1.getByText('Set here').count()).resolves.toBe(1);
    await expect(level1.locator('.sev').getAttribute('title')).resolves.toBe(
      'Worth a look: check it in the coming days.',
    );

    await panel.getByLabel('Severity of Resistance level 1').selectOption('critical');
    await toasts(admin).filter({ hasText: 'Resistance level 1 is now Critical for new events' }).waitFor();
    await expect.poll(() => level1.locator('.sev').textContent()).toBe('Critical');

    // Below the utility the setting is inherited, and says so.
    await admin
      .getByLabel('Organisation', { exact: true })
      .selectOption({ label: '\u00a0\u00a0\u00a0Nordic Heat North' });
    await panel.getByText(/How severe each alarm type is in Nordic Heat North/).waitFor();
    const inherited = panel.locator('tr[data-alarm-type="0"]');
    await inherited.getByText('Inherited from above').waitFor();
    await expect(inherited.locator('.sev').textContent()).resolves.toBe('Critical');
    const select = panel.getByLabel('Severity of Resistance level 1');
    await expect(select.inputValue()).resolves.toBe('');
    await expect(select.locator('option:checked').textContent()).resolves.toBe('Inherited (Critical)');

    // An operator of Nordic Heat North: the next resistance alarm arrives as critical.
    const { page } = await app.open();
    await signIn(page, app.url, 'operator');
    await waitForOverview(page);
    await markAllSeen(page);
    const { unit, reportWetInsulation } = await okPipeUnit(page, app.server);
    await reportWetInsulation();
    await expect.poll(() => page.getByTestId('unseen-count').textContent()).toBe('4');
    await page.goto(`${app.url}/notifications`);
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    const fresh = page.locator('.notif--unread').filter({ hasText: unit.name });
    const raised = fresh.filter({ hasText: 'Resistance level 1: ' });
    await raised.waitFor();
    await expect(raised.getAttribute('data-severity')).resolves.toBe('critical');
    await expect(raised.getAttribute('data-priority')).resolves.toBe('critical');
    await expect(raised.locator('.sev').getAttribute('title')).resolves.toMatch(/^Act at once: /);
    // The other levels keep the utility's table: level 2 a pre-alert, 3 an alert, 4 critical.
    await expect(fresh.filter({ hasText: 'Resistance level 2: ' }).getAttribute('data-severity')).resolves.toBe(
      'pre-alert',
    );
    await expect(fresh.filter({ hasText: 'Resistance level 3: ' }).getAttribute('data-severity')).resolves.toBe(
      'alert',
    );

    // The filter and the event's details speak the same vocabulary.
    await page.getByRole('group', { name: 'Filter notifications' }).getByRole('button', { name: 'Critical' }).click();
    await expect.poll(() => fresh.count()).toBe(2);
    await raised.getByRole('button', { expanded: false }).click();
    await expect(raised.locator('.notif__detail .sev').textContent()).resolves.toBe('Critical');
  });
});
