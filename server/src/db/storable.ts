/**
 * What a schema lets through but the database cannot store, for every input (HTTP requests and
 * unit messages alike): non-finite numbers, text with the NUL character or a lone UTF-16 surrogate
 * (neither is valid UTF-8: PostgreSQL's text and jsonb refuse them), and JSON nested deeper than
 * any of our shapes needs (walking it overflows).
 */

/** Deeper JSON than any of our shapes needs is refused rather than walked (and stored) further. */
const MAX_DEPTH = 64;

/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored, if it cannot. */
export function unstorableText(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain NUL';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode (a lone UTF-16 surrogate is not)';
  return undefined;
}

/** Walked without recursion: a hostile body may be nested thousands deep. */
export function unstorable(data: unknown): { path: string; message: string } | undefined {
  const stack: [unknown, string, number][] = [[data, '', 0]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [value, path, depth] = item;
    if (typeof value === 'number' && !Number.isFinite(value)) return { path, message: 'must be a finite number' };
    const text = typeof value === 'string' ? unstorableText(value) : undefined;
    if (text) return { path, message: text };
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_DEPTH) return { path, message: `must not be nested deeper than ${MAX_DEPTH} levels` };
    for (const [k, v] of Object.entries(value)) {
      const key = unstorableText(k);
      if (key) return { path: `${path}/${k}`, message: `key ${key}` };
      stack.push([v, `${path}/${k}`, depth + 1]);
    }
  }
  return undefined;
}
