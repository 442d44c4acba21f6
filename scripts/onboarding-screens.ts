/**
 * Screenshots of the NFC onboarding flow at 375 px on a demo stock unit's tag:
 * `node --import tsx scripts/onboarding-screens.ts [outDir]`. The first steps in Dark and Bright,
 * English and Arabic; then a registration through place and activate in Dark English.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signInThroughForm } from '../e2e/support/browser.ts';
import { ADMIN_PASSWORD, startServer } from '../e2e/support/server.ts';

const out = process.argv[2] ?? '.screens';
fs.mkdirSync(out, { recursive: true });
const server = await startServer({ SIM_UNITS: '60', SIM_INTERVAL_S: '5' });
const browser = await launchBrowser();
const PHONE = { width: 375, height: 780 };

async function phone(b: Browser, theme: 'Dark' | 'Bright', lang: string): Promise<Page> {
  const context = await b.newContext({ viewport: PHONE });
  // The look is a device preference kept in the browser (signed out too).
  await context.addInitScript(
    ({ theme, lang }) =>
      localStorage.setItem(
        'fieldwatch.user',
        JSON.stringify({ state: { themeMode: theme, activeLanguage: lang }, version: 0 }),
      ),
    { theme, lang },
  );
  return context.newPage();
}

try {
  const admin = await (await browser.newContext()).newPage();
  await signInThroughForm(admin, server.url, 'admin', ADMIN_PASSWORD);
  await admin.waitForURL(/dashboard/);
  const uuid = await admin.evaluate(async () => {
    for (const u of (await (await fetch('/api/v1/device')).json()) as { id: number }[]) {
      const tag = (await (await fetch(`/api/v1/taghost/tag?unit=${u.id}`)).json()) as string;
      if (tag && (await (await fetch(`/api/v1/nfc/tag/${tag}`, { credentials: 'omit' })).json()).state === 'available')
        return tag;
    }
    return '';
  });
  for (const [theme, lang] of [
    ['Dark', 'en'],
    ['Bright', 'en'],
    ['Dark', 'ar'],
  ] as const) {
    const page = await phone(browser, theme, lang);
    const shot = (step: string) => page.screenshot({ path: `${out}/onb-${step}-${theme}-${lang}.png`, fullPage: true });
    await page.goto(`${server.url}/nfc/${uuid}`);
    await page.locator('.onb__choice, button').first().waitFor();
    await page.waitForTimeout(300);
    await shot('1-tag');
    await page.locator('button.btn--primary').first().click();
    await page.locator('.onb__choice').first().waitFor();
    await shot('2-choose');
    await page.locator('.onb__choice').first().click();
    await page.locator('input').first().waitFor();
    await shot('3-account');
    await page.context().close();
  }
  // A registration through to the end, in Dark English.
  const page = await phone(browser, 'Dark', 'en');
  const shot = (step: string) => page.screenshot({ path: `${out}/onb-${step}-Dark-en.png`, fullPage: true });
  await page.goto(`${server.url}/nfc/${uuid}`);
  await page.getByRole('button', { name: 'Get started' }).click();
  await page.getByRole('button', { name: /Create an account/ }).click();
  const field = (name: string) => page.getByLabel(name, { exact: true });
  await field('Username').fill('screens');
  await field('Full name').fill('Sara Screen');
  await field('E-mail').fill('sara@example.test');
  await field('Password').fill('sara-secret-1');
  await field('Repeat password').fill('sara-secret-1');
  await field('Company name').fill('Screen Heat AB');
  await page.getByRole('button', { name: 'Continue to the terms' }).click();
  await page.getByRole('checkbox').waitFor();
  await shot('4-terms');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText(/Your 4-week trial runs until/).waitFor();
  await shot('5-trial');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Place device' }).waitFor();
  await page.getByRole('button', { name: "Place at the map's centre" }).click();
  await page.getByLabel('Location', { exact: true }).fill('Pump house 7');
  await shot('6-place');
  await page.getByRole('button', { name: 'Place and activate' }).click();
  await page.getByText('Sending its settings').waitFor();
  await shot('7-activating');
  await page.getByText('The unit is active').waitFor({ timeout: 60_000 });
  await shot('8-active');
  await page.getByRole('button', { name: 'Open my dashboard' }).click();
  await page.waitForURL(/dashboard/);
  await page.waitForTimeout(1500);
  await shot('9-dashboard');
} finally {
  await browser.close();
  await server.stop();
}
