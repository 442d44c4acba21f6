import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, read once and injected into each page that needs it. */
const source = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = {
  id: string;
  impact: 'serious' | 'critical';
  help: string;
  /** Up to five offending elements: their CSS selectors and axe's summary of what is wrong there. */
  nodes: { target: string; summary: string }[];
};

/**
 * Runs axe-core (WCAG 2.0/2.1/2.2 A and AA plus best practices) on the page as it is now, or on the
 * part under `include`, and returns the serious and critical violations in a form that reads well in
 * a failed assertion.
 */
export async function axeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') refuses an inline <script>.
  if (!injected) await page.evaluate(source);
  return page.evaluate(async (scope) => {
    type Result = {
      id: string;
      impact?: string | null;
      help: string;
      nodes: { target: unknown[]; failureSummary?: string }[];
    };
    const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: Result[] }> } })
      .axe;
    const { violations } = await axe.run(scope ? { include: [scope] } : document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact as 'serious' | 'critical',
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => ({
          target: n.target.map(String).join(' '),
          summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
        })),
      }));
  }, include);
}

/** One line per violation and element, for a failure message. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id} (${v.help}): ${n.target} — ${n.summary}`))
    .join('\n');
}
