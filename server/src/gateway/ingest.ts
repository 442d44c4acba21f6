import {
  type AlarmFinding,
  type AlarmSettings,
  canonicalValues,
  communicationRecovered,
  evaluateValue,
  type GovernedAlarm,
  seriesByColumn,
} from '@fieldwatch/core';
import { type Span, SpanKind } from '@opentelemetry/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/db.ts';
import type { LiveBus, LiveEvent, LivePublisher } from '../live/bus.ts';
import { type AlarmRow, activeAlarms, applyFindingsOfUnits } from '../modules/alarms/alarms.service.ts';
import { ingestContexts, setRelayState, touchReports, updateUnitFields } from '../modules/devices/devices.service.ts';
import { reportedSettingsChange } from '../modules/devices/unit.settings.ts';
import { finishOperation } from '../modules/operations/operations.service.ts';
import { insertRadarsOfUnits, insertSamplesOfUnits, purgeUnitData } from '../modules/telemetry/telemetry.service.ts';
import { createMetrics, type Metrics } from '../observability/metrics.ts';
import { markFailed, withSpan } from '../observability/tracing.ts';
import {
  PayloadError,
  parsePayload,
  type RadarPayload as Radar,
  RadarPayload,
  type RelayPayload as Relay,
  RelayPayload,
  type ResultPayload as Result,
  ResultPayload,
  type SamplesMessage,
  SamplesPayload,
} from './payloads.ts';

type UnitContext = { id: number; organization_id: number; alarm_settings: AlarmSettings };
type Pending = {
  serial: string;
  kind: string;
  payload: Buffer | string;
  resolve: () => void;
  reject: (e: unknown) => void;
};
type Parsed = { pending: Pending; unit: UnitContext } & (
  | { kind: 'samples'; messages: SamplesMessage[] }
  | { kind: 'radar'; radar: Radar }
  | { kind: 'result'; result: Result }
  | { kind: 'relay'; relay: Relay }
);

/** Messages stored per transaction at most (group commit). */
const BATCH = 500;
/**
 * Radar curves per transaction at most: a night's curves, all sent at once, are stored a few dozen
 * at a time, so the reports queued behind them are acknowledged between (within ~100 ms).
 */
const CURVES_PER_BATCH = 25;
/** Unit settings are read again after this long (settings changes reach ingest within it). */
const UNIT_CACHE_MS = 60_000;

/**
 * Stores what units publish, evaluates alarms on it, and tells live subscribers. Messages that
 * arrive together are stored in one transaction (group commit); `handle` resolves only after the
 * commit, and the caller acknowledges the message then.
 */
export function createIngest(deps: { db: Db; bus: LiveBus; log: FastifyBaseLogger; metrics?: Metrics }) {
  const { db, log } = deps;
  const metrics = deps.metrics ?? createMetrics({ processMetrics: false }); // counted, never scraped
  const units = new Map<string, { unit: UnitContext | undefined; at: number }>();
  let queue: Pending[] = [];
  let flushing: Promise<void> | undefined;

  /** Loads, in one query, the units of a batch that are not cached (or whose entry is stale). */
  async function loadUnits(tx: Queryable, serials: readonly string[]) {
    const now = Date.now();
    const missing = [...new Set(serials)].filter((s) => now - (units.get(s)?.at ?? 0) >= UNIT_CACHE_MS);
    if (missing.length === 0) return;
    const found = new Map((await ingestContexts(tx, missing)).map((u) => [u.serial, u]));
    for (const serial of missing) units.set(serial, { unit: found.get(serial), at: now });
  }

  function parse(p: Pending): Parsed {
    const unit = units.get(p.serial)?.unit;
    if (!unit) throw new PayloadError(`unknown unit ${p.serial}`);
    switch (p.kind) {
      case 'samples': {
        const data = parsePayload<SamplesMessage | SamplesMessage[]>(SamplesPayload, p.payload);
        const messages = Array.isArray(data) ? data : [data];
        // Other spellings of a series (`Temp intern`) are stored, evaluated and announced under its column.
        for (const m of messages) m.v = canonicalValues(m.v);
        return { pending: p, unit, kind: 'samples', messages };
      }
      case 'radar':
        return { pending: p, unit, kind: 'radar', radar: parsePayload<Radar>(RadarPayload, p.payload) };
      case 'result':
        return { pending: p, unit, kind: 'result', result: parsePayload<Result>(ResultPayload, p.payload) };
      case 'relay':
        return { pending: p, unit, kind: 'relay', relay: parsePayload<Relay>(RelayPayload, p.payload) };
      default:
        throw new PayloadError(`unknown message kind ${p.kind}`);
    }
  }

  /** Stores one batch of parsed messages in one transaction; live events are collected in `bus`. */
  async function store(tx: Queryable, batch: Parsed[], bus: LivePublisher) {
    const now = new Date();
    const unitIds = [...new Set(batch.map((b) => b.unit.id))];
    const active = new Map<number, AlarmRow[]>(unitIds.map((id) => [id, []]));
    for (const a of await activeAlarms(tx, unitIds)) active.get(a.unit_id)?.push(a);

    const rows = [];
    const curves: Parameters<typeof insertRadarsOfUnits>[1][number][] = [];
    let evaluated = 0;
    const reports = new Map<number, Date>();
    const findings = new Map<
      number,
      { unit: UnitContext; governs: GovernedAlarm[]; raised: AlarmFinding[]; at: Date }
    >();
    const report = (unit: UnitContext, at: Date) => {
      const t = at > now ? now : at;
      if (t > (reports.get(unit.id) ?? new Date(0))) reports.set(unit.id, t);
      // Any message proves the unit is reporting: it governs (clears, after its hold time) a communication error.
      const f = findings.get(unit.id) ?? {
        unit,
        governs: [communicationRecovered(unit.alarm_settings)],
        raised: [],
        at: new Date(0),
      };
      findings.set(unit.id, f);
      return f;
    };

    for (const b of batch) {
      if (b.kind === 'samples') {
        const newest = new Map<string, { t: Date; value: number }>();
        for (const m of b.messages) {
          const t = new Date(m.t);
          for (const [column, value] of Object.entries(m.v)) {
            const def = seriesByColumn(column);
            if (def) rows.push({ unitId: b.unit.id, series: def.id, ts: t, value });
            const seen = newest.get(column);
            if (!seen || seen.t <= t) newest.set(column, { t, value });
          }
        }
        const last = b.messages.reduce((x, y) => (x.t >= y.t ? x : y));
        const f = report(b.unit, new Date(last.t));
        for (const [column, { t, value }] of newest) {
          const found = evaluateValue(column, value, b.unit.alarm_settings);
          evaluated++;
          f.governs.push(...found.governs);
          f.raised.push(...found.raised);
          if (t > f.at) f.at = t;
        }
        // One event per message, oldest first: a report of several carries values the newest lacks,
        // and whoever follows the events (browsers, each instance's fleet memory) sees every one.
        const ordered =
          b.messages.length > 1 ? [...b.messages].sort((x, y) => Date.parse(x.t) - Date.parse(y.t)) : b.messages;
        for (const m of ordered)
          bus.publish({
            kind: 'samples',
            unitId: b.unit.id,
            organizationId: b.unit.organization_id,
            t: m.t,
            values: m.v,
          });
      } else if (b.kind === 'radar') {
        const t = new Date(b.radar.t);
        curves.push({
          unitId: b.unit.id,
          channel: b.radar.ch,
          ts: t,
          pulse_speed: b.radar.pulseSpeed,
          points: b.radar.points,
        });
        report(b.unit, t);
        bus.publish({
          kind: 'radar',
          unitId: b.unit.id,
          organizationId: b.unit.organization_id,
          channel: b.radar.ch,
          t: b.radar.t,
        });
      } else if (b.kind === 'result') {
        const r = b.result;
        const done = await finishOperation(tx, b.unit.id, r.seq, r.ok, r.message ?? '');
        if (done && r.ok && done.operation === 'purge_data') await purgeUnitData(tx, b.unit.id);
        if (done && r.ok && done.operation === 'get_settings' && r.data)
          await updateUnitFields(tx, b.unit.id, reportedSettingsChange(r.data));
        if (done) {
          bus.publish({
            kind: 'operation',
            unitId: b.unit.id,
            organizationId: b.unit.organization_id,
            seq: r.seq,
            operation: done.operation,
            state: done.state,
            message: done.message,
          });
        }
        report(b.unit, now);
      } else {
        await setRelayState(tx, b.unit.id, b.relay.state);
        bus.publish({ kind: 'relay', unitId: b.unit.id, organizationId: b.unit.organization_id, state: b.relay.state });
        report(b.unit, now);
      }
    }
    await insertRadarsOfUnits(tx, curves);
    await insertSamplesOfUnits(tx, rows);
    await touchReports(
      tx,
      [...reports].map(([unitId, at]) => ({ unitId, at })),
    );
    const done = await applyFindingsOfUnits(
      tx,
      [...findings.values()].map((f) => ({
        ...f,
        time: f.at.getTime() > 0 ? f.at : now,
        known: active.get(f.unit.id),
      })),
      bus,
    );
    return { samples: rows.length, evaluated, raised: done.raised.length, cleared: done.cleared.length };
  }

  /** Counts a committed batch; lag is how long after its own timestamp a sample message was stored. */
  function count(parsed: Parsed[], stats: Awaited<ReturnType<typeof store>>) {
    const committed = Date.now();
    metrics.ingestBatches.inc();
    metrics.ingestMessages.inc(parsed.length);
    metrics.ingestSamples.inc(stats.samples);
    metrics.alarmsEvaluated.inc(stats.evaluated);
    metrics.alarmsRaised.inc(stats.raised);
    metrics.alarmsCleared.inc(stats.cleared);
    for (const b of parsed) {
      if (b.kind !== 'samples') continue;
      for (const m of b.messages) {
        const lag = committed - Date.parse(m.t);
        if (Number.isFinite(lag)) metrics.ingestLag.observe(Math.max(0, lag) / 1000); // a unit clock ahead: 0
      }
    }
  }

  /** Parses a batch's messages; a malformed one is dropped (acknowledged) and left out. */
  function parseAll(pending: readonly Pending[]) {
    const parsed: Parsed[] = [];
    for (const p of pending) {
      try {
        parsed.push(parse(p));
      } catch (e) {
        if (!(e instanceof PayloadError)) {
          p.reject(e);
          continue;
        }
        log.warn({ serial: p.serial, kind: p.kind, reason: e.message }, 'dropped malformed unit message');
        metrics.ingestDropped.inc();
        p.resolve(); // acknowledged, so the unit does not resend it forever
      }
    }
    return parsed;
  }

  /** Stores one batch and settles each of its messages; never throws (a failure marks the span). */
  async function storeBatch(pending: Pending[], span: Span) {
    let parsed: Parsed[] | undefined;
    try {
      // Live events go out only after the commit, so whoever reacts to one reads the new state.
      const events: LiveEvent[] = [];
      // First in line for the connection: every message of the batch waits on this commit for its PUBACK.
      const stats = await db.transaction(
        async (tx) => {
          await loadUnits(
            tx,
            pending.map((p) => p.serial),
          );
          parsed = parseAll(pending);
          return store(tx, parsed, { publish: (e) => events.push(e) });
        },
        { first: true },
      );
      for (const b of parsed ?? []) b.pending.resolve();
      for (const e of events) deps.bus.publish(e);
      count(parsed ?? [], stats);
    } catch (e) {
      markFailed(span, e);
      log.error({ err: e, messages: pending.length }, 'ingest batch failed; nothing acknowledged');
      for (const p of parsed?.map((b) => b.pending) ?? pending) p.reject(e);
    }
  }

  /**
   * The next batch: the queue in order, up to BATCH messages and CURVES_PER_BATCH curves. The curves
   * beyond wait for a later batch, and so do the messages behind them of the same units, so that
   * each unit's messages are stored in the order it sent them.
   */
  function nextBatch() {
    const batch: Pending[] = [];
    const later: Pending[] = [];
    const waiting = new Set<string>();
    let curves = 0;
    let i = 0;
    for (; i < queue.length && batch.length < BATCH; i++) {
      const p = queue[i] as Pending;
      if (!waiting.has(p.serial) && (p.kind !== 'radar' || curves < CURVES_PER_BATCH)) {
        batch.push(p);
        if (p.kind === 'radar') curves++;
      } else {
        later.push(p);
        waiting.add(p.serial);
      }
    }
    queue = later.concat(queue.slice(i));
    return batch;
  }

  async function flush() {
    while (queue.length > 0) {
      const pending = nextBatch();
      metrics.ingestQueueDepth.set(queue.length);
      // A trace of its own per batch (root): units send no trace context to continue.
      const attributes = { 'messaging.system': 'mqtt', 'messaging.batch.message_count': pending.length };
      await withSpan('ingest batch', { kind: SpanKind.CONSUMER, root: true, attributes }, (span) =>
        storeBatch(pending, span),
      );
    }
    flushing = undefined;
  }

  /** Queues one up-message; resolves once it is committed (or dropped as malformed). */
  function handle(serial: string, kind: string, payload: Buffer | string): Promise<void> {
    return new Promise((resolve, reject) => {
      queue.push({ serial, kind, payload, resolve, reject });
      metrics.ingestQueueDepth.set(queue.length);
      flushing ??= new Promise<void>((done) => setImmediate(() => void flush().finally(done)));
    });
  }

  /** Resolves once the messages queued so far are committed; the gateway awaits it on close. */
  async function drain() {
    while (flushing) await flushing;
  }

  return { handle, drain };
}

export type Ingest = ReturnType<typeof createIngest>;
