/**
 * What a schema lets through but the database cannot store, for every input (HTTP requests and
 * unit messages alike): non-finite numbers, text with the NUL character (PostgreSQL's text and
 * jsonb refuse it), and JSON nested deeper than any of our shapes needs (walking it overflows).
 */

/** Deeper JSON than any of our shapes needs is refused rather than walked (and stored) further. */
const MAX_DEPTH = 64;

/** Walked without recursion: a hostile body may be nested thousands deep. */
export function unstorable(data: unknown): { path: string; message: string } | undefined {
  const stack: [unknown, string, number][] = [[data, '', 0]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [value, path, depth] = item;
    if (typeof value === 'number' && !Number.isFinite(value)) return { path, message: 'must be a finite number' };
    if (typeof value === 'string' && value.includes('\u0000')) return { path, message: 'must not contain NUL' };
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_DEPTH) return { path, message: `must not be nested deeper than ${MAX_DEPTH} levels` };
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return { path: `${path}/${k}`, message: 'key must not contain NUL' };
      stack.push([v, `${path}/${k}`, depth + 1]);
    }
  }
  return undefined;
}
