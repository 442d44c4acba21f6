import {
  formatLegacyDate,
  type ParkingReport,
  type ParkingUnitUsage,
  type SeriesDef,
  seriesByColumn,
  seriesById,
  type TableCell,
  type TableReport,
  parkingUsage as usage,
  WidgetRight,
} from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';

import type { SessionRow } from '../auth/auth.service.ts';
import type { UnitRow } from '../devices/devices.service.ts';
import { reachedOrganizations } from '../organizations/organizations.service.ts';
import { seriesAggregates, stepSamples } from './telemetry.repository.ts';
import { unitsOf } from './telemetry.service.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The parking report covers at most this many days. */
export const PARKING_MAX_DAYS = 366;

/** 'H:mm' or 'HH:mm:ss' as milliseconds after midnight. */
export function dayTime(text: string): number {
  const [h = 0, m = 0, s = 0] = text.split(':').map(Number);
  return ((h * 60 + m) * 60 + s) * 1000;
}

/** The daily windows [day + from, day + to) of every UTC day, clipped to [start, stop). */
function dailyWindows(start: Date, stop: Date, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  const first = Math.floor(start.getTime() / DAY) * DAY;
  for (let day = first; day < stop.getTime(); day += DAY) {
    const a = Math.max(day + from, start.getTime());
    const b = Math.min(day + to, stop.getTime());
    if (a < b) out.push([a, b]);
  }
  return out;
}

/**
 * Milliseconds occupied inside the windows. The Occupied series is a step function: each sample
 * (1 occupied, 0 free) holds until the next one, the last until `stop`.
 */
export function occupiedMs(
  samples: readonly { ts: number; value: number }[],
  windows: [number, number][],
  stop: number,
) {
  let total = 0;
  let w = 0;
  samples.forEach((s, i) => {
    if (s.value < 0.5) return;
    const a = s.ts;
    const b = samples[i + 1]?.ts ?? stop;
    while (w < windows.length && (windows[w]?.[1] ?? 0) <= a) w++;
    for (let j = w; j < windows.length; j++) {
      const [wa, wb] = windows[j] as [number, number];
      if (wa >= b) break;
      total += Math.max(0, Math.min(b, wb) - Math.max(a, wa));
    }
  });
  return total;
}

/**
 * The visible units of customers holding the Parking right: others' units are left out,
 * and a request naming only such units is refused (403) rather than answered with an empty report.
 */
async function parkingUnits(db: Queryable, session: SessionRow, unitIds: readonly number[]): Promise<UnitRow[]> {
  const units = await unitsOf(db, session, unitIds);
  const parking = new Set(
    (await reachedOrganizations(db, session)).filter((o) => o.rights.includes(WidgetRight.Parking)).map((o) => o.id),
  );
  const allowed = units.filter((u) => parking.has(u.organization_id));
  if (units.length > 0 && allowed.length === 0) throw new HttpError(403, 'The customer has no parking right');
  return allowed;
}

/** GetReportParkingUsage: occupancy of each unit within the daily window, and totals. */
export async function parkingUsage(
  db: Queryable,
  session: SessionRow,
  q: { start: Date; stop: Date; startDay: string; stopDay: string; unitIds: readonly number[] },
): Promise<ParkingReport> {
  const from = dayTime(q.startDay);
  const to = dayTime(q.stopDay);
  if (from >= to) throw new HttpError(400, 'StopDay must be after StartDay');
  if (!(q.start < q.stop)) throw new HttpError(400, 'StopDate must be after StartDate');
  if (q.stop.getTime() - q.start.getTime() > PARKING_MAX_DAYS * DAY) {
    throw new HttpError(400, `StopDate: the report covers at most ${PARKING_MAX_DAYS} days`);
  }
  const units = await parkingUnits(db, session, q.unitIds);
  const occupied = seriesByColumn('Occupied');
  const samples =
    occupied && units.length > 0
      ? await stepSamples(
          db,
          units.map((u) => u.id),
          occupied.id,
          q.start,
          q.stop,
        )
      : [];
  const byUnit = new Map<number, { ts: number; value: number }[]>();
  for (const s of samples) {
    const list = byUnit.get(s.unit_id) ?? [];
    list.push({ ts: new Date(s.ts).getTime(), value: s.value });
    byUnit.set(s.unit_id, list);
  }
  const windows = dailyWindows(q.start, q.stop, from, to);
  const windowMs = windows.reduce((n, [a, b]) => n + b - a, 0);
  let totalOccupied = 0;
  const rows: ParkingUnitUsage[] = units.map((u) => {
    const ms = occupiedMs(byUnit.get(u.id) ?? [], windows, q.stop.getTime());
    totalOccupied += ms;
    return { UnitID: u.id, UnitName: u.unit_name, ...usage(ms, windowMs) };
  });
  return {
    StartDate: formatLegacyDate(q.start),
    StopDate: formatLegacyDate(q.stop),
    StartDay: q.startDay,
    StopDay: q.stopDay,
    Units: rows,
    Totals: { Units: rows.length, ...usage(totalOccupied, windowMs * rows.length) },
  };
}

/** The TableReport: per unit and column, the newest value and min, max, mean and count in the range. */
export async function tableReport(
  db: Queryable,
  session: SessionRow,
  q: { unitIds: readonly number[]; series: readonly SeriesDef[]; start: Date; stop: Date },
): Promise<TableReport> {
  const units = await unitsOf(db, session, q.unitIds);
  const aggregates =
    units.length > 0
      ? await seriesAggregates(
          db,
          units.map((u) => u.id),
          q.series.map((s) => s.id),
          q.start,
          q.stop,
        )
      : [];
  const cells = new Map<number, Record<string, TableCell | null>>(
    units.map((u) => [u.id, Object.fromEntries(q.series.map((s) => [s.column, null]))]),
  );
  for (const a of aggregates) {
    const column = seriesById(a.series)?.column;
    const row = cells.get(a.unit_id);
    if (!column || !row) continue;
    row[column] = {
      last: a.last,
      lastTime: new Date(a.last_ts).toISOString(),
      min: a.lo,
      max: a.hi,
      avg: Number(a.mean),
      count: a.n,
    };
  }
  return {
    start: q.start.toISOString(),
    stop: q.stop.toISOString(),
    columns: q.series.map((s) => ({ column: s.column, unit: s.unit })),
    rows: units.map((u) => ({ unitId: u.id, unitName: u.unit_name, values: cells.get(u.id) ?? {} })),
  };
}
