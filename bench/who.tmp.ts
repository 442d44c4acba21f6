import { launchBrowser, signInThroughForm } from '../e2e/support/browser.ts';
const base = 'http://127.0.0.1:18080';
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await signInThroughForm(page, base, 'operator', 'fieldwatch-demo');
await page.waitForURL((u) => !u.pathname.startsWith('/login'));
console.log(page.url());
const cdp = await page.context().newCDPSession(page);
await cdp.send('Network.enable');
cdp.on('Network.requestWillBeSent', (e: any) => {
  if (new URL(e.request.url).pathname === '/api/v1/device') {
    const frames = [];
    let st = e.initiator.stack;
    while (st) { for (const f of st.callFrames) frames.push(`${f.functionName}@${f.url.split('/').pop()}:${f.lineNumber}`); st = st.parent; }
    console.log(frames.slice(0, 25).join('\n'));
  }
});
await page.reload();
await page.locator('.unit-map__legend').waitFor();
await page.waitForTimeout(1000);
await browser.close();
