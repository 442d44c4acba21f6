/**
 * Screenshots for looking at the product: `node --import tsx scripts/screens.ts [outDir]`.
 * Signs in as the demo operator and captures the shell in Dark and Bright, English and Arabic,
 * at 375 px and 1440 px, plus the login screen.
 */
import fs from 'node:fs';
import { launchBrowser, setLook, signInThroughForm } from '../e2e/support/browser.ts';
import { DEMO_PASSWORD, startServer } from '../e2e/support/server.ts';

const out = process.argv[2] ?? '.screens';
fs.mkdirSync(out, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const width of [1440, 375]) {
    for (const theme of ['Dark', 'Bright'] as const) {
      for (const lang of ['en', 'ar'] as const) {
        const context = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 780 } });
        await context.addInitScript(
          ([t, l]) => {
            if (!sessionStorage.getItem('seeded')) {
              sessionStorage.setItem('seeded', '1');
              localStorage.setItem(
                'fieldwatch.user',
                JSON.stringify({ state: { themeMode: t, activeLanguage: l }, version: 0 }),
              );
            }
          },
          [theme, lang],
        );
        const page = await context.newPage();
        await page.goto(`${server.url}/login`);
        await page.waitForSelector('form');
        await page.screenshot({ path: `${out}/login-${theme}-${lang}-${width}.png` });
        await signInThroughForm(page, server.url, 'operator', DEMO_PASSWORD);
        await page.waitForURL(/dashboard/);
        // The profile language applies at sign-in; choose the wanted one afterwards, as a user would.
        await setLook(page, { lang });
        await page.reload();
        await page.waitForSelector('.page__title');
        await page.waitForFunction(() =>
          document.querySelector('[data-testid=organization-switcher]')?.textContent?.includes('Nordic'),
        );
        await page.screenshot({ path: `${out}/shell-${theme}-${lang}-${width}.png` });
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
