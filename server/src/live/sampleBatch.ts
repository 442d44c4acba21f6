import type { LiveEvent } from './bus.ts';

/** A unit's new samples as the bus carries them. */
export type SamplesEvent = Extract<LiveEvent, { kind: 'samples' }>;

/**
 * The samples a socket gathers before it sends them: a fleet of 10,000 units reporting every 10 s
 * publishes about 1,000 sample events a second, and one WebSocket message each kept a browser's
 * main thread busy receiving them. A socket sends at most one `sampleBatch` message per tick.
 */
export const SAMPLE_TICK_MS = 1000;

/**
 * What a page says it shows (`{kind: 'subscribe', organizations?, units?}`, each a list of ids or
 * null for all): its socket then receives the samples of those units only, within the
 * organizations its user may see. Until a page subscribes it receives the samples of all of them.
 * The socket's 64 KiB message limit (app.ts) bounds a message to some 9,000 unit ids: a page that
 * shows more subscribes by organization.
 */
export type Subscription = { organizations: ReadonlySet<number> | null; units: ReadonlySet<number> | null };

export const ALL_SAMPLES: Subscription = { organizations: null, units: null };

const ids = (v: unknown): ReadonlySet<number> | null | undefined => {
  if (v === undefined || v === null) return null;
  if (!Array.isArray(v) || !v.every((n) => Number.isSafeInteger(n))) return undefined;
  return new Set(v as number[]);
};

/** The subscription a client's message asks for; undefined when the message is not a valid subscribe. */
export function parseSubscribe(text: string): Subscription | undefined {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null || (message as { kind?: unknown }).kind !== 'subscribe') {
    return undefined;
  }
  const { organizations, units } = message as { organizations?: unknown; units?: unknown };
  const o = ids(organizations);
  const u = ids(units);
  return o === undefined || u === undefined ? undefined : { organizations: o, units: u };
}

export const wantsSamples = (s: Subscription, e: SamplesEvent) =>
  (s.organizations === null || s.organizations.has(e.organizationId)) && (s.units === null || s.units.has(e.unitId));

/** Each event is serialised once however many sockets send it. */
const serialised = new WeakMap<SamplesEvent, string>();
const json = (e: SamplesEvent) => {
  let text = serialised.get(e);
  if (text === undefined) {
    text = JSON.stringify(e);
    serialised.set(e, text);
  }
  return text;
};

/**
 * Gathers one socket's sample events and sends those of one tick as one message,
 * `{kind: 'sampleBatch', samples: [...]}` (each sample as the bus carries it, in the order
 * published). Nothing is sent in a tick without samples; `stop` drops what is pending.
 */
export function sampleBatcher(send: (text: string) => void, tickMs = SAMPLE_TICK_MS) {
  let pending: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    const batch = pending;
    pending = [];
    send(`{"kind":"sampleBatch","samples":[${batch.join(',')}]}`);
  };
  return {
    add(e: SamplesEvent) {
      pending.push(json(e));
      timer ??= setTimeout(flush, tickMs);
    },
    stop() {
      clearTimeout(timer);
      pending = [];
    },
  };
}
