import {
  formatLegacyDate,
  mergeParkingReports,
  type ParkingReport,
  readInChunks,
  type TableReport,
} from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { query } from '@/lib/api.ts';
import { api } from '@/lib/http.ts';

/** The report calls of the list and parking widgets (TableReport, GetReportParkingUsage) and their queries. */

type V2<T> = { success: boolean; result?: T; error?: string };

/**
 * TableReport: per unit and column the newest value and min, max, mean and count in the range.
 * A list of more units than one request may carry is read in chunks, all at once, as one report.
 */
async function fetchTableReport(body: {
  unitIds: readonly number[];
  columns: readonly string[];
  start: Date;
  stop: Date;
}): Promise<TableReport> {
  const parts = await readInChunks(body.unitIds, async (unitIds) => {
    const res = await api.post<V2<TableReport>>('/api/v2/report/table', {
      unitIds,
      columns: body.columns,
      start: body.start.toISOString(),
      stop: body.stop.toISOString(),
    });
    if (!res.success || !res.result) throw new Error(res.error ?? 'Request failed');
    return res.result;
  });
  const [first] = parts;
  if (!first) throw new Error('A report needs at least one unit');
  return { ...first, rows: parts.flatMap((p) => p.rows) };
}

/**
 * GetReportParkingUsage over [start, stop) within the daily window 'HH:mm'–'HH:mm' (UTC); more
 * units than one request may carry are read in chunks, all at once, and their totals combined.
 */
async function fetchParkingUsage(
  unitIds: readonly number[],
  start: Date,
  stop: Date,
  window: { windowStart: string; windowStop: string },
): Promise<ParkingReport> {
  const parts = await readInChunks(unitIds, (ids) =>
    api.get<ParkingReport>(
      `/api/v1/xrequest/GetReportParkingUsage${query({
        UnitIDs: ids.join(','),
        StartDate: formatLegacyDate(start),
        StopDate: formatLegacyDate(stop),
        StartDay: window.windowStart,
        StopDay: window.windowStop,
      })}`,
    ),
  );
  const report = mergeParkingReports(parts);
  if (!report) throw new Error('A report needs at least one unit');
  return report;
}

const DAY = 24 * 60 * 60 * 1000;
/** Days of the per-day strip: the newest ones of a longer range. */
const PARKING_DAYS_MAX = 14;

/** The UTC days of [start, end) as [from, to) clipped to the range, newest `max` only. */
export function reportDays(start: Date, end: Date, max = PARKING_DAYS_MAX): { day: string; from: Date; to: Date }[] {
  const out: { day: string; from: Date; to: Date }[] = [];
  for (let d = Math.floor(start.getTime() / DAY) * DAY; d < end.getTime(); d += DAY) {
    const from = Math.max(d, start.getTime());
    const to = Math.min(d + DAY, end.getTime());
    if (from < to) out.push({ day: new Date(d).toISOString().slice(0, 10), from: new Date(from), to: new Date(to) });
  }
  return out.slice(-max);
}

/** One report per day (a request each, run together). */
async function fetchParkingDays(
  unitIds: readonly number[],
  start: Date,
  end: Date,
  window: { windowStart: string; windowStop: string },
): Promise<{ day: string; report: ParkingReport }[]> {
  const days = reportDays(start, end);
  return Promise.all(
    days.map(async (d) => ({ day: d.day, report: await fetchParkingUsage(unitIds, d.from, d.to, window) })),
  );
}

/** The daily window the parking figures count, as the widget settings keep it (UTC 'HH:mm'). */
type ParkingWindow = { windowStart: string; windowStop: string };
type Range = { start: Date; end: Date };

const parkingKey = (kind: string, ids: readonly number[], range: Range, win: ParkingWindow) =>
  [kind, ids, range.start.toISOString(), range.end.toISOString(), win.windowStart, win.windowStop] as const;

/** Each bay's occupancy within the daily window over the range; the last report stays while the next loads. */
export const useParkingUsage = (ids: readonly number[], range: Range, win: ParkingWindow) =>
  useQuery({
    queryKey: parkingKey('parkingUsage', ids, range, win),
    queryFn: () => fetchParkingUsage(ids, range.start, range.end, win),
    enabled: ids.length > 0,
    placeholderData: (previous) => previous,
  });

/** The same report day by day. */
export const useParkingDays = (ids: readonly number[], range: Range, win: ParkingWindow) =>
  useQuery({
    queryKey: parkingKey('parkingDays', ids, range, win),
    queryFn: () => fetchParkingDays(ids, range.start, range.end, win),
    enabled: ids.length > 0,
    placeholderData: (previous) => previous,
  });

/** The list widget's table report of these units and columns over the range; the last stays while the next loads. */
export const useTableReport = (unitIds: readonly number[], columns: readonly string[], range: Range) =>
  useQuery({
    queryKey: ['tableReport', unitIds, columns, range.start.toISOString(), range.end.toISOString()],
    queryFn: () => fetchTableReport({ unitIds, columns, start: range.start, stop: range.end }),
    enabled: unitIds.length > 0,
    placeholderData: (previous) => previous,
  });
