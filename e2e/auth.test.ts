import { describe, expect, it } from 'vitest';
import {
  countRequests,
  pathOf,
  signIn,
  toasts,
  trackApi,
  useApp,
  waitForOrganization,
  waitForOverview,
  waitForPath,
} from './support/app.ts';
import { signInThroughForm } from './support/browser.ts';
import { DEMO_PASSWORD } from './support/server.ts';

const app = useApp();

describe('sign-in', () => {
  it('lands on the overview dashboard with the shell, the current organisation, and survives a reload', async () => {
    const { page } = await app.open();
    await signInThroughForm(page, app.url, 'operator', DEMO_PASSWORD);
    await waitForOverview(page);

    const rail = page.getByRole('navigation', { name: 'Main navigation' });
    for (const entry of ['Overview', 'Units', 'Alarm list', 'Map', 'Data', 'Devices', 'Notifications']) {
      await rail.getByRole('link', { name: entry, exact: true }).waitFor({ state: 'visible' });
    }
    expect(await waitForOrganization(page)).toBe('Nordic Heat North');
    await expect(page.title()).resolves.toContain('Overview');

    await page.reload();
    expect(await waitForOrganization(page)).toBe('Nordic Heat North');
    await waitForOverview(page);
    await expect(page.getByRole('button', { name: 'Sign in' }).count()).resolves.toBe(0);
  });

  it('validates blank fields on the client and sends no login request', async () => {
    const { page } = await app.open();
    const logins = countRequests(page, '/api/v2/auth/login');
    await page.goto(`${app.url}/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByText('Username should not be blank').waitFor();
    await page.getByText('Password should not be blank').waitFor();
    await expect(page.getByLabel('Username').getAttribute('aria-invalid')).resolves.toBe('true');

    // Whitespace is blank too; a filled username clears only its own message.
    await page.getByLabel('Username').fill('operator');
    await page.getByLabel('Password', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Username should not be blank').waitFor({ state: 'detached' });
    await page.getByText('Password should not be blank').waitFor();
    expect(logins.count).toBe(0);
    expect(pathOf(page)).toBe('/login');

    // The counter does see a real submission: the same form with both fields sends exactly one.
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForOverview(page);
    expect(logins.count).toBe(1);
  });

  it('shows the invalid-credentials toast for a wrong password and stays on /login', async () => {
    const { page } = await app.open();
    const api = trackApi(page);
    await signInThroughForm(page, app.url, 'operator', 'not-the-password');

    const toast = toasts(page).filter({ hasText: 'Username or password is incorrect' });
    await toast.waitFor();
    await api.settled();
    expect(api.responses).toContainEqual({ method: 'POST', path: '/api/v2/auth/login', status: 417 });
    expect(pathOf(page)).toBe('/login');
    await expect(toast.count()).resolves.toBe(1);
    // The form is usable again (not stuck in its busy state) and nothing was stored as signed in.
    await expect(page.getByRole('button', { name: 'Sign in' }).isEnabled()).resolves.toBe(true);
    const stored = await page.evaluate(() => localStorage.getItem('fieldwatch.user'));
    expect(stored === null || JSON.parse(stored).state.accessResponse === null).toBe(true);
  });
});

describe('navigation guard', () => {
  it('sends an anonymous dashboard visit to login with the full path, and back after signing in', async () => {
    const { page } = await app.open();
    const target = '/dashboard/xyz?a=1';
    await page.goto(`${app.url}${target}`);
    await waitForPath(page, `/login?redirect=${encodeURIComponent(target)}`);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(target);

    await page.getByLabel('Username').fill('operator');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, target);
    await waitForOrganization(page);
    expect(pathOf(page)).toBe(target);
  });

  it('sends an anonymous visit to any other route to login without a redirect', async () => {
    const { page } = await app.open();
    for (const route of ['/admin', '/profile', '/devicemanagement']) {
      await page.goto(`${app.url}${route}`);
      await waitForPath(page, '/login');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(new URL(page.url()).search, route).toBe('');
    }
    // The root is no way around the guard either.
    await page.goto(`${app.url}/`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });

  it('sends a signed-in user from /login and from / to the overview dashboard', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator');
    await page.locator('nav.rail').getByRole('link', { name: 'Devices' }).click();
    await waitForPath(page, '/devicemanagement');

    await page.goto(`${app.url}/login`);
    await waitForOverview(page);
    await waitForOrganization(page);

    await page.goto(`${app.url}/profile`);
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    await page.goto(`${app.url}/`);
    await waitForOverview(page);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  });
});

describe('logout', () => {
  it('logs out from the account menu and the old session cookie no longer works', async () => {
    const { page, context } = await app.open();
    await signIn(page, app.url, 'operator');
    const before = await page.evaluate(async () => (await fetch('/api/v2/auth')).status);
    expect(before).toBe(200);
    const cookies = await context.cookies();
    expect(cookies.map((c) => c.name)).toContain('fw_session');

    const api = trackApi(page);
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, '/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await api.settled();
    expect(api.responses).toContainEqual({ method: 'GET', path: '/api/v2/auth/logout', status: 200 });
    // A chosen logout is not a session expiry: no 'You have been logged out' warning, nor any other.
    await expect(toasts(page).allTextContents()).resolves.toEqual([]);

    await page.goto(`${app.url}/dashboard/default`);
    await waitForPath(page, `/login?redirect=${encodeURIComponent('/dashboard/default')}`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();

    expect(await page.evaluate(async () => (await fetch('/api/v2/auth')).status)).toBe(401);
    // Not merely a dropped cookie: the server ended the session, so replaying the old cookie fails too.
    await context.addCookies(cookies);
    expect(await page.evaluate(async () => (await fetch('/api/v2/auth')).status)).toBe(401);
  });
});

describe('session expiry', () => {
  it('goes to login at once with one session-expired toast when the session is ended elsewhere', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'manager');
    await page.waitForLoadState('networkidle');
    const { id } = await page.evaluate(async () => (await (await fetch('/api/v2/auth')).json()) as { id: string });

    // A second browser of the same user ends this session from its session list.
    const other = await app.open();
    const login = await other.context.request.post(`${app.url}/api/v2/auth/login`, {
      data: { username: 'manager', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const ended = await other.context.request.delete(`${app.url}/api/v2/auth/session/logout/${id}`);
    expect(ended.status()).toBe(200);

    // Nobody touches the page: the server closes its live socket for the ended session.
    await waitForPath(page, '/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await toasts(page).filter({ hasText: 'You have been logged out' }).first().waitFor();
    expect(await toasts(page).allTextContents()).toEqual(['You have been logged out']);
    expect(pathOf(page)).toBe('/login');
    // State is cleared: a dashboard visit is now anonymous.
    await page.goto(`${app.url}/dashboard/default`);
    await waitForPath(page, `/login?redirect=${encodeURIComponent('/dashboard/default')}`);
  });

  it('shows one toast when the cookie is gone at start-up, and again at a later expiry in the same page', async () => {
    const { page, context } = await app.open();
    await signIn(page, app.url, 'operator');
    await waitForOverview(page);

    await context.clearCookies();
    let api = trackApi(page);
    await page.reload();
    await waitForPath(page, '/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await toasts(page).filter({ hasText: 'You have been logged out' }).first().waitFor();
    await api.settled();
    // The start-up's first reads (dashboards, the fleet) meet the missing cookie: one toast for all.
    expect(api.responses.filter((r) => r.status === 401).length).toBeGreaterThan(0);
    expect(await toasts(page).allTextContents()).toEqual(['You have been logged out']);
    await toasts(page).getByRole('button', { name: 'Close' }).click();
    await expect(toasts(page).count()).resolves.toBe(0);

    // Signing in again succeeds, which re-arms the once-only toast for the next expiry in this page.
    await page.getByLabel('Username').fill('operator');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForOverview(page);
    await waitForOrganization(page);

    // The dashboard's widgets finish loading first, so the refresh's calls are the ones that meet
    // the missing cookie.
    await page.waitForLoadState('networkidle');
    api = trackApi(page);
    await context.clearCookies();
    // Dispatched rather than clicked: the 401 sends the page to /login while the pointer action is
    // still finishing, which Playwright's click would retry on a button that is gone. A live update's
    // refetch (the fleet alarms meanwhile) may meet the missing cookie first and take the button
    // away: either way the page goes to /login with one toast (so a button gone is not waited for).
    await page
      .getByRole('button', { name: 'Refresh now', exact: true })
      .dispatchEvent('click', undefined, { timeout: 5_000 })
      .catch(() => {});
    await waitForPath(page, '/login');
    await toasts(page).filter({ hasText: 'You have been logged out' }).first().waitFor();
    await api.settled();
    expect(api.responses.some((r) => r.status === 401)).toBe(true);
    expect(await toasts(page).allTextContents()).toEqual(['You have been logged out']);
  });
});
