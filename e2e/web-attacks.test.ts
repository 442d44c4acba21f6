import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenMeteo } from '../server/test/fixtures/fakeOpenMeteo.ts';
import { signIn, useApp, waitForOverview } from './support/app.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import {
  breaches,
  EVERY_TEXT,
  missing,
  pageText,
  REFLECTED,
  SCREENS,
  type Screen,
  SIGNED_IN_AGAIN,
  SIGNED_OUT,
  watch,
} from './support/xssScreens.ts';
import { KINDS, type Seeded, seed, store, stored } from './support/xssSeed.ts';

// Stored XSS: script-bearing texts stored through the real API in every text a user can
// edit, then every screen that shows them visited in Chromium. Each text must show literally, and
// nothing may run: no element the payload would make, no inline-script violation of the page's
// policy (which would mean markup got in and only the policy stopped it), no dialog, no window.__xss.
const weather = new FakeOpenMeteo();
beforeAll(() => weather.listen());
afterAll(() => weather.stop());
const app = useApp(() => ({ WEATHER_URL: weather.url }));

/** Opens a screen, waits until it shows every text it should, and finds nothing that ran or got in. */
async function check(page: Page, screen: Screen, seeded: Seeded) {
  await page.goto(`${app.url}${screen.path(seeded)}`);
  await page.locator('#page-title, h1').first().waitFor();
  await screen.open?.(page);
  if (process.env.XSS_SURVEY === '1') {
    await page.waitForLoadState('networkidle');
    const shown = await pageText(page);
    console.log(`${screen.name}: ${JSON.stringify(EVERY_TEXT.filter((t) => shown.includes(t)))}`);
  } else {
    await expect.poll(() => missing(page, screen.shows)).toEqual([]);
  }
  expect(await breaches(page), screen.name).toEqual([]);
  return screen.shows.length;
}

describe('stored XSS', () => {
  let seeded: Seeded | undefined;
  /** The texts some screen was required to show. */
  const required = new Set<string>();

  // 34 screens, each waited on until it shows its texts: more than a minute on a busy machine.
  it('renders every stored payload as text on every screen that shows it, and runs none', {
    timeout: 240_000,
  }, async () => {
    const { page, context } = await app.open();
    const dialogs = await watch(context, page);
    await signIn(page, app.url, 'manager');
    await waitForOverview(page);
    seeded = await seed(page, app.server);
    // A sign-in whose browser names itself with a payload: the session lists show the user agent.
    const other = await app.browser.newContext({ userAgent: store('agent', 'svg') });
    const login = await other.request.post(`${app.url}/api/v2/auth/login`, {
      data: { username: 'manager', password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    await other.close();

    let checks = 0;
    for (const screen of SCREENS) {
      checks += await check(page, screen, seeded);
      for (const t of screen.shows) required.add(t);
    }
    // A payload in the address: the not-found page names the path it did not find.
    await page.goto(`${app.url}${REFLECTED}`);
    await page.locator('#page-title, h1').first().waitFor();
    expect(await breaches(page), 'not-found page').toEqual([]);
    expect(dialogs).toEqual([]);
    console.info(
      `stored XSS: ${KINDS.length} payloads, ${stored.size} stored texts, ${SCREENS.length} signed-in screens, ${checks} text checks`,
    );
  });

  it('renders them as text signed out (an account URL’s sign-in page) and in a fresh session’s shell', async () => {
    if (!seeded) throw new Error('the payloads were not stored (first test)');
    const { page, context } = await app.open();
    const dialogs = await watch(context, page);
    for (const screen of SIGNED_OUT) {
      await check(page, screen, seeded);
      for (const t of screen.shows) required.add(t);
    }
    await signIn(page, app.url, 'manager');
    for (const screen of SIGNED_IN_AGAIN) {
      await check(page, screen, seeded);
      for (const t of screen.shows) required.add(t);
    }
    expect(dialogs).toEqual([]);
  });

  it('showed every stored text on some screen, literally', () => {
    expect(stored.size).toBeGreaterThanOrEqual(60);
    expect([...stored].filter((t) => !required.has(t))).toEqual([]);
    console.info(`stored XSS: ${stored.size} stored texts, each shown literally on at least one screen`);
  });
});
