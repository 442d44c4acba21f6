import type uPlot from 'uplot';

/**
 * The chart settings applied to the chart's own logic: the series shown when the legend holds no
 * choice of the user's, and y axes that include zero.
 */

/** Visible columns: the user's legend choice wins; otherwise the default series keys (empty: the chart's own default). */
export function withDefaultSeries(
  series: readonly { column: string; key: string }[],
  choice: { hidden: readonly string[]; shown: readonly string[] },
  keys: readonly string[],
  fallback: ReadonlySet<string>,
): Set<string> {
  if (keys.length === 0) return new Set(fallback);
  const wanted = new Set(keys);
  const hidden = new Set(choice.hidden);
  const shown = new Set(choice.shown);
  return new Set(
    series.filter((s) => !hidden.has(s.column) && (shown.has(s.column) || wanted.has(s.key))).map((s) => s.column),
  );
}

/** y scales that always include 0 (the x scale untouched). */
export function zeroBased(opts: uPlot.Options): uPlot.Options {
  for (const [key, scale] of Object.entries(opts.scales ?? {})) {
    if (key === 'x') continue;
    scale.range = (_u, min, max) => {
      const lo = Math.min(0, min);
      const hi = Math.max(0, max);
      return lo === hi ? [lo, lo + 1] : [lo, hi];
    };
  }
  return opts;
}
