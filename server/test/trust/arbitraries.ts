import fc from 'fast-check';

/** Input an attacker or a broken client sends: fragments aimed at SQL, HTML, paths, parsers. */
const FRAGMENTS = [
  "' OR '1'='1",
  '1; drop table users; --',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\uD800',
  '__proto__',
  'constructor',
  'prototype',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  '${7*7}',
  '{{7*7}}',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x7fffffff',
  '9999999999999999999999',
  '2026-02-30 25:61:61',
  '‮RTL override',
  'ﷺ🚀👩‍👩‍👧‍👦',
  ' ',
  '',
];

/** A hostile string: a fragment, any Unicode, or a huge one. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...FRAGMENTS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Any JSON value, hostile strings and prototype-polluting keys included, nested a few levels. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom(...POLLUTING_KEYS)), tie('value'), { maxKeys: 4 }),
  ),
})).value;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  minimum?: number;
  maximum?: number;
};

/** A value of the schema's own type (its enum, its bounds), so requests also get past validation. */
function typed(schema: Schema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return hostileValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map(typed));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -5, max: schema.maximum ?? 100_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      return fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('2026-11-24 10:00:00', '2026-11-24T10:00:00Z'));
    case 'array':
      return fc.array(typed(schema.items), { maxLength: 3 });
    case 'object':
      return shaped(schema);
    default:
      return hostileValue;
  }
}

/** An object with the schema's keys, each either well-typed or hostile, plus stray keys at times. */
export function shaped(schema: Schema | undefined): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.entries(schema?.properties ?? {});
  const known = fc.record(Object.fromEntries(keys.map(([k, s]) => [k, fc.oneof(typed(s), typed(s), hostileValue)])), {
    requiredKeys: [],
  });
  const stray = fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...POLLUTING_KEYS)), hostileValue, {
    maxKeys: 2,
  });
  return fc.tuple(known, stray).map(([k, s]) => ({ ...s, ...k }));
}

/** Raw request bodies no schema describes: broken JSON, deep nesting, prototype pollution, non-objects. */
export const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    'null',
    '[]',
    '"text"',
    '12',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
  ),
  fc.integer({ min: 100, max: 5_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 100, max: 5_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  hostileValue.map((v) => JSON.stringify(v) ?? 'null'),
);

/** A path parameter: a plausible id, or anything hostile (never empty: an empty segment is another route). */
export const pathParam: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -2, max: 50 }).map(String),
  fc.uuid(),
  hostileString.filter((s) => s.length > 0 && s.length < 4_000),
);
