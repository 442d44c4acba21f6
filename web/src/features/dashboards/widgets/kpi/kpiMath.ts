import type {
  KpiAlarmRow,
  KpiBatteryRow,
  ParkingReport,
  ParkingUnitUsage,
  UnitShowValue,
  UnitStatus,
} from '@fieldwatch/core';

/** Pure figures behind the KPI widgets (tested in kpiMath.test.ts). */

/** Statuses in the order the status widget lists them: worst first, inactive last. */
export const STATUS_ORDER: readonly UnitStatus[] = ['alarm', 'problem', 'ok', 'inactive'];

/**
 * Shares of a whole in percent, rounded so that they add up to exactly 100 (largest remainder):
 * a bar of four segments never shows 101 %. All zero when the total is zero.
 */
export function roundedShares(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total <= 0) return counts.map(() => 0);
  const exact = counts.map((c) => (c * 100) / total);
  const floors = exact.map(Math.floor);
  let left = 100 - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    left -= 1;
  }
  return floors;
}

export type BatteryBin = { voltage: number; low: number; ok: number };
type BatterySummary = { low: number; ok: number; total: number; bins: BatteryBin[] };

/**
 * GetKPIBattery rows (units per 0.1 V and status) as low / ok totals and a histogram of `maxBins`
 * bins at most from the lowest to the highest voltage, empty steps included so the axis is even.
 */
export function batterySummary(rows: readonly KpiBatteryRow[], maxBins = 16): BatterySummary {
  const units = (r: KpiBatteryRow) => r.D.reduce((n, d) => n + d.NoOffUnits, 0);
  let low = 0;
  let ok = 0;
  for (const r of rows) {
    if (r.Status === 'low') low += units(r);
    else ok += units(r);
  }
  if (rows.length === 0) return { low, ok, total: 0, bins: [] };
  // Tenths of a volt as integers: 3.3 V → 33, so bins never drift with floating point.
  const tenths = rows.map((r) => Math.round(r.DataBatteryVoltage * 10));
  const lo = Math.min(...tenths);
  const hi = Math.max(...tenths);
  const width = Math.max(1, Math.ceil((hi - lo + 1) / maxBins));
  const count = Math.floor((hi - lo) / width) + 1;
  const bins: BatteryBin[] = Array.from({ length: count }, (_, i) => ({
    voltage: (lo + i * width) / 10,
    low: 0,
    ok: 0,
  }));
  rows.forEach((r, i) => {
    const bin = bins[Math.floor(((tenths[i] ?? lo) - lo) / width)];
    if (bin) bin[r.Status === 'low' ? 'low' : 'ok'] += units(r);
  });
  return { low, ok, total: low + ok, bins };
}

export type DayBar = { date: string; until: string; count: number; today: boolean };

const DAY = 24 * 60 * 60 * 1000;
const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * GetKPIAlarms rows (count per UTC day) as bars from the day of `start` to the day of `end`, days
 * without alarms included; more than `maxBars` days are merged into buckets of whole days. The bar
 * holding the day of `now` is today's.
 */
export function alarmBars(rows: readonly KpiAlarmRow[], start: Date, end: Date, now: Date, maxBars = 62): DayBar[] {
  const first = Date.parse(`${utcDay(start.getTime())}T00:00:00Z`);
  const last = Date.parse(`${utcDay(end.getTime())}T00:00:00Z`);
  if (!(last >= first)) return [];
  const days = Math.round((last - first) / DAY) + 1;
  const size = Math.ceil(days / maxBars);
  const counts = new Map(rows.map((r) => [r.AlarmDate.slice(0, 10), r.Count]));
  const today = utcDay(now.getTime());
  const bars: DayBar[] = [];
  for (let i = 0; i < days; i += size) {
    const bar: DayBar = { date: utcDay(first + i * DAY), until: '', count: 0, today: false };
    for (let j = i; j < Math.min(days, i + size); j++) {
      const day = utcDay(first + j * DAY);
      bar.count += counts.get(day) ?? 0;
      bar.until = day;
      if (day === today) bar.today = true;
    }
    bars.push(bar);
  }
  return bars;
}

export type ParkingNow = { occupied: number; free: number; unknown: number };

/** Occupied now vs free from each parking unit's latest Occupied value (1 occupied, 0 free). */
export function parkingNow(unitIds: readonly number[], values: readonly UnitShowValue[]): ParkingNow {
  const byId = new Map(values.map((v) => [v.UnitID, v]));
  const out: ParkingNow = { occupied: 0, free: 0, unknown: 0 };
  for (const id of unitIds) {
    const occupied = byId.get(id)?.Values.Occupied;
    if (occupied === undefined || !Number.isFinite(occupied)) out.unknown += 1;
    else if (occupied >= 0.5) out.occupied += 1;
    else out.free += 1;
  }
  return out;
}

/** The `n` units with the highest occupancy, ties by name. */
export function topByOccupancy(report: Pick<ParkingReport, 'Units'>, n: number): ParkingUnitUsage[] {
  return [...report.Units]
    .sort((a, b) => b.Occupancy - a.Occupancy || a.UnitName.localeCompare(b.UnitName))
    .slice(0, n);
}
