import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, signInThroughForm } from './browser.ts';
import { DEMO_PASSWORD, type RunningServer, startServer } from './server.ts';
import { WAIT_MS } from './waits.ts';

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 375, height: 780 };

export type OpenPage = { context: BrowserContext; page: Page; pageErrors: Error[] };

export type E2EApp = {
  readonly url: string;
  readonly server: RunningServer;
  readonly browser: Browser;
  /**
   * A fresh browser context (own localStorage and cookies) with one page, closed after the test. Its
   * page prefers reduced motion, as some users' systems do: no entrance animation to wait for (the
   * click-through's pages keep the default motion, so both are tried on every screen).
   */
  open: (viewport?: { width: number; height: number }) => Promise<OpenPage>;
};

/**
 * One real server (demo data, own data directory, extra environment from `env`, read when the file's
 * tests start) and one Chromium per test file; a fresh context per `open()`. Uncaught errors in the page fail the test that opened it.
 */
export function useApp(env: () => Record<string, string> = () => ({})): E2EApp {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let opened: OpenPage[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(env()), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    const pages = opened;
    opened = [];
    await Promise.all(pages.map((p) => p.context.close()));
    const errors = pages.flatMap((p) => p.pageErrors.map((e) => e.message));
    expect(errors, 'uncaught errors in the page').toEqual([]);
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started (beforeAll)`);
    return value;
  };
  return {
    get url() {
      return need(server, 'server').url;
    },
    get server() {
      return need(server, 'server');
    },
    get browser() {
      return need(browser, 'browser');
    },
    open: async (viewport = DESKTOP) => {
      const context = await need(browser, 'browser').newContext({ viewport, reducedMotion: 'reduce' });
      context.setDefaultTimeout(WAIT_MS);
      const page = await context.newPage();
      const handle: OpenPage = { context, page, pageErrors: [] };
      page.on('pageerror', (e) => handle.pageErrors.push(e));
      opened.push(handle);
      return handle;
    },
  };
}

/** The path plus query string of the page's current URL. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Waits until the page's path plus query is exactly `path`. */
export async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname + url.search === path);
}

/**
 * Waits for the overview dashboard: `/dashboard/default` becomes the overview's id once dashboards
 * have loaded, so the page is recognised by its weather widget (only the overview has one).
 */
export async function waitForOverview(page: Page) {
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/'));
  await page.locator('.dashboard-grid [data-widget-type=weather]').waitFor();
}

/**
 * Signs in through the form and waits until the shell shows the user's current organization: on the
 * overview, or with `to` on that screen (where the form leads after a signed-out visit there), which
 * spares a test the overview's load when it is not what the test is about.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  username: string,
  { password = DEMO_PASSWORD, to }: { password?: string; to?: string } = {},
) {
  await signInThroughForm(page, baseUrl, username, password, to);
  // A dashboard's address by name becomes its id once dashboards have loaded: past the form is enough.
  await page.waitForURL((url) => (to ? !url.pathname.startsWith('/login') : url.pathname.startsWith('/dashboard/')));
  await waitForOrganization(page);
}

/** The organization switcher once it shows a loaded organization name (not the placeholder word). */
export async function waitForOrganization(page: Page): Promise<string> {
  const switcher = page.getByTestId('organization-switcher');
  await switcher.waitFor();
  await page.waitForFunction(() => {
    const text = document.querySelector('[data-testid="organization-switcher"]')?.textContent?.trim();
    return !!text && text !== 'Organisation';
  });
  return (await switcher.textContent())?.trim() ?? '';
}

export const toasts = (page: Page) => page.getByTestId('toast');

/** Counts requests whose path matches, from now on. */
export function countRequests(page: Page, pathPrefix: string, method?: string) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith(pathPrefix) && (!method || r.method() === method)) seen.push(r.url());
  });
  return {
    get count() {
      return seen.length;
    },
  };
}

/**
 * Tracks the page's /api requests so a test can wait until the network is quiet: no request in
 * flight for `quietMs`. (A condition, not a fixed sleep: it returns as soon as the page settles.)
 */
export function trackApi(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const responses: { method: string; path: string; status: number }[] = [];
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => {
    if (!isApi(r.url())) return;
    inFlight.add(r);
    lastChange = Date.now();
  });
  const done = (r: Request) => {
    // Requests already running when tracking began are not counted in either direction.
    if (inFlight.delete(r)) lastChange = Date.now();
  };
  page.on('requestfinished', async (r) => {
    if (!inFlight.has(r)) return;
    // The page may close before its last answer is read (the test has ended): no status then.
    const res = await r.response().catch(() => null);
    responses.push({ method: r.method(), path: new URL(r.url()).pathname, status: res?.status() ?? 0 });
    done(r);
  });
  page.on('requestfailed', done);
  return {
    responses,
    settled: (quietMs = 500) =>
      expect.poll(() => inFlight.size === 0 && Date.now() - lastChange >= quietMs, { interval: 50 }).toBe(true),
  };
}

/** The id of a demo unit, read through the API with the page's session. */
export async function unitIdOf(page: Page, serial: string): Promise<number> {
  const id = await page.evaluate(async (s) => {
    const res = await fetch('/api/v2/device/devices');
    const body = (await res.json()) as { result: { id: number; serial: string }[] };
    return body.result.find((d) => d.serial === s)?.id;
  }, serial);
  if (!id) throw new Error(`no unit ${serial}`);
  return id;
}

/** Marks every notification of the signed-in user seen: a test starts from a clean slate. */
export async function markAllSeen(page: Page) {
  await page.evaluate(() =>
    fetch('/api/v3/notifications/seen', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }),
  );
}

/** Edit mode of the dashboard in view: the edit bar shows once the interactive grid is in place. */
export async function startEditing(page: Page) {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('toolbar', { name: 'Editing the dashboard' }).waitFor();
}
