import { launchBrowser, setLook, signInThroughForm } from '../e2e/support/browser.ts';

const base = 'http://127.0.0.1:18080';
const browser = await launchBrowser();
for (const [theme, lang, width] of [
  ['Dark', 'en', 1440],
  ['Bright', 'en', 1440],
  ['Dark', 'ar', 375],
  ['Bright', 'en', 375],
] as const) {
  const page = await browser.newPage({ viewport: { width, height: width > 500 ? 900 : 812 } });
  await signInThroughForm(page, base, 'operator', 'fieldwatch-demo');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.locator('[data-widget-type]').first().waitFor();
  await setLook(page, { theme, lang });
  const urls: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) urls.push(u.pathname);
  });
  await page.reload();
  await page.locator('[data-widget-type=deviceMap] [data-view]').waitFor();
  await page.locator('.unit-map__legend').waitFor();
  await page.locator('.chip__count').first().waitFor();
  await page.waitForTimeout(1500);
  console.log(theme, lang, width, [...new Set(urls)].sort().join(' '));
  await page.screenshot({ path: `/tmp/shot-${theme}-${lang}-${width}.png`, fullPage: width < 500 });
  if (width === 1440 && theme === 'Dark') {
    const map = page.locator('[data-widget-type=deviceMap] [data-view]');
    const box = await map.boundingBox();
    // zoom in a lot near a unit cluster: click a cluster twice
    const cluster = page.locator('.unit-map__cluster').first();
    await cluster.click();
    await page.waitForTimeout(1500);
    await page.locator('.unit-map__cluster').first().click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shot-zoom.png` });
    void box;
  }
  await page.close();
}
await browser.close();
