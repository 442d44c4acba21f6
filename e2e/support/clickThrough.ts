import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { axeViolations } from './axe.ts';
import { setLook, signInThroughForm } from './browser.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './server.ts';

/**
 * The click-through: every screen a demo user can reach, in a given look, watched for what a
 * customer would notice at once: a console error or warning, a request that failed, text spilling
 * out of its box or past the page's edge, a screen still loading after 15 s, and (with `axe`) a
 * serious or critical accessibility violation (axe-core, WCAG 2.2 AA). Used by
 * `scripts/click-through.ts` (every look, screenshots) and `e2e/click-through.test.ts` (CI).
 */

export type Look = { theme: 'Dark' | 'Bright'; lang: 'en' | 'ar'; width: 375 | 1440 };
export type Account = { username: string; password: string };
export type Problem = { who: string; look: string; screen: string; kind: string; detail: string };

/** The six demo sign-ins: the platform administrator and the seeded people of every role and kind of customer. */
export const DEMO_ACCOUNTS: Account[] = [
  { username: 'admin', password: ADMIN_PASSWORD },
  ...['manager', 'operator', 'viewer', 'parking', 'gis'].map((username) => ({ username, password: DEMO_PASSWORD })),
];

export const lookName = (l: Look) => `${l.theme}-${l.lang}-${l.width}`;

/** Every look: both themes, English and Arabic, phone and desktop. */
export const ALL_LOOKS: Look[] = (['Dark', 'Bright'] as const).flatMap((theme) =>
  (['en', 'ar'] as const).flatMap((lang) => ([1440, 375] as const).map((width) => ({ theme, lang, width }))),
);

/**
 * Two opposite looks for the n-th user (each differs from the other in theme, language and width),
 * rotating through all eight over four users: each user sees every screen in both themes, both
 * languages and both widths, and the users together see every combination.
 */
export function opposingLooks(n: number): [Look, Look] {
  const first = ALL_LOOKS[n % 4] as Look;
  const opposite: Look = {
    theme: first.theme === 'Dark' ? 'Bright' : 'Dark',
    lang: first.lang === 'en' ? 'ar' : 'en',
    width: first.width === 1440 ? 375 : 1440,
  };
  return [first, opposite];
}

/** Elements whose own text runs past their box (or the page past the window), as short descriptions. */
function overflowing(page: Page): Promise<string[]> {
  // No named functions inside: tsx (the script) would wrap them in a helper the page lacks.
  return page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 1)
      found.push(`the page is ${doc.scrollWidth} px wide in ${window.innerWidth}`);
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (el instanceof SVGElement || el.clientWidth === 0 || !el.checkVisibility()) continue;
      // Hidden or scrolled overflow is a choice (an ellipsis, a scrolling table); visible is a spill.
      if (getComputedStyle(el).overflowX !== 'visible' || el.scrollWidth <= el.clientWidth + 1) continue;
      if (Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()))
        found.push(
          `${el.tagName.toLowerCase()}.${String(el.className).trim().replace(/\s+/g, '.')} "${el.textContent?.trim().slice(0, 40)}"`,
        );
    }
    return found;
  });
}

/** Finite animations (a dialog fading in) have ended: axe reads colours as they are drawn. */
export async function stillAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
}

/** How long the page must have had no request in flight before its screen is looked at. */
const QUIET_MS = 200;

/**
 * The page's requests in flight. A screen's next request follows its answer (or the click) within a
 * render, so 200 ms without any is a settled screen; Playwright's `networkidle` waits 500 ms on each
 * of some 330 screens, and not at all after a tab's click (the page's load state is already reached).
 */
function requestsOf(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const done = (r: Request) => {
    if (inFlight.delete(r)) lastChange = Date.now();
  };
  page.on('request', (r) => {
    inFlight.add(r);
    lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  /** Quiet since `since` (the check's start) as well: a click's request may not have started yet. */
  return { quiet: (since: number) => inFlight.size === 0 && Date.now() - Math.max(lastChange, since) >= QUIET_MS };
}

/** Waits until the screen has its data: no request in flight and no skeleton or busy region left. */
async function settle(page: Page, requests: ReturnType<typeof requestsOf>) {
  const since = Date.now();
  const deadline = since + 15_000;
  while (!requests.quiet(since)) {
    if (Date.now() > deadline) throw new Error('requests still in flight after 15 s');
    await page.waitForTimeout(50);
  }
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .skeleton, .wskel, .boot'), undefined, {
    timeout: 15_000,
    polling: 100,
  });
}

/**
 * Every screen of the signed-in user: the navigation's entries, the profile, a unit's radar and its
 * device management, a missing page.
 */
async function screensOf(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: /./ }).first();
  await nav.waitFor();
  let hrefs = await page.$$eval('.rail a[href^="/"]', (as) => as.map((a) => a.getAttribute('href') ?? ''));
  if (hrefs.length === 0) {
    // The phone's bottom bar holds the main ones; its "More" drawer holds every entry.
    await page.locator('.bottombar button').last().click();
    await page.locator('.drawer a[href^="/"]').first().waitFor();
    hrefs = await page.$$eval('.drawer a[href^="/"]', (as) => as.map((a) => a.getAttribute('href') ?? ''));
    await page.keyboard.press('Escape');
  }
  // A pipe monitor (the X types carry TDR radar) of the customers in view, else any unit.
  const unit = await page.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem('fieldwatch.user') ?? '{}');
    const orgs = (stored.state?.selectedCustomers ?? []).map((c: { CustomerID: number }) => c.CustomerID).join(',');
    if (!orgs) return undefined;
    const units = (await (await fetch(`/api/v1/device?orgs=${orgs}`)).json()) as {
      id: number;
      type: { name: string };
    }[];
    return (units.find((u) => /^X\d/.test(u.type.name)) ?? units[0])?.id;
  });
  const ofUnit = unit
    ? [`/radar/${unit}`, ...(hrefs.includes('/devicemanagement') ? [`/devicemanagement?unit=${unit}`] : [])]
    : [];
  return [...new Set(hrefs), '/profile', ...ofUnit, '/no-such-screen'];
}

/**
 * Opens `target` as the app's own links do: the router's navigation, no reload. The app boots once
 * per tour, as it does for a user, and axe-core stays injected; the other browser tests open their
 * screens from the address bar.
 */
async function navigateInApp(page: Page, target: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, target);
}

/** A tag no unit carries: its page is the onboarding flow's first step. */
const UNKNOWN_TAG = '0b6f3c1e-8d4a-4f6b-9c2e-5a7d1e3f9b20';
/** The screens before sign-in: the sign-in form, a reset link without its token, a tag's page. */
const SIGNED_OUT = ['/login', '/reset-password', `/nfc/${UNKNOWN_TAG}`];
/** The one answer of 400 or more that a screen asks for by design: the lookup of a tag no unit carries. */
const EXPECTED_REFUSAL = `/api/v1/nfc/tag/${UNKNOWN_TAG}`;
/** The screens whose tabs are each visited (a unit's device management by its query). */
const TABBED = ['/admin', '/profile', '/taskmanagement', '/devicemanagement?'];

/** The tabs of an administration or unit screen after the first, each opened in turn (on phones from their select). */
async function eachTab(page: Page, screen: string, check: (screen: string) => Promise<void>) {
  const select = page.locator('.tabs__select select').first();
  if (await select.isVisible()) {
    const options = await select
      .locator('option')
      .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? ''] as const));
    for (const [value, label] of options.slice(1)) {
      await select.selectOption(value);
      await check(`${screen} › ${label}`);
    }
    return;
  }
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  const count = await tabs.count();
  for (let i = 1; i < count; i++) {
    const tab = tabs.nth(i);
    await tab.click();
    await check(`${screen} › ${(await tab.textContent())?.trim()}`);
  }
}

/**
 * Signs `account` in with `look`, visits every screen, and returns what it found. With `shots`, a
 * PNG of each screen is written there as `<user>-<look>-<n>.png`.
 */
export async function clickThrough(
  browser: Browser,
  url: string,
  account: Account,
  look: Look,
  options: { shots?: string; axe?: boolean } = {},
): Promise<Problem[]> {
  const { shots, axe } = options;
  const problems: Problem[] = [];
  const context = await browser.newContext({ viewport: { width: look.width, height: look.width > 800 ? 900 : 780 } });
  const page = await context.newPage();
  const requests = requestsOf(page);
  let screen = '/login';
  const report = (kind: string, detail: string) =>
    problems.push({ who: account.username, look: lookName(look), screen, kind, detail });
  const expected = (url: string) => new URL(url).pathname === EXPECTED_REFUSAL;
  page.on('console', (m) => {
    // Chromium logs every answer of 400 or more as an error, the expected one too.
    if (m.type() === 'error' && expected(m.location().url)) return;
    if (m.type() === 'error' || m.type() === 'warning') report(`console ${m.type()}`, m.text());
  });
  page.on('pageerror', (e) => report('uncaught error', e.message));
  page.on('requestfailed', (r) => {
    // A request the page itself dropped (it navigated on) is not a failure.
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') report('request failed', `${r.method()} ${r.url()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && !expected(r.url())) report(`HTTP ${r.status()}`, `${r.request().method()} ${r.url()}`);
  });
  let shot = 0;
  const check = async (name: string) => {
    screen = name;
    try {
      await settle(page, requests);
    } catch {
      report('still loading', 'a request in flight, a skeleton or a busy region after 15 s');
    }
    for (const spill of await overflowing(page)) report('overflow', spill);
    if (axe) {
      await stillAnimations(page);
      for (const v of await axeViolations(page))
        report(`axe ${v.impact} ${v.id}`, `${v.help}: ${v.nodes.map((n) => n.target).join(', ')}`);
    }
    if (shots) {
      const file = `${account.username}-${lookName(look)}-${String(++shot).padStart(2, '0')}.png`;
      await page.screenshot({ path: path.join(shots, file) });
    }
  };
  try {
    await context.addInitScript(
      ([theme, lang]) => {
        if (localStorage.getItem('fieldwatch.user')) return;
        localStorage.setItem(
          'fieldwatch.user',
          JSON.stringify({ state: { themeMode: theme, activeLanguage: lang }, version: 0 }),
        );
      },
      [look.theme, look.lang],
    );
    for (const target of SIGNED_OUT) {
      await page.goto(`${url}${target}`);
      await check(target);
    }
    await signInThroughForm(page, url, account.username, account.password);
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    // The profile's language applies at sign-in; the look is chosen afterwards, as a user would.
    await setLook(page, { theme: look.theme, lang: look.lang });
    await page.reload();
    for (const target of await screensOf(page)) {
      await navigateInApp(page, target);
      await check(target);
      if (TABBED.some((t) => target === t || (t.endsWith('?') && target.startsWith(t))))
        await eachTab(page, target, check);
    }
  } finally {
    await context.close();
  }
  return problems;
}
