import { describe, expect, it } from 'vitest';
import { okPipeUnit } from './support/alarm.ts';
import { markAllSeen, signIn, useApp, waitForOverview } from './support/app.ts';

// Issue 6 end to end: a fault in a simulated unit becomes an event, a notification (the shell's
// bell, the notification centre) and a task that an operator works to done.
const app = useApp();

describe('alarms become events, notifications and tasks', () => {
  it('notifies an operator of a new fault without a reload; the task is worked to done', async () => {
    const { page, context } = await app.open();
    // The desktop's notification centre is outside the headless browser: a recorder stands in for
    // the Notification API, with the permission granted.
    await context.addInitScript(() => {
      const shown: { title: string; body?: string }[] = [];
      Object.assign(window, { shownNotifications: shown });
      class RecordedNotification {
        static permission = 'granted';
        static requestPermission = async () => 'granted';
        constructor(title: string, options?: { body?: string }) {
          shown.push({ title, body: options?.body });
        }
      }
      Object.assign(window, { Notification: RecordedNotification });
    });
    await signIn(page, app.url, 'operator');
    await waitForOverview(page);
    // Start from a clean slate: everything the demo history raised is marked seen.
    await markAllSeen(page);
    await page.reload();
    await waitForOverview(page);
    const badge = page.getByTestId('unseen-count');
    await expect(badge.count()).resolves.toBe(0);

    const { unit, reportWetInsulation } = await okPipeUnit(page, app.server);
    await reportWetInsulation();
    // 0.4 MΩ breaks all four resistance levels: four alarms, four notifications, one task.
    await expect.poll(() => badge.textContent()).toBe('4');
    // The demo operator's desktop preference is on: each notification shows on the desktop too.
    const shown = () =>
      page.evaluate(
        () => (window as unknown as { shownNotifications: { title: string; body: string }[] }).shownNotifications,
      );
    await expect.poll(async () => (await shown()).length).toBe(4);
    expect((await shown()).map((n) => n.title)).toEqual(Array(4).fill('Fieldwatch alarm'));
    expect((await shown()).some((n) => n.body.startsWith('Resistance level 1: '))).toBe(true);

    await page.getByRole('link', { name: /Notifications: 4 unread/ }).click();
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await page.getByText('4 unread').waitFor();
    // The demo utility's severities (server/src/demo/severities.ts): level 4 is the one critical alarm.
    const critical = page.locator('.notif[data-severity=critical]').filter({ hasText: unit.name });
    // The list arrives after the unread count: read until it shows.
    await expect.poll(() => critical.count()).toBe(1);
    await expect(critical.getAttribute('class')).resolves.toContain('notif--unread');
    await expect(critical.locator('.notif__message').textContent()).resolves.toMatch(/^Resistance level 4: /);
    await expect(critical.locator('.sev').getAttribute('title')).resolves.toMatch(/^Act at once: /);

    // The event: acknowledged with a comment, which shows at once. Acknowledged means handled: its
    // notification is read and the bell drops.
    await critical.getByRole('button', { expanded: false }).click();
    await critical.getByLabel('Comment (optional)').fill('Crew on the way');
    await critical.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await critical.locator('.notif__ack').getByText('Acknowledged by operator').waitFor();
    await critical.locator('.notif__ack').getByText('Crew on the way').waitFor();
    await critical.locator('.notif__acked').getByText('Acknowledged by operator').waitFor();
    await expect.poll(() => badge.textContent()).toBe('3');
    await expect.poll(() => critical.getAttribute('class')).not.toContain('notif--unread');

    // Marking one seen, then all: the bell empties.
    await page.locator('.notif--unread').first().getByRole('button', { name: 'Mark as seen' }).click();
    await expect.poll(() => badge.textContent()).toBe('2');
    await page.getByRole('button', { name: 'Mark all as seen' }).click();
    await expect.poll(() => badge.count()).toBe(0);

    // Its task: one for the unit, holding the four events and the acknowledgement in its log.
    await critical
      .getByRole('link', { name: new RegExp(unit.name) })
      .last()
      .click();
    await page.getByRole('heading', { name: 'Task management', level: 1 }).waitFor();
    const view = page.locator('.task-view');
    await view.getByRole('heading', { name: 'Linked events (4)' }).waitFor();
    // The log words the acknowledgement's facts in the reader's language; the event shows who and when.
    await view.locator('.task-log').getByText('Acknowledged Resistance level 4: Crew on the way').waitFor();
    await view.locator('.task-events__ack').getByText('Acknowledged by operator').waitFor();

    await view.getByLabel('Status').selectOption('working');
    await view.getByLabel('Assign a person').selectOption('operator');
    await view.getByRole('button', { name: 'Withdraw operator' }).waitFor();
    await view.getByLabel('Note').fill('Valve closed, drying the insulation');
    await view.getByRole('button', { name: 'Add note' }).click();
    const log = view.locator('.task-log li');
    await expect.poll(() => log.first().textContent()).toContain('Valve closed, drying the insulation');
    await expect(log.allTextContents()).resolves.toEqual(
      expect.arrayContaining([
        expect.stringContaining('Assignees: operator'),
        expect.stringContaining('Status set to Working'),
      ]),
    );

    // A photo of the work, attached and downloadable.
    await view.getByText('No files attached.').waitFor();
    await view.locator('input[type=file]').setInputFiles({
      name: 'valve-k2.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Valve K2 closed'),
    });
    const link = view.getByRole('link', { name: 'valve-k2.txt' });
    await link.waitFor();
    const download = page.waitForEvent('download');
    await link.click();
    expect((await download).suggestedFilename()).toBe('valve-k2.txt');

    // Done: it leaves my tasks for the archive, and survives a reload there.
    await view.getByLabel('Status').selectOption('done');
    const row = page.locator('.task-row').filter({ hasText: unit.name });
    await expect.poll(() => row.count()).toBe(0);
    await page.getByRole('tab', { name: 'Archive' }).click();
    await row.waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Archive' }).click();
    await expect(row.locator('.task-status').textContent()).resolves.toBe('Done');
  });

  it("acknowledging in one tab reads the notification and drops the bell in the user's other tab, without a reload", async () => {
    const { page, context } = await app.open();
    await signIn(page, app.url, 'operator');
    await waitForOverview(page);
    await markAllSeen(page);
    // A second tab of the same browser (same session), on the notification centre.
    const other = await context.newPage();
    const otherErrors: Error[] = [];
    other.on('pageerror', (e) => otherErrors.push(e));
    await other.goto(`${app.url}/notifications`);
    await other.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await other.evaluate(() => Object.assign(window, { sameDocument: true }));
    await other.locator('[data-testid=connection][data-status=live]').waitFor();
    const otherBadge = other.getByTestId('unseen-count');
    await expect(otherBadge.count()).resolves.toBe(0);

    const { unit, reportWetInsulation } = await okPipeUnit(page, app.server);
    await reportWetInsulation();
    await expect.poll(() => otherBadge.textContent()).toBe('4');
    // Newest first: the unit's new critical notification (its demo history may have older ones).
    const otherRow = other.locator('.notif[data-severity=critical]').filter({ hasText: unit.name }).first();
    await expect.poll(() => otherRow.getAttribute('class')).toContain('notif--unread');

    // The first tab acknowledges the critical one.
    await page.getByRole('link', { name: /Notifications: 4 unread/ }).click();
    const critical = page.locator('.notif[data-severity=critical]').filter({ hasText: unit.name }).first();
    await expect.poll(() => critical.getAttribute('class')).toContain('notif--unread');
    await critical.getByRole('button', { expanded: false }).click();
    await critical.getByLabel('Comment (optional)').fill('Seen from the first tab');
    await critical.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await critical.locator('.notif__ack').getByText('Acknowledged by operator').waitFor();

    // The other tab follows live: its bell drops, the notification is read and shows who acknowledged it.
    await expect.poll(() => otherBadge.textContent()).toBe('3');
    await expect.poll(() => otherRow.getAttribute('class')).not.toContain('notif--unread');
    await otherRow.locator('.notif__acked').getByText('Acknowledged by operator').waitFor();
    await otherRow.getByRole('button', { expanded: false }).click();
    await otherRow.locator('.notif__ack').getByText('Seen from the first tab').waitFor();

    // Marking seen in the first tab (not acknowledging) updates the other tab's bell too.
    await page.locator('.notif--unread').first().getByRole('button', { name: 'Mark as seen' }).click();
    await expect.poll(() => otherBadge.textContent()).toBe('2');
    await expect(other.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).resolves.toBe(
      true,
    );
    expect(otherErrors.map((e) => e.message)).toEqual([]);
  });
});
