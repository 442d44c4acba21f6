import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startSmtpSink } from '../server/test/fixtures/smtpSink.ts';
import { signIn, toasts, useApp, waitForOrganization } from './support/app.ts';
import { setLook, signInThroughForm } from './support/browser.ts';

// Issue 8 in the browser: an administrator builds the organization tree and adds a user with a role;
// the invitation mailed to the sink sets the user's password; the user sees exactly what the role
// allows, and more once the administrator raises it.
const sink = await startSmtpSink();
const app = useApp(() => ({ SMTP_URL: sink.url }));

const status = (page: Page, path: string) => page.evaluate(async (p) => (await fetch(p)).status, path);
const json = <T>(page: Page, path: string) =>
  page.evaluate(async (p) => (await (await fetch(p)).json()) as unknown, path) as Promise<T>;

describe('administration', () => {
  it('builds the tree, invites a user with a role, and the user sees what the role allows', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'manager', { to: '/admin?tab=accounts' });
    await page.getByRole('button', { name: 'Add an organisation under Nordic Heat South' }).click();
    await page.getByRole('dialog').getByLabel('Organisation name').fill('Nordic Heat Depot');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await toasts(page).filter({ hasText: 'Nordic Heat Depot was added' }).waitFor();
    await page.getByRole('tabpanel').getByText('Nordic Heat Depot', { exact: true }).waitFor();

    // Each tab named for what it holds: the people, the tree, roles and passwords, whose dashboards.
    for (const name of ['Organisation tree', 'Roles and passwords', 'Personal dashboards', 'Workspace dashboards'])
      await page.getByRole('tab', { name, exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Users', exact: true }).click();
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog');
    // The spec's validation text before anything is sent.
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await dialog.getByText('Username should not be blank').waitFor();
    await dialog.getByLabel('Username').fill('dag');
    await dialog.getByLabel('Full name').fill('Dag Depå');
    await dialog.getByLabel('E-mail (optional)').fill('dag@example.test');
    await dialog.getByLabel('Role').selectOption({ label: 'Reader' });
    await dialog.getByLabel('Organisation').selectOption({ label: 'Nordic Heat Depot' });
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await toasts(page).filter({ hasText: 'dag was added and an invitation was sent to dag@example.test' }).waitFor();
    await page.getByRole('cell', { name: /Dag Depå/ }).waitFor();

    // The invitation: its link sets the first password.
    await expect.poll(() => sink.mails.filter((m) => m.to.includes('dag@example.test')).length).toBe(1);
    const raw = (sink.mails.at(-1)?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43}&invite=1/.exec(raw)?.[0] ?? '';
    const dag = (await app.open()).page;
    await dag.goto(link);
    await dag.getByText('Set your password').first().waitFor();
    await dag.getByLabel('New password', { exact: true }).fill('dag-first-password');
    await dag.getByLabel('Repeat the new password').fill('dag-first-password');
    await dag.getByRole('button', { name: 'Save password' }).click();
    await dag.getByText('Your password is saved').waitFor();

    // As a Reader of the new organization: only it, no administration.
    await signInThroughForm(dag, app.url, 'dag', 'dag-first-password');
    await dag.waitForURL((url) => url.pathname.startsWith('/dashboard/'));
    expect(await waitForOrganization(dag)).toBe('Nordic Heat Depot');
    const session = await json<{ organizations: { name: string; roleId: number }[] }>(dag, '/api/v3/user/session');
    expect(session.organizations).toEqual([expect.objectContaining({ name: 'Nordic Heat Depot', roleId: 2 })]);
    await dag.goto(`${app.url}/admin`);
    await dag.getByText('Administration needs the SuperUser role').waitFor();
    expect(await status(dag, '/api/v1/admin/getOrganizations')).toBe(403);

    // The administrator makes Dag a SuperUser there; Dag now administers exactly that organization.
    await page.getByRole('tab', { name: 'Roles and passwords' }).click();
    await page.getByLabel('Role of Dag Depå in Nordic Heat Depot').selectOption({ label: 'SuperUser' });
    await toasts(page).filter({ hasText: 'Dag Depå is now SuperUser in Nordic Heat Depot' }).waitFor();
    // The access of a session is read at sign-in, so the new role applies from the next one.
    const again = (await app.open()).page;
    await signInThroughForm(again, app.url, 'dag', 'dag-first-password');
    await again.waitForURL((url) => url.pathname.startsWith('/dashboard/'));
    await again.goto(`${app.url}/admin?tab=accounts`);
    await again.getByRole('tabpanel').getByText('Nordic Heat Depot', { exact: true }).waitFor();
    const orgs = await json<{ name: string }[]>(again, '/api/v1/admin/getOrganizations');
    expect(orgs.map((o) => o.name)).toEqual(['Nordic Heat Depot']);
  });

  it('shows the audit trail: a change made in the product, who made it, filtered by person, exported as CSV', async () => {
    const { page } = await app.open();
    // A change through the product: the forecast warning time of the organisation.
    await signIn(page, app.url, 'manager', { to: '/admin?tab=alarmSeverity' });
    await page.getByLabel('Warn of forecasts within (days)').fill('12');
    await page.getByLabel('Warn of forecasts within (days)').press('Enter');
    await toasts(page).filter({ hasText: 'Forecasts now warn 12 days ahead.' }).waitFor();

    await page.getByRole('tab', { name: 'Audit trail', exact: true }).click();
    const row = page.locator('tr', { hasText: '/forecastDays' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('manager');
    expect(await row.textContent()).toContain('days: 12');

    // Filtered to someone else, it is gone; the export carries the same filter.
    await page.getByLabel('Person').fill('operator');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect.poll(() => page.locator('tr', { hasText: '/forecastDays' }).count()).toBe(0);
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toMatch(/\/audit\.csv\?person=operator$/);
    await page.getByLabel('Person').fill('manager');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await row.waitFor();
    const csv = await page.evaluate(
      async (p) => (await fetch(p)).text(),
      (await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')) ?? '',
    );
    expect(csv.split('\r\n')[0]).toBe(
      'id,at,organization,user,username,apiKey,address,action,object,status,changes,before',
    );
    expect(csv).toContain('/forecastDays');
  });

  it('lets a SuperUser set the account URL, which signs in under the organisation’s name', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'manager', { to: '/admin?tab=general' });
    const field = page.getByLabel('Account URL', { exact: true });
    const save = page.locator('form', { has: field }).getByRole('button', { name: 'Save' });
    await field.fill('Nordic Heat');
    await save.click();
    await page.getByText('Use lowercase letters, digits and hyphens').waitFor();
    await field.fill('nordic-heat');
    await save.click();
    await toasts(page).filter({ hasText: 'Account URL saved' }).waitFor();
    await page.getByText(`${app.url}/a/nordic-heat`).waitFor();
    const visitor = (await app.open()).page;
    await visitor.goto(`${app.url}/a/nordic-heat`);
    await visitor.getByTestId('account-brand').getByText('Sign in to Nordic Heat Utilities').waitFor();
  });
});

describe('administration in Arabic', () => {
  it('names the roles in Arabic words, not the English SuperUser, User and Reader', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'manager');
    await setLook(page, { lang: 'ar' });
    await page.goto(`${app.url}/admin?tab=users`);
    const roles = page.locator('.admin-role');
    await roles.first().waitFor();
    const names = new Set((await roles.allTextContents()).map((name) => name.trim()));
    expect(names.has('مشرف')).toBe(true);
    expect([...names].filter((name) => !['مشرف', 'مستخدم', 'قارئ'].includes(name))).toEqual([]);
  });
});

describe('administration without a mail server', () => {
  const bare = useApp();

  it('says the invitation link went to the server log, not that a mail was sent', async () => {
    const { page } = await bare.open();
    await signIn(page, bare.url, 'manager', { to: '/admin?tab=users' });
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Username').fill('liv');
    await dialog.getByLabel('Full name').fill('Liv Berg');
    await dialog.getByLabel('E-mail (optional)').fill('liv@example.test');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    const toast = toasts(page).filter({ hasText: 'liv was added.' });
    await toast.filter({ hasText: 'the invitation link for liv@example.test was written to the server log' }).waitFor();
    expect(await toast.textContent()).not.toContain('was sent');
  });
});
