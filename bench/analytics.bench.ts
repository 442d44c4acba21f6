/**
 * The radar analysis and the forecasts scored against the simulator's truth: `npm run bench -- analytics`.
 * The analysis sees only what a unit sends (its curves and the channel's reference, its readings);
 * the fleet model's faults, onsets and growth times are read by the scorer alone.
 */
import {
  BATTERY_HISTORY_DAYS,
  batteryCrossing,
  type Crossing,
  DEFAULT_FORECAST_WARNING_DAYS,
  fallingCrossing,
  INSULATION_FORECAST,
  locateFaults,
  metresPerPoint,
  type Reading,
} from '@fieldwatch/core';
import { buildFleet, type UnitDef } from '../server/src/demo/fleet.ts';
import { batteryVoltage, insulationResistance } from '../server/src/demo/physics.ts';
import { radarCurve } from '../server/src/demo/radar.ts';
import { longCurve } from './curves.ts';
import type { BenchResult } from './util.ts';

const H = 3_600_000;
const D = 24 * H;
const ANCHOR = Date.parse('2026-11-01T00:00:00Z');
/** Units of the simulated fleet: enough for some hundred faults (2.5 % leak, 1 % break). */
const UNITS = Number(process.env.ANALYTICS_UNITS ?? 6000);
/** Curves arrive nightly at 02:00. */
const nightly = (t: number) => Math.ceil((t - 2 * H) / D) * D + 2 * H;
const LEVELS = [10, 5, 1, 0.5];
const LEVEL_1 = 10;

type Kind = 'wet' | 'break' | 'none';
const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? Number.NaN;

/** Faults: where they are found, against where the model put them. */
function scoreFaults(fleet: UnitDef[]) {
  const confusion: Record<Kind, Record<Kind, number>> = {
    wet: { wet: 0, break: 0, none: 0 },
    break: { wet: 0, break: 0, none: 0 },
    none: { wet: 0, break: 0, none: 0 },
  };
  let faults = 0;
  let located = 0;
  let healthyChannels = 0;
  let falseChannels = 0;
  const errorsInSteps: number[] = [];
  for (const u of fleet) {
    if (!u.radar) continue;
    u.channels.forEach((ch, i) => {
      const channel = i + 1;
      const reference = radarCurve(u, channel, null);
      const dx = metresPerPoint(ch.pulseSpeed);
      const leak = u.leak?.channel === channel ? u.leak : null;
      const brk = u.wireBreak?.channel === channel ? u.wireBreak : null;
      if (!leak && !brk) {
        // A month of nightly curves: seasons, weather and noise, joints and the far end.
        healthyChannels++;
        let wrong: Kind = 'none';
        for (let day = 0; day < 30; day++) {
          const found = locateFaults(radarCurve(u, channel, nightly(ANCHOR + day * D)), reference, ch.pulseSpeed);
          if (found[0]) {
            wrong = found[0].kind;
            break;
          }
        }
        confusion.none[wrong]++;
        if (wrong !== 'none') falseChannels++;
        return;
      }
      // The first nightly curve once a break happened, or once water brought the resistance under level 1.
      let at: number;
      let truth: { kind: Kind; positionM: number };
      if (brk) {
        at = nightly(brk.at);
        truth = { kind: 'break', positionM: brk.positionM };
      } else if (leak) {
        let t = leak.onset;
        while (insulationResistance(u, channel, t) >= LEVEL_1 && t < leak.onset + 60 * D) t += H;
        at = nightly(t);
        truth = { kind: 'wet', positionM: leak.positionM };
      } else return;
      faults++;
      const found = locateFaults(radarCurve(u, channel, at), reference, ch.pulseSpeed);
      const first = found.find((f) => f.kind === truth.kind) ?? found[0];
      confusion[truth.kind][first?.kind ?? 'none']++;
      if (first && first.kind === truth.kind) {
        const steps = Math.abs(first.positionM - truth.positionM) / dx;
        errorsInSteps.push(steps);
        if (steps <= 2) located++;
      }
    });
  }
  return { faults, located, healthyChannels, falseChannels, confusion, errorsInSteps };
}

/** Hourly readings of a channel's insulation resistance from `from` to `to`. */
const hourly = (u: UnitDef, channel: number, from: number, to: number): Reading[] => {
  const out: Reading[] = [];
  for (let t = from; t <= to; t += H) out.push({ t, v: insulationResistance(u, channel, t) });
  return out;
};
const insulation = { ...INSULATION_FORECAST, horizonMs: DEFAULT_FORECAST_WARNING_DAYS * D };
/** Whether the forecast over the last three days of readings warns at reading i. */
const warnsAt = (readings: Reading[], i: number) => fallingCrossing(readings.slice(i - 72, i + 1), LEVELS, insulation);

function scoreForecasts(fleet: UnitDef[]) {
  const leads: number[] = [];
  let leaks = 0;
  let warned = 0;
  for (const u of fleet) {
    const leak = u.leak;
    if (!leak || leak.tauH < 10) continue;
    leaks++;
    let cross = leak.onset;
    while (insulationResistance(u, leak.channel, cross) >= 1 && cross < leak.onset + 60 * D) cross += 10 * 60_000;
    const readings = hourly(u, leak.channel, leak.onset - 4 * D, cross);
    for (let i = 72; i < readings.length; i++) {
      if (!warnsAt(readings, i)) continue;
      const at = (readings[i] as Reading).t;
      if (at < cross) {
        warned++;
        leads.push((cross - at) / H);
      }
      break;
    }
  }
  let pipes = 0;
  let falseUnits = 0;
  for (const u of fleet) {
    if (u.kind !== 'pipe' || u.leak || u.wireBreak || u.inactive) continue;
    pipes++;
    const any = u.channels.some((_, i) => {
      const readings = hourly(u, i + 1, ANCHOR - 3 * D, ANCHOR + 30 * D);
      for (let k = 72; k < readings.length; k++) if (warnsAt(readings, k)) return true;
      return false;
    });
    if (any) falseUnits++;
  }
  // Battery: the days until 3.3 V predicted from what the forecaster reads (daily minima of six
  // weeks, and of two weeks a year before where the unit is that old), against the model's own.
  const batteries: Record<string, { year: number[]; weeks: number[] }> = {};
  const dailyMin = (u: UnitDef, day: number) => {
    let lo = Number.POSITIVE_INFINITY;
    for (let h = 0; h < 24; h += 3) lo = Math.min(lo, batteryVoltage(u, day + h * H) ?? 0);
    return { t: day, v: lo };
  };
  const days = (u: UnitDef, now: number, from: number, to: number) =>
    Array.from({ length: from - to }, (_, k) => dailyMin(u, now - (from - k) * D));
  for (const when of ['2026-11-01', '2026-02-01', '2026-06-01']) {
    const now = Date.parse(`${when}T00:00:00Z`);
    const errors = { year: [] as number[], weeks: [] as number[] };
    for (const u of fleet.slice(0, 2000)) {
      if (!u.battery || u.battery.knee) continue;
      let truth = now;
      while ((batteryVoltage(u, truth) ?? 0) > 3.3 && truth < now + 40 * 365 * D) truth += D;
      if (truth <= now) continue;
      const weeks = days(u, now, BATTERY_HISTORY_DAYS.recent, 0);
      const yearAgo = days(u, now, BATTERY_HISTORY_DAYS.yearAgoFrom, BATTERY_HISTORY_DAYS.yearAgoTo);
      // No forecast at all counts as wholly wrong.
      const error = (c: Crossing | null) => (c ? Math.abs(c.at - truth) / (truth - now) : 1);
      errors.year.push(error(batteryCrossing([...yearAgo, ...weeks], 3.3, 100 * 365 * D)));
      errors.weeks.push(error(batteryCrossing(weeks, 3.3, 100 * 365 * D)));
    }
    batteries[when] = errors;
  }
  return { leaks, warned, leads, pipes, falseUnits, batteries };
}

function timeAnalysis() {
  const reference = longCurve(4096, 1);
  const curve = longCurve(4096, 2, 5000);
  // Baseline: one pass over the curve and its reference (the difference the view draws).
  const baseline = () => {
    let sum = 0;
    for (let k = 0; k < curve.length; k++) sum += Math.abs((curve[k] ?? 0) - (reference[k] ?? 0));
    return sum;
  };
  const time = (fn: () => unknown, runs: number) => {
    for (let i = 0; i < 20; i++) fn();
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) fn();
    return (performance.now() - t0) / runs;
  };
  const analysis = time(() => locateFaults(curve, reference, 0.6), 200);
  const pass = time(baseline, 2000);
  return { analysis, pass };
}

export async function analyticsBench(): Promise<BenchResult> {
  // Timed first, on a small heap: the scorers' fleets would add their garbage collection to it.
  const timing = timeAnalysis();
  const fleet = buildFleet({ seed: 50, anchor: ANCHOR }, UNITS);
  const f = scoreFaults(fleet);
  const fc = scoreForecasts(fleet);
  // A night of the fleet's curves: every radar channel of 10,000 units, analysis alone (no database).
  const night = buildFleet({ seed: 51, anchor: ANCHOR }, 10_000);
  const curves = night.flatMap((u) =>
    u.radar ? u.channels.map((ch, i) => ({ u, i, ch, reference: radarCurve(u, i + 1, null) })) : [],
  );
  const t0 = performance.now();
  for (const c of curves) locateFaults(radarCurve(c.u, c.i + 1, nightly(ANCHOR)), c.reference, c.ch.pulseSpeed);
  const nightMs = performance.now() - t0;
  const table = (['wet', 'break', 'none'] as const).map(
    (truth) =>
      `| ${truth === 'none' ? 'healthy' : truth} | ${f.confusion[truth].wet} | ${f.confusion[truth].break} | ${f.confusion[truth].none} |`,
  );
  const battery = Object.entries(fc.batteries).map(
    ([when, e]) =>
      `battery, days to 3.3 V from ${when} (${e.year.length} units): median error ${pct(median(e.year), 1)} with a year's history, ${pct(median(e.weeks), 1)} from six weeks alone`,
  );
  return {
    name: `Radar analysis and forecasts against the simulator's truth (${UNITS} units)`,
    lines: [
      `faults located within ±2 sample steps: ${f.located} of ${f.faults} (${pct(f.located, f.faults)}); median error ${median(f.errorsInSteps).toFixed(2)} steps`,
      `suggested faults on healthy channels over 30 nightly curves: ${f.falseChannels} of ${f.healthyChannels} channels (${pct(f.falseChannels, f.healthyChannels)})`,
      '| truth \\ found | wet | break | none |',
      '|---|---|---|---|',
      ...table,
      `leaks (growth ≥ 10 h) warned before level 3 (1 MΩ): ${fc.warned} of ${fc.leaks} (${pct(fc.warned, fc.leaks)}), median lead ${median(fc.leads).toFixed(0)} h, shortest ${Math.min(...fc.leads).toFixed(0)} h`,
      `false forecast warnings on healthy pipe units over a month: ${fc.falseUnits} of ${fc.pipes} (${pct(fc.falseUnits, fc.pipes)})`,
      ...battery,
      `analysis of one 4,096-point curve: ${timing.analysis.toFixed(3)} ms (${(timing.analysis / timing.pass).toFixed(0)}× one pass over it, ${timing.pass.toFixed(4)} ms)`,
      `a night of 10,000 units' curves (${curves.length} channels, analysis alone, one core): ${(nightMs / 1000).toFixed(1)} s`,
    ],
  };
}
