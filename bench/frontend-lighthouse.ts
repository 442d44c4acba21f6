import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, signInThroughForm } from '../e2e/support/browser.ts';

/** The front-end bench's Lighthouse half (frontend-scale.ts): the sign-in page and the overview, desktop and mobile. */

type LhFigures = {
  perf: number;
  a11y: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  failing: string[];
  /** The LCP element and the longest main-thread tasks, for finding what to fix. */
  lcpElement: string;
  longTasks: string[];
};
type Details = { items?: { items?: { node?: { snippet?: string } }[]; url?: string; duration?: number }[] };

async function runLighthouse(url: string, port: number, preset: 'desktop' | 'mobile'): Promise<LhFigures> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  // What keeps a score down: accessibility audits that fail, performance opportunities that cost.
  const failing = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs)
    .map((r) => lhr.audits[r.id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a?.id}${a?.displayValue ? ` (${a.displayValue})` : ''}`);
  return {
    perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    failing: [...new Set(failing)],
    lcpElement:
      (lhr.audits['largest-contentful-paint-element']?.details as Details | undefined)?.items?.[0]?.items?.[0]?.node
        ?.snippet ?? '',
    longTasks: ((lhr.audits['long-tasks']?.details as Details | undefined)?.items ?? [])
      .slice(0, 4)
      .map((t) => `${Math.round(t.duration ?? 0)} ms ${String(t.url).split('/').pop()}`),
  };
}

/**
 * Login page signed out, then the overview signed in: the sign-in goes through the real form in the
 * same browser profile (the app keeps its signed-in state in localStorage beside the cookie, so a
 * cookie header alone would land on the login page). Lighthouse's storage reset clears the HTTP
 * cache but keeps cookies and localStorage, so each run is a cold load of a signed-in user.
 */
export async function lighthouseRuns(url: string, admin: { username: string; password: string }) {
  const chrome = await launchChrome({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  const out: Record<string, LhFigures | string> = {};
  // A run that Lighthouse cannot finish (a page too busy to answer) is a result too.
  const run = (u: string, preset: 'desktop' | 'mobile') =>
    runLighthouse(u, chrome.port, preset).catch((e: Error) => `failed: ${e.message}`);
  try {
    for (const preset of ['desktop', 'mobile'] as const) out[`login ${preset}`] = await run(`${url}/login`, preset);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0];
    if (!context) throw new Error('no default browser context');
    const page = await context.newPage();
    // Signed in once the app moves on to the dashboard (its state is stored by then).
    await signInThroughForm(page, url, admin.username, admin.password);
    await page.waitForURL(/\/dashboard\//);
    await page.close();
    await browser.close(); // disconnects; the browser itself belongs to chrome-launcher
    for (const preset of ['desktop', 'mobile'] as const)
      out[`overview ${preset}`] = await run(`${url}/dashboard/default`, preset);
  } finally {
    chrome.kill();
  }
  return out;
}
