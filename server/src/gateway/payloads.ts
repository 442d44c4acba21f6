import { OPERATIONS } from '@fieldwatch/core';
import { FormatRegistry, type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { unstorable } from '../db/storable.ts';

FormatRegistry.Set('date-time', (v) => /^\d{4}-\d\d-\d\dT/.test(v) && !Number.isNaN(Date.parse(v)));

/** Up-message payloads of docs/device-protocol.md, checked before anything is stored. */
const Time = Type.String({ format: 'date-time', maxLength: 40 });

export const SamplesMessage = Type.Object({
  t: Time,
  v: Type.Record(Type.String({ maxLength: 40 }), Type.Number()),
});
export const SamplesPayload = Type.Union([SamplesMessage, Type.Array(SamplesMessage, { minItems: 1, maxItems: 1000 })]);
export const RadarPayload = Type.Object({
  t: Time,
  ch: Type.Integer({ minimum: 1, maximum: 4 }),
  pulseSpeed: Type.Number({ exclusiveMinimum: 0, maximum: 1 }),
  points: Type.Array(Type.Number(), { minItems: 2, maxItems: 4096 }),
});
export const ResultPayload = Type.Object({
  seq: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  op: Type.Union([...OPERATIONS, 'relay'].map((o) => Type.Literal(o))),
  ok: Type.Boolean(),
  message: Type.Optional(Type.String({ maxLength: 500 })),
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export const RelayPayload = Type.Object({ state: Type.String({ pattern: '^[01]{1,16}$' }) });

export type SamplesMessage = Static<typeof SamplesMessage>;
export type RadarPayload = Static<typeof RadarPayload>;
export type ResultPayload = Static<typeof ResultPayload>;
export type RelayPayload = Static<typeof RelayPayload>;

export class PayloadError extends Error {}

/** Parses and checks a JSON payload against a schema; a PayloadError says what is wrong. */
export function parsePayload<T>(schema: Parameters<typeof Value.Check>[0], raw: Buffer | string): T {
  let data: unknown;
  try {
    data = JSON.parse(raw.toString());
  } catch {
    throw new PayloadError('payload is not JSON');
  }
  const bad = unstorable(data);
  if (bad) throw new PayloadError(`payload ${bad.path || '/'} ${bad.message}`);
  if (!Value.Check(schema, data)) {
    const first = Value.Errors(schema, data).First();
    throw new PayloadError(`payload ${first?.path || '/'} ${first?.message ?? 'is invalid'}`);
  }
  return data as T;
}

/** What a unit sends, by the last level of its up-topic. */
export const UP_KINDS = ['samples', 'radar', 'result', 'relay'] as const;

/** Topics: fw/u/{serial}/up/{kind} and fw/u/{serial}/down/{kind}. */
export const upTopic = (serial: string, kind: string) => `fw/u/${serial}/up/${kind}`;
export const downTopic = (serial: string, kind: string) => `fw/u/${serial}/down/${kind}`;

export function parseTopic(topic: string): { serial: string; direction: 'up' | 'down'; kind: string } | undefined {
  const m = /^fw\/u\/([^/+#]+)\/(up|down)\/([a-z]+)$/.exec(topic);
  return m ? { serial: m[1] ?? '', direction: m[2] as 'up' | 'down', kind: m[3] ?? '' } : undefined;
}
