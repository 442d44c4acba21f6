import fs from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (`apt-get install -y chromium`): the browser the benches measure and Lighthouse drives. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/**
 * The browser tests' Chromium: Debian's headless shell where installed (`apt-get install -y
 * chromium-headless-shell`: the same engine without the desktop browser around it, about a tenth
 * less CPU for the same tests), else the full one. CHROMIUM_PATH chooses another for both.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);
/** The flags this closed network needs (no downloads, no sign-in, no GPU). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium (the tests' by default), launched with the flags this closed network needs. */
export function launchBrowser(executablePath = TEST_CHROMIUM_PATH): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
}

/**
 * Signs in through the real login form, in whatever language it shows. With `to`, the form is the one
 * a signed-out visit to that address leads to (`/login?redirect=…`): the sign-in goes there.
 */
export async function signInThroughForm(page: Page, baseUrl: string, username: string, password: string, to?: string) {
  await page.goto(`${baseUrl}/login${to ? `?redirect=${encodeURIComponent(to)}` : ''}`);
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.locator('form button[type=submit]').click();
}

/** Sets theme and/or language in the signed-in page's persisted user state (takes effect on the next load). */
export async function setLook(page: Page, look: { theme?: 'Dark' | 'Bright'; lang?: string }) {
  await page.evaluate(({ theme, lang }) => {
    const stored = JSON.parse(localStorage.getItem('fieldwatch.user') ?? '{}');
    if (theme) stored.state.themeMode = theme;
    if (lang) stored.state.activeLanguage = lang;
    localStorage.setItem('fieldwatch.user', JSON.stringify(stored));
  }, look);
}
