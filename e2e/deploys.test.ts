import fs from 'node:fs';
import type { Page, WebSocketRoute } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { okPipeUnit } from './support/alarm.ts';
import { pathOf, signIn, toasts, trackApi, useApp, waitForOverview, waitForPath } from './support/app.ts';
import { copyBuild, redeploy } from './support/deploy.ts';
import { DEMO_PASSWORD } from './support/server.ts';

// Issue 11, item 7: a tab left open across a deploy, a server restart, a network drop and the end
// of its session. The server serves a copy of the built app, which the tests deploy over. The
// unit simulator is off: a simulated unit's next report would clear the alarm the test raises.
let dist = '';
const app = useApp(() => {
  dist = copyBuild();
  return { WEB_DIST: dist, SIM_INTERVAL_S: '0' };
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const MAIN_NAV = 'Main navigation';

/** The page's entry script: which build the tab runs. */
const entryScript = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type=module][src]')?.src ?? '').catch(() => '');

/** The paths of the page's requests for the app's files that the server answered 404. */
function missingAssets(page: Page) {
  const paths: string[] = [];
  page.on('response', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith('/assets/') && r.status() === 404) paths.push(p);
  });
  return paths;
}

const connection = (page: Page, status: 'live' | 'offline') =>
  page.locator(`[data-testid=connection][data-status=${status}]`).waitFor();

describe('a tab open across a deploy (chunk load failures are handled)', () => {
  it("offers a reload when a screen's code is gone, and the reload brings the new version", async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator');
    await waitForOverview(page);
    const oldBuild = await entryScript(page);
    const missing = missingAssets(page);

    // A deploy: the server restarts with the new build; the previous build's files are gone.
    await app.server.restart(async () => {
      redeploy(dist);
    });
    // The notifications screen's code was never loaded by this tab; its old file is gone.
    await page.getByRole('navigation', { name: MAIN_NAV }).getByRole('link', { name: 'Notifications' }).click();
    // The screen's own offer (on a busy machine the prompt over the page may show first, for the
    // moment until the route's error screen replaces it).
    const offer = page.locator('main[data-testid=new-version]');
    await offer.waitFor();
    expect(await offer.getAttribute('data-kind')).toBe('newVersion');
    await offer.getByRole('heading', { name: 'A new version of Fieldwatch is available' }).waitFor();
    expect(await offer.getByRole('alert').count()).toBe(1);
    expect(
      missing.some((p) => /\/NotificationsPage-[\w-]+\.js$/.test(p)),
      missing.join(', '),
    ).toBe(true);
    expect(pathOf(page)).toBe('/notifications');
    // One offer: the prompt over the page stays away while the screen offers it.
    await expect.poll(() => page.getByTestId('new-version').count()).toBe(1);

    await offer.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    const newBuild = await entryScript(page);
    expect(newBuild).not.toBe(oldBuild);
    expect(fs.existsSync(`${dist}/assets/${new URL(newBuild).pathname.split('/').pop()}`)).toBe(true);
    expect(pathOf(page)).toBe('/notifications');
    await expect(page.getByTestId('new-version').count()).resolves.toBe(0);
  });

  it("offers a reload over a working page when a widget's code is gone, and the widget works after it", async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator');
    await waitForOverview(page);
    // The overview's map has loaded its code (the alarm list dashboard's map is the same widget).
    await page.locator('[data-widget-type=deviceMap] .leaflet-container').waitFor();
    const oldBuild = await entryScript(page);

    // A deploy: the server restarts with the new build; the previous build's files are gone.
    await app.server.restart(async () => {
      redeploy(dist);
    });
    // The alarm list dashboard: its map's code is loaded (the overview has one), its list's is not.
    await page.getByRole('navigation', { name: MAIN_NAV }).getByRole('link', { name: 'Alarm list' }).click();
    await page.getByRole('heading', { name: 'Alarm list', level: 1 }).waitFor();
    const prompt = page.getByTestId('new-version');
    await prompt.waitFor();
    expect(await prompt.getAttribute('role')).toBe('alert');
    await prompt.getByRole('heading', { name: 'A new version of Fieldwatch is available' }).waitFor();
    const list = page.locator('[data-widget-type=alarmList]');
    await list.getByText('This widget could not load').waitFor();
    // The rest of the page still works: the map shows and the navigation answers.
    await page.locator('[data-widget-type=alarmMap] .leaflet-container').waitFor();
    await page.getByRole('navigation', { name: MAIN_NAV }).getByRole('link', { name: 'Alarm list' }).isEnabled();

    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => entryScript(page)).not.toBe(oldBuild);
    await page.locator('[data-widget-type=alarmList] thead').waitFor();
    await expect(page.getByText('This widget could not load').count()).resolves.toBe(0);
    await expect(page.getByTestId('new-version').count()).resolves.toBe(0);
  });
});

describe('a tab open across a server restart, a network drop and the end of its session', () => {
  it('goes offline, comes back live by itself, and shows an alarm raised while it was away', async () => {
    const { page, context } = await app.open();
    await signIn(page, app.url, 'operator', { to: '/dashboard/units' });
    const list = page.locator('[data-widget-type=deviceList]');
    await list.locator('tbody tr[aria-selected]').first().waitFor();
    await connection(page, 'live');
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const { unit, reportWetInsulation } = await okPipeUnit(page, app.server);
    const row = list.locator('tbody tr[aria-selected]').filter({ hasText: unit.name });
    await expect(row.locator('.status-label').textContent()).resolves.toContain('OK');
    const alarmChip = page.locator('.filter-bar__statuses button').filter({ hasText: 'Alarm' });
    const chipCount = async () => Number(await alarmChip.locator('.chip__count').textContent());
    const before = await chipCount();

    await app.server.restart(async () => {
      await connection(page, 'offline');
      // The tab's network drops too, so it cannot reconnect before the unit reports.
      await context.setOffline(true);
    });
    await reportWetInsulation({ waitForLive: false });
    // Acknowledged by the restarted server while the tab was away: it could not hear it live.
    expect(await page.getByTestId('connection').getAttribute('data-status')).not.toBe('live');
    await expect(row.locator('.status-label').textContent()).resolves.toContain('OK');

    await context.setOffline(false);
    await connection(page, 'live');
    await expect.poll(() => row.locator('.status-label').textContent()).toContain('Alarm');
    await expect.poll(chipCount).toBe(before + 1);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  it('goes to login with one toast when the session ended while the tab was away', async () => {
    const { page } = await app.open();
    // The tab's live socket goes through a route the test can cut, as a proxy or the network would.
    let cut = false;
    const sockets: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/api\/v3\/live$/, (ws) => {
      if (cut) return void ws.close({ code: 1001, reason: 'network down' });
      ws.connectToServer();
      sockets.push(ws);
    });
    await signIn(page, app.url, 'manager');
    await waitForOverview(page);
    await connection(page, 'live');
    await page.waitForLoadState('networkidle');
    const { id } = await page.evaluate(async () => (await (await fetch('/api/v2/auth')).json()) as { id: string });

    // The connection drops and stays down; meanwhile another browser of the same user ends this
    // session. The server never closes this socket for it: the tab has to find out by itself.
    cut = true;
    const api = trackApi(page);
    await Promise.all(sockets.map((ws) => ws.close({ code: 1001, reason: 'network down' })));
    await connection(page, 'offline');
    const other = await app.open();
    const login = await other.context.request.post(`${app.url}/api/v2/auth/login`, {
      data: { username: 'manager', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    expect((await other.context.request.delete(`${app.url}/api/v2/auth/session/logout/${id}`)).status()).toBe(200);
    cut = false;

    // Its next reconnection is refused (401); it asks why, and goes to login.
    await waitForPath(page, '/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await toasts(page).filter({ hasText: 'You have been logged out' }).first().waitFor();
    await api.settled();
    expect(api.responses).toContainEqual({ method: 'GET', path: '/api/v2/auth', status: 401 });
    expect(await toasts(page).allTextContents()).toEqual(['You have been logged out']);
  });
});
