/** Screenshots of /profile, the forgot form and /reset-password (Dark/Bright, 1440/375, Arabic): `node --import tsx scripts/profile-screens.ts [outDir]`. */
import fs from 'node:fs';
import { launchBrowser, setLook, signInThroughForm } from '../e2e/support/browser.ts';
import { DEMO_PASSWORD, startServer } from '../e2e/support/server.ts';

const out = process.argv[2] ?? '.screens';
fs.mkdirSync(out, { recursive: true });
const server = await startServer({ SIM_UNITS: '4' });
const browser = await launchBrowser();
try {
  // Two more sessions of the same user, so the sessions tab has something to list.
  for (const ua of [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
  ]) {
    const r = await fetch(`${server.url}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': ua },
      body: JSON.stringify({ username: 'manager', password: DEMO_PASSWORD }),
    });
    console.log('extra session', r.status);
  }
  const setup = await (await browser.newContext()).newPage();
  await signInThroughForm(setup, server.url, 'manager', DEMO_PASSWORD);
  await setup.waitForURL(/dashboard/);
  const state = await setup.context().storageState();
  const shots: ['Dark' | 'Bright', 'en' | 'ar', number, string[]][] = [
    ['Dark', 'en', 1440, ['personal', 'password', 'preferences', 'notifications', 'sessions']],
    ['Bright', 'en', 1440, ['personal', 'sessions']],
    ['Dark', 'en', 375, ['personal', 'preferences', 'sessions']],
    ['Bright', 'en', 375, ['notifications', 'sessions']],
    ['Dark', 'ar', 1440, ['personal', 'sessions']],
  ];
  for (const [theme, lang, width, tabs] of shots) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: state });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    const name = (what: string) => `${out}/${what}-${theme}-${lang}-${width}.png`;
    await page.goto(`${server.url}/profile`);
    await setLook(page, { theme, lang });
    for (const tab of tabs) {
      await page.goto(`${server.url}/profile?tab=${tab}`);
      await page.locator('.profile-panel').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: name(`profile-${tab}`), fullPage: true });
    }
    await context.close();
  }
  // Signed out: the forgot form, its confirmation and the reset page (a live link faked by route).
  for (const [theme, width] of [
    ['Dark', 1440],
    ['Bright', 375],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.evaluate((t) => {
      localStorage.setItem('fieldwatch.user', JSON.stringify({ state: { themeMode: t }, version: 0 }));
    }, theme);
    await page.goto(`${server.url}/login`);
    await page.screenshot({ path: `${out}/login-${theme}-${width}.png` });
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.screenshot({ path: `${out}/forgot-${theme}-${width}.png` });
    await page.locator('input[name=email]').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText('If an account has this address').waitFor();
    await page.screenshot({ path: `${out}/forgot-sent-${theme}-${width}.png` });
    await page.goto(`${server.url}/reset-password?token=${'x'.repeat(43)}`);
    await page.getByText('This link has expired').waitFor();
    await page.screenshot({ path: `${out}/reset-expired-${theme}-${width}.png` });
    await page.route('**/verifyChangePasswordToken/**', (r) =>
      r.fulfill({ json: { valid: true, username: 'new.user' } }),
    );
    await page.goto(`${server.url}/reset-password?token=${'x'.repeat(43)}&invite=1`);
    await page.getByRole('heading', { name: 'Set your password' }).waitFor();
    await page.locator('input[name=password]').fill('abc');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.screenshot({ path: `${out}/reset-invite-${theme}-${width}.png` });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
