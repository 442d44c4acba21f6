import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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

/** Debian's Chromium, launched with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/** Signs in through the real login form, in whatever language it shows. */
export async function signInThroughForm(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/login`);
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
