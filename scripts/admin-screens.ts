/**
 * Screenshots of the administration screen on the demo data, as 'manager' (SuperUser of Nordic Heat
 * Utilities): `node --import tsx scripts/admin-screens.ts [outDir] [tab]`. Every tab in Dark at
 * 1440 px, a selection in Bright, at 375 px and in Arabic, and the main dialogs.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { launchBrowser, setLook, signInThroughForm } from '../e2e/support/browser.ts';
import { DEMO_PASSWORD, startServer } from '../e2e/support/server.ts';
import { ADMIN_TABS } from '../web/src/features/admin/tabs/adminTabs.ts';

const out = process.argv[2] ?? '.screens';
const only = process.argv[3];
fs.mkdirSync(out, { recursive: true });
const server = await startServer({ SIM_UNITS: '20', SIM_INTERVAL_S: '5' });
const browser = await launchBrowser();
try {
  const setup = await (await browser.newContext()).newPage();
  await signInThroughForm(setup, server.url, 'manager', DEMO_PASSWORD);
  await setup.waitForURL(/dashboard/);
  // Something to show: an account URL, an API key, a dashboard of another user.
  await setup.evaluate(async () => {
    // No named helpers in here: the page would not know tsx's __name.
    const orgs = await (await fetch('/api/v1/admin/getOrganizations')).json();
    const top = orgs.find((o: { parentOrganizationId: number | null }) => o.parentOrganizationId === null);
    const settings = await (await fetch(`/api/v1/admin/organization/${top.id}/settings`)).json();
    await fetch(`/api/v1/admin/organization/${top.id}/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...settings, accountUrl: 'nordic-heat', brandColor: '#e0582b' }),
    });
    await fetch('/api/v3/user/apiKeys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Reporting script', scopes: ['read'] }),
    });
  });
  const state = await setup.context().storageState();
  const shots: ['Dark' | 'Bright', 'en' | 'ar', number, string[]][] = [
    ['Dark', 'en', 1440, [...ADMIN_TABS]],
    ['Bright', 'en', 1440, ['general', 'customization', 'users', 'usage']],
    ['Dark', 'en', 375, ['general', 'users', 'accounts', 'userManagement', 'security', 'usage', 'permissions']],
    ['Dark', 'ar', 1440, ['accounts', 'users', 'usage']],
  ];
  for (const [theme, lang, width, tabs] of shots) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: state });
    const page = await context.newPage();
    const name = (what: string) => `${out}/${what}-${theme}-${lang}-${width}.png`;
    await page.goto(`${server.url}/admin`);
    await setLook(page, { theme, lang });
    for (const tab of tabs) {
      if (only && only !== tab) continue;
      await page.goto(`${server.url}/admin?tab=${tab}`);
      await page.locator('.admin-tabs .tabs__panel').waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      await page.screenshot({ path: name(tab), fullPage: true });
    }
    if (theme === 'Dark' && lang === 'en' && !only) await dialogs(page, name);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

async function dialogs(page: Page, name: (what: string) => string) {
  await page.goto(`${server.url}/admin?tab=users`);
  await page.getByRole('button', { name: 'Add user' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Add user' }).click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: name('dialog-add-user') });
  await page.keyboard.press('Escape');
  await page.goto(`${server.url}/admin?tab=api`);
  await page.getByRole('button', { name: 'Create key' }).first().click();
  await page.getByLabel('Key name').fill('Grafana');
  await page.getByRole('dialog').getByRole('button', { name: 'Create key' }).click();
  await page.getByText('cannot be shown again').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: name('dialog-api-key') });
  await page.keyboard.press('Escape');
  await page.goto(`${server.url}/admin?tab=accounts`);
  await page.getByRole('button', { name: /^Delete Luleå/ }).click();
  await page.getByRole('dialog').getByRole('textbox').fill('Luleå');
  await page.waitForTimeout(300);
  await page.screenshot({ path: name('dialog-delete-org') });
}
