import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { signIn, useApp } from './support/app.ts';
import { clickThrough, DEMO_ACCOUNTS, type Problem } from './support/clickThrough.ts';

// An offline site (a closed network, as many utilities run): neither the weather provider nor the
// tile server answers. A closed port on loopback stands for both, the same in every environment
// (a free one: Chromium refuses well-known ports such as 9 before trying them).
const closed = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});
const TILES = `http://127.0.0.1:${closed}`;
const app = useApp(() => ({
  WEATHER_URL: TILES,
  TILE_URL: `${TILES}/{z}/{x}/{y}.png`,
  SIM_INTERVAL_S: '0',
}));

describe('an offline site', () => {
  it('says the weather service does not answer without asking for the weather', async () => {
    const { page } = await app.open();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/weather/')) asked.push(new URL(r.url()).pathname);
    });
    await signIn(page, app.url, 'manager');
    const widget = page.locator('[data-widget-type=weather]');
    await widget.getByText(/The weather service does not answer\. It is asked again at \d/).waitFor();
    await widget.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => asked.filter((p) => p.endsWith('/status')).length).toBe(2);
    expect(asked.filter((p) => !p.endsWith('/status'))).toEqual([]);
    await widget.getByText(/The weather service does not answer/).waitFor();
  });

  it('shows every screen without a console error or failed request but the one tile that finds the map server away', async () => {
    const manager = DEMO_ACCOUNTS.find((a) => a.username === 'manager');
    if (!manager) throw new Error('no demo manager');
    const problems = await clickThrough(app.browser, app.url, manager, { theme: 'Dark', lang: 'en', width: 1440 });
    const text = (p: Problem) => `${p.kind}: ${p.detail}`;
    // The browser reports the one failed tile twice: as the failed request and in its console.
    expect(problems.map(text).sort()).toEqual([
      'console error: Failed to load resource: net::ERR_CONNECTION_REFUSED',
      expect.stringMatching(new RegExp(`^request failed: GET ${TILES}/\\d+/\\d+/\\d+\\.png$`)),
    ]);
  });
});
