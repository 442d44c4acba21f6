import { Readable } from 'node:stream';
import { formatLegacyDate, type LegacyDataRow, SERIES, type SeriesDef } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import { NO_AUTHORITY } from '../../plugins/envelopes.ts';

import { parseIdList } from '../../plugins/validation.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import { columnsOf, legacyRange, legacyUnitData } from './data.service.ts';
import { countSamplesUpTo, type SampleRow, samplesBetween } from './telemetry.repository.ts';
import { legacyFlag, unitOf, unitsOf } from './telemetry.service.ts';

/** CSV answers: the legacy GetUnitsDataCSV and the streamed v3 export of several units. */

/** One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF; quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV document (RFC 4180): a header row, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]) {
  return [header, ...rows].map((r) => `${r.map(csvField).join(',')}\r\n`).join('');
}

/** GetUnitsDataCSV: UnitID, DataTime and the requested columns, one line per time. */
function legacyCsv(defs: readonly SeriesDef[], rows: readonly LegacyDataRow[]): string {
  const columns = defs.map((d) => d.column);
  return toCsv(
    ['UnitID', 'DataTime', ...columns],
    rows.map((r) => [r.UnitID, r.DataTime, ...columns.map((c) => r[c] as number | undefined)]),
  );
}

/** Samples read per query while exporting: the most an export holds in memory at once. */
export const EXPORT_PIECE_ROWS = 20_000;
/** The first time window read per unit; later windows adapt to the unit's sample rate. */
const FIRST_WINDOW_MS = 7 * 24 * 3600_000;
const MIN_WINDOW_MS = 60_000;
const MAX_WINDOW_MS = 92 * 24 * 3600_000;
/** At most this many units in one v3 export. */
export const EXPORT_MAX_UNITS = 100;

const msOf = (ts: Date | string) => (ts instanceof Date ? ts.getTime() : Date.parse(ts));

/**
 * The samples of some series of a unit in [start, end), oldest first, in pieces of at most
 * `pieceRows` samples, each ending on a whole second (so a CSV line is never split across two
 * pieces). Each query reads a time window (sized to the unit's sample rate, so a query never
 * sorts much more than a piece) and pages through it by time: a year of a unit reporting every
 * few seconds never sits in memory, and other queries interleave between the pieces.
 */
export async function* samplePieces(
  db: Queryable,
  unitId: number,
  series: readonly number[],
  start: Date,
  end: Date,
  pieceRows = EXPORT_PIECE_ROWS,
): AsyncGenerator<SampleRow[]> {
  const stop = end.getTime();
  let from = start.getTime();
  let windowMs = FIRST_WINDOW_MS;
  while (from < stop) {
    const to = Math.min(stop, from + windowMs);
    const rows = await samplesBetween(db, unitId, series, new Date(from), new Date(to), pieceRows);
    if (rows.length < pieceRows) {
      if (rows.length > 0) yield rows;
      // About half a piece per window at the rate just seen.
      const rate = rows.length / Math.max(1, to - from);
      windowMs = Math.min(MAX_WINDOW_MS, Math.max(MIN_WINDOW_MS, rate > 0 ? pieceRows / 2 / rate : windowMs * 4));
      from = to;
      continue;
    }
    // A full piece: more may follow in this window. Keep whole seconds, read on from the cut.
    const lastSecond = Math.floor(msOf((rows[rows.length - 1] as SampleRow).ts) / 1000);
    let keep = rows.length;
    while (keep > 0 && Math.floor(msOf((rows[keep - 1] as SampleRow).ts) / 1000) === lastSecond) keep--;
    if (keep === 0) {
      // One second holding a whole piece (never from a real unit): go on after its last sample.
      yield rows;
      from = msOf((rows[rows.length - 1] as SampleRow).ts) + 1;
    } else {
      yield rows.slice(0, keep);
      windowMs = Math.max(MIN_WINDOW_MS, lastSecond * 1000 - from);
      from = lastSecond * 1000;
    }
  }
}

/** One CSV line per second of a piece: the lead fields, then a value (or nothing) per column. */
function piecesToCsv(rows: readonly SampleRow[], columnOf: ReadonlyMap<number, number>, lead: (ts: Date) => string) {
  const width = columnOf.size;
  let out = '';
  let second = Number.NaN;
  let first = new Date(0);
  let values: (number | undefined)[] = [];
  const flush = () => {
    if (Number.isNaN(second)) return;
    let line = lead(first);
    for (let i = 0; i < width; i++) {
      const v = values[i];
      line += v === undefined ? ',' : `,${v}`;
    }
    out += `${line}\r\n`;
  };
  for (const r of rows) {
    const ms = msOf(r.ts);
    const s = Math.floor(ms / 1000);
    if (s !== second) {
      flush();
      second = s;
      first = new Date(ms);
      values = new Array(width);
    }
    const column = columnOf.get(Number(r.series));
    if (column !== undefined) values[column] = r.value;
  }
  flush();
  return out;
}

type ExportUnit = { id: number; lead: (ts: Date) => string };

/**
 * A CSV document as a stream: the header, then each unit's lines in time order, read piece by
 * piece as the reader takes them (backpressure: nothing is read ahead of a slow client).
 */
function csvStream(
  db: Queryable,
  header: readonly string[],
  units: readonly ExportUnit[],
  defs: readonly SeriesDef[],
  start: Date,
  end: Date,
): Readable {
  const ids = defs.map((d) => d.id);
  const columnOf = new Map(defs.map((d, i) => [d.id, i]));
  async function* lines() {
    yield `${header.map(csvField).join(',')}\r\n`;
    if (!(start < end)) return;
    for (const unit of units) {
      for await (const rows of samplePieces(db, unit.id, ids, start, end)) {
        yield piecesToCsv(rows, columnOf, unit.lead);
      }
    }
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 1 });
}

/**
 * GetUnitsDataCSV: UnitID, DataTime and the requested columns, one line per second that has a
 * value, every sample from StartDate to StopDate (never downsampled), streamed. LastValue answers
 * the one row of GetUnitsData.
 */
export async function legacyCsvExport(
  db: Queryable,
  session: SessionRow,
  q: { Columns: string; StartDate: string; UnitID: number; LastValue?: string; StopDate?: string },
): Promise<string | Readable> {
  if (legacyFlag(q.LastValue)) {
    const { defs, rows } = await legacyUnitData(db, session, q);
    return legacyCsv(defs, rows);
  }
  const defs = columnsOf(q.Columns);
  const { start, end } = legacyRange(q);
  const unit = await unitOf(db, session, q.UnitID);
  const header = ['UnitID', 'DataTime', ...defs.map((d) => d.column)];
  const lead = (ts: Date) => `${unit.id},${formatLegacyDate(ts)}`;
  return csvStream(db, header, [{ id: unit.id, lead }], defs, start, end);
}

/**
 * A text field a spreadsheet would read as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe (OWASP's advice for CSV exports of user-entered text).
 */
export const csvText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The comma-joined unit ids of an export; 400 naming `units` when empty or too many. */
function exportUnitIds(text: string): number[] {
  const ids = [...new Set(parseIdList(text, 'units'))];
  if (ids.length === 0) throw new HttpError(400, 'units: a comma-joined list of unit ids');
  if (ids.length > EXPORT_MAX_UNITS) throw new HttpError(400, `units: at most ${EXPORT_MAX_UNITS} units per export`);
  return ids;
}

/**
 * The v3 export of several units: UnitID, UnitName, DataTime (ISO, UTC) and the columns, one
 * line per unit and second, units in the order asked, streamed. Without `columns`, the columns any
 * of the units has a value in during the range. A unit the caller may not see is a 404 for the
 * whole export, like a missing one.
 */
export async function unitsCsvExport(
  db: Queryable,
  session: SessionRow,
  q: { units: string; columns?: string },
  range: { start: Date; end: Date },
): Promise<Readable> {
  const ids = exportUnitIds(q.units);
  const columns = q.columns?.trim() ? columnsOf(q.columns, 'columns') : undefined;
  const visible = new Map((await unitsOf(db, session, ids)).map((u) => [u.id, u]));
  if (ids.some((id) => !visible.has(id))) throw new HttpError(404, NO_AUTHORITY);
  const { start, end } = range;
  let defs = columns;
  if (!defs) {
    const present = new Set<number>();
    for (const id of ids) {
      const counts = await countSamplesUpTo(
        db,
        id,
        SERIES.map((s) => s.id),
        start,
        end,
        1,
      );
      for (const [series, n] of counts) if (n > 0) present.add(series);
    }
    defs = SERIES.filter((s) => present.has(s.id));
  }
  const units = ids.map((id): ExportUnit => {
    const lead = `${id},${csvField(csvText((visible.get(id) as { unit_name: string }).unit_name))},`;
    return { id, lead: (ts) => lead + ts.toISOString().replace('.000Z', 'Z') };
  });
  return csvStream(
    db,
    ['UnitID', 'UnitName', 'DataTime', ...defs.map((d) => d.column)],
    units,
    defs,
    range.start,
    range.end,
  );
}
