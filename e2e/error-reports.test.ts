import { describe, expect, it } from 'vitest';
import { signIn, toasts, useApp } from './support/app.ts';
import { ADMIN_PASSWORD } from './support/server.ts';

// Issue 10 in the browser: an error in the page is reported (once configuration says reporting is
// on), the platform administrator finds it under Administration → Errors with its route, and
// resolves it. A screen that cannot load offers the new version and is reported, signed out too.
// A SuperUser lower in the tree has no Errors tab and the server refuses them.
const app = useApp(() => ({ ERROR_REPORTING: '1' }));

describe('error reporting', () => {
  it('reports a browser error that the platform administrator sees with its route and resolves', async () => {
    const opened = await app.open();
    const { page } = opened;
    await signIn(page, app.url, 'admin', { to: '/notifications?token=not-for-reports', password: ADMIN_PASSWORD });
    await page.getByRole('heading', { name: 'Notifications' }).first().waitFor();

    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/errors') && r.method() === 'POST');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('probe: the e2e failure');
      });
    });
    const request = await sent;
    expect(request.postDataJSON()).toMatchObject({
      message: 'probe: the e2e failure',
      context: { route: '/notifications', kind: 'error', language: 'en', theme: 'dark' },
    });
    expect((await request.response())?.status()).toBe(204);
    // The probe was thrown on purpose: it is not one of the page errors that fail a test.
    await expect.poll(() => opened.pageErrors.length).toBeGreaterThan(0);
    opened.pageErrors.splice(0);

    await page.goto(`${app.url}/admin?tab=errors`);
    // The report's own row (the one with its button), not the details row it opens below it.
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: 'probe: the e2e failure', exact: true }) });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('/notifications');
    expect(await row.textContent()).not.toContain('not-for-reports');
    expect(await row.textContent()).toContain('admin');

    // A row opens to its stack and context, shown as text.
    await row.getByRole('button', { name: 'probe: the e2e failure', exact: true }).click();
    const details = page.locator('.errors-details');
    await details.getByText('Context of the latest occurrence').waitFor();
    expect(await details.locator('pre').first().textContent()).toContain('probe: the e2e failure');
    expect(await details.locator('pre').nth(1).textContent()).toContain('"route": "/notifications"');

    await row.getByRole('button', { name: /Resolve/ }).click();
    await toasts(page).filter({ hasText: 'Report resolved' }).waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it('offers the new version when a screen cannot load, and reports it without a session', async () => {
    const { page } = await app.open();
    // As after a deployment: the sign-in screen's code is gone.
    await page.route('**/assets/LoginPage-*.js', (r) => r.abort());
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/errors') && r.method() === 'POST');
    await page.goto(`${app.url}/login`);
    const offer = page.locator('main[data-testid=new-version]');
    await offer.getByRole('heading', { name: 'A new version of Fieldwatch is available' }).waitFor();
    await offer.getByRole('button', { name: 'Reload' }).waitFor();
    const report = (await sent).postDataJSON();
    expect(report.message).toContain('dynamically imported module');
    expect(report.context).toMatchObject({ route: '/login', kind: 'route' });
  });

  it('shows a SuperUser below the root no Errors tab, and the server refuses them', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'manager', { to: '/admin?tab=errors' });
    await page.getByRole('tab', { name: 'General' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Errors' }).count()).toBe(0);
    expect(await page.evaluate(async () => (await fetch('/api/v1/admin/errors')).status)).toBe(403);
  });
});
