import {
  type AlarmFinding,
  type AlarmKey,
  type AlarmSettings,
  AlarmType,
  evaluateValue,
  seriesByColumn,
} from '@fieldwatch/core';
import type { Db, Queryable } from '../db/db.ts';
import { ensureSamplePartitions } from '../db/partitions.ts';
import { DEFAULT_REPORT_INTERVAL_MIN } from '../gateway/watchdog.ts';
import { applyFindings } from '../modules/alarms/alarms.service.ts';
import { setRelayState, touchReports } from '../modules/devices/devices.service.ts';
import { setDefaultRadar } from '../modules/telemetry/channels.service.ts';
import { insertRadar, insertSamplesOfUnits, type SampleRow } from '../modules/telemetry/telemetry.service.ts';
import { initialRelayState, type UnitDef } from './fleet.ts';
import { radarCurve } from './radar.ts';
import { DAY, HOUR, MINUTE, rand } from './seeded.ts';
import { unitSeries } from './unitSeries.ts';

/**
 * Some weeks of history for the demo fleet, written straight into the database in batches (the
 * units' models give every value; nothing goes through MQTT). PGlite stores about 25,000 samples a
 * second on a 2-core machine, so the density adapts to the fleet: see `planHistory`.
 */

export type HistoryUnit = { def: UnitDef; id: number; organizationId: number; alarmSettings: AlarmSettings };

export type HistoryPlan = {
  days: number;
  /** The last `recentDays` of primary series every `recentStepMin`; before that every `olderStepMin`. */
  recentDays: number;
  recentStepMin: number;
  olderStepMin: number;
  /** Slow series (battery, signal, internal temperature) every `secondaryStepMin`. */
  secondaryStepMin: number;
  /**
   * Radar curves at night: every night on a channel with a fault; on the others a commissioning
   * curve and one every `radarStepDays` (0: only last night's, and on large fleets only on a
   * `radarShare` of the channels).
   */
  radarStepDays: number;
  radarShare: number;
  estimatedRows: number;
  estimatedCurves: number;
};

/** About 12 s of inserts on PGlite (2 cores): keeps `npm start` with the default fleet well under 30 s. */
const HISTORY_ROW_BUDGET = 300_000;
const RADAR_CURVE_BUDGET = 1_200;
const DEFAULT_HISTORY_DAYS = 28;

/**
 * From dense to sparse (days of 10-minute samples, then minutes between older samples and between
 * slow samples); the first that fits the budget is taken. Past the last, the history gets shorter
 * (down to 2 days), and then sparser.
 */
const LADDER: [recentDays: number, recentStep: number, olderStep: number, secondaryStep: number][] = [
  [28, 10, 10, 60],
  [7, 10, 30, 60],
  [2, 10, 60, 180],
  [1, 10, 180, 360],
  [1, 10, 360, 720],
  [1, 30, 720, 1440],
  [0, 360, 360, 720],
  [0, 720, 720, 1440],
];

/** How dense the history of these units can be within the row budget. */
export function planHistory(
  units: readonly UnitDef[],
  opts: { days?: number; rowBudget?: number; curveBudget?: number } = {},
): HistoryPlan {
  const budget = opts.rowBudget ?? HISTORY_ROW_BUDGET;
  let primary = 0;
  let secondary = 0;
  let radarChannels = 0;
  let faultChannels = 0;
  for (const u of units) {
    if (u.inactive) continue;
    for (const s of unitSeries(u)) s.tier === 'primary' ? primary++ : secondary++;
    if (!u.radar) continue;
    radarChannels += u.channels.length;
    u.channels.forEach((_, i) => {
      if (hasFault(u, i + 1)) faultChannels++;
    });
  }
  let days = opts.days ?? DEFAULT_HISTORY_DAYS;
  const rowsOf = ([recentDays, recentStep, olderStep, secondaryStep]: (typeof LADDER)[number]) => {
    const recent = Math.min(days, recentDays);
    const perPrimary = (recent * 1440) / recentStep + ((days - recent) * 1440) / olderStep;
    return Math.round(primary * perPrimary + (secondary * days * 1440) / secondaryStep);
  };
  let rung = LADDER.find((r) => rowsOf(r) <= budget);
  const sparsest = LADDER[LADDER.length - 1] as (typeof LADDER)[number];
  while (!rung && days > 2) {
    days = Math.max(2, Math.floor(days / 2));
    if (rowsOf(sparsest) <= budget) rung = sparsest;
  }
  if (!rung) {
    let step = 2880;
    while (rowsOf([0, step, step, step]) > budget && step < days * 1440) step *= 2;
    rung = [0, step, step, step];
  }
  const faultCurves = faultChannels * (days + 1);
  const others = radarChannels - faultChannels;
  const perChannel = others > 0 ? Math.max(0, (opts.curveBudget ?? RADAR_CURVE_BUDGET) - faultCurves) / others : 0;
  const radarStepDays = perChannel >= 2 ? Math.ceil(days / Math.floor(perChannel - 1)) : 0;
  const radarShare = Math.min(1, Number(perChannel.toFixed(3)));
  const perOther = radarStepDays ? 1 + Math.ceil(days / radarStepDays) : 1;
  return {
    days,
    recentDays: Math.min(days, rung[0]),
    recentStepMin: rung[1],
    olderStepMin: rung[2],
    secondaryStepMin: rung[3],
    radarStepDays,
    radarShare,
    estimatedRows: rowsOf(rung),
    estimatedCurves: Math.round(faultCurves + others * radarShare * perOther),
  };
}

/** A channel that shows a leak or a wire break some time: its radar curves are kept every night. */
const hasFault = (u: UnitDef, channel: number) => u.leak?.channel === channel || u.wireBreak?.channel === channel;

/** Times on a grid of `stepMin` in [from, to), aligned to the step. */
function grid(from: number, to: number, stepMin: number): number[] {
  const step = stepMin * MINUTE;
  const out: number[] = [];
  for (let t = Math.ceil(from / step) * step; t < to; t += step) out.push(t);
  return out;
}

const keyOf = (k: AlarmKey) => `${k.channel}:${k.type}`;

/** Rows per statement, and per transaction. */
const ROWS_PER_STATEMENT = 4000;
const ROWS_PER_TRANSACTION = 40_000;

export type HistoryResult = { plan: HistoryPlan; rows: number; curves: number; alarms: number; ms: number };

/**
 * Writes the history of these units for the plan's days up to `end`: samples, nightly radar curves,
 * the alarms their values raised and cleared (at the time they did), a communication error for
 * units that fell silent, the last-report times, and relay states.
 */
export async function seedHistory(
  db: Db,
  units: readonly HistoryUnit[],
  opts: { end?: number; plan?: HistoryPlan; days?: number } = {},
): Promise<HistoryResult> {
  const started = Date.now();
  const end = opts.end ?? Date.now();
  const plan =
    opts.plan ??
    planHistory(
      units.map((u) => u.def),
      { days: opts.days },
    );
  const start = end - plan.days * DAY;
  // Straight into their months, not through the default partition.
  await ensureSamplePartitions(db, start, end);
  const recentFrom = end - plan.recentDays * DAY;
  const primaryTimes = [
    ...grid(start, recentFrom, plan.olderStepMin),
    ...grid(recentFrom, end + 1, plan.recentStepMin),
  ];
  const secondaryTimes = grid(start, end + 1, plan.secondaryStepMin);
  // Radar curves at 01:00 UTC (night in Scandinavia), the first one a commissioning curve at the start.
  const lastNight = Math.floor((end - HOUR) / DAY) * DAY + HOUR;
  const nights = (stepDays: number) => {
    const times: number[] = [];
    for (let t = lastNight; t > start; t -= stepDays * DAY) times.unshift(t);
    return [start, ...times];
  };
  const radarTimes = plan.radarStepDays ? nights(plan.radarStepDays) : [lastNight];
  const faultRadarTimes = nights(1);

  let rows = 0;
  let curves = 0;
  let alarms = 0;
  let batch: HistoryUnit[] = [];
  let batchRows = 0;
  let pending: (SampleRow & { unitId: number })[] = [];
  /** Several units' samples per statement: fewer, larger inserts are what PGlite does fastest. */
  const writeSamples = async (tx: Queryable) => {
    const chunk = pending;
    pending = [];
    await insertSamplesOfUnits(tx, chunk);
    rows += chunk.length;
  };

  const writeUnit = async (tx: Queryable, u: HistoryUnit) => {
    const { def } = u;
    if (def.inactive) return;
    const until = def.silentFrom === null ? end + 1 : Math.min(end + 1, def.silentFrom);
    // Values by time, for the samples and for the alarm timeline.
    const byTime = new Map<number, [string, number][]>();
    for (const s of unitSeries(def)) {
      const series = seriesByColumn(s.column);
      if (!series) continue;
      for (const t of s.tier === 'primary' ? primaryTimes : secondaryTimes) {
        if (t >= until) break;
        const value = s.value(t);
        pending.push({ unitId: u.id, series: series.id, ts: new Date(t), value });
        let at = byTime.get(t);
        if (!at) {
          at = [];
          byTime.set(t, at);
        }
        at.push([s.column, value]);
      }
    }
    if (pending.length >= ROWS_PER_STATEMENT) await writeSamples(tx);

    // Alarms: replay the values in time order through the live rules (hysteresis included), calling
    // the alarm service only when a column's findings may change something: what it raises or clears
    // changed, or an active alarm waits out its hold time. The unit starts without alarms.
    const unit = { id: u.id, organization_id: u.organizationId };
    const active = new Set<string>();
    const stateOf = new Map<string, string>();
    let last = 0;
    for (const t of [...byTime.keys()].sort((a, b) => a - b)) {
      last = t;
      for (const [column, value] of byTime.get(t) ?? []) {
        const found = evaluateValue(column, value, u.alarmSettings);
        if (found.governs.length === 0) continue;
        const state = [
          ...found.raised.map((f) => `+${keyOf(f)}`),
          ...found.governs.filter((g) => g.clears).map((g) => `-${keyOf(g)}`),
        ].join(',');
        const holding = found.governs.some((g) => g.clears && g.holdS > 0 && active.has(keyOf(g)));
        const idle =
          !found.raised.some((f) => !active.has(keyOf(f))) && !found.governs.some((g) => active.has(keyOf(g)));
        const same = stateOf.get(column) === state;
        stateOf.set(column, state);
        if (idle || (same && !holding)) continue;
        const applied = await applyFindings(tx, unit, found.governs, found.raised, new Date(t));
        for (const a of applied.raised) active.add(keyOf({ channel: a.channel, type: a.alarm_type }));
        for (const a of applied.cleared) active.delete(keyOf({ channel: a.channel, type: a.alarm_type }));
        alarms += applied.raised.length;
      }
    }
    if (last > 0) {
      await touchReports(tx, [{ unitId: u.id, at: new Date(last) }]);
      const missedAt = last + DEFAULT_REPORT_INTERVAL_MIN * MINUTE;
      if (def.silentFrom !== null && missedAt < end) {
        const finding: AlarmFinding = {
          channel: 0,
          type: AlarmType.Communication,
          value: null,
          limit: null,
        };
        alarms += (await applyFindings(tx, unit, [finding], [finding], new Date(missedAt))).raised.length;
      }
    }

    if (def.radar) {
      for (let ch = 1; ch <= def.channels.length; ch++) {
        const pulseSpeed = def.channels[ch - 1]?.pulseSpeed ?? 0.6;
        const faulty = hasFault(def, ch);
        if (!faulty && rand(def.key, 77, ch) >= plan.radarShare) continue;
        for (const t of faulty ? faultRadarTimes : radarTimes) {
          if (t >= until) break;
          await insertRadar(tx, u.id, {
            channel: ch,
            ts: new Date(t),
            pulse_speed: pulseSpeed,
            points: radarCurve(def, ch, t),
          });
          curves++;
        }
        // The channel's reference (ChannelDefaultRadar): the commissioning curve, so a later fault
        // shows as a departure from it in the difference curve.
        const stored = (faulty ? faultRadarTimes : radarTimes)[0] === start && start < until;
        await setDefaultRadar(tx, u.id, ch, {
          points: radarCurve(def, ch, stored ? start : null),
          t: stored ? new Date(start).toISOString() : null,
          pulseSpeed: stored ? pulseSpeed : null,
        });
      }
    }
    if (def.relays > 0) await setRelayState(tx, u.id, initialRelayState(def));
  };

  const flush = async () => {
    const units = batch;
    batch = [];
    batchRows = 0;
    await db.transaction(async (tx) => {
      for (const u of units) await writeUnit(tx, u);
      if (pending.length) await writeSamples(tx);
    });
  };
  const rowsPerUnit = (u: HistoryUnit) =>
    unitSeries(u.def).reduce((n, s) => n + (s.tier === 'primary' ? primaryTimes.length : secondaryTimes.length), 0);

  for (const u of units) {
    batch.push(u);
    batchRows += rowsPerUnit(u);
    if (batchRows >= ROWS_PER_TRANSACTION) await flush();
  }
  if (batch.length) await flush();
  return { plan, rows, curves, alarms, ms: Date.now() - started };
}
