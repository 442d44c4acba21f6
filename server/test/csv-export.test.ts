import { seriesByColumn } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/db.ts';
import { csvText, EXPORT_PIECE_ROWS, samplePieces } from '../src/modules/telemetry/csvExport.service.ts';
import { insertSamples } from '../src/modules/telemetry/telemetry.repository.ts';

import { NO_AUTHORITY } from '../src/plugins/envelopes.ts';
import {
  createOrganizationTree,
  createTestApp,
  createUnit,
  createUser,
  signIn,
  signInRoles,
  type TestApp,
} from './helpers.ts';

// CSV exports: the legacy GetUnitsDataCSV and the v3 export of several units, both streamed.
// The units, their samples and the signed-in callers are made once and never changed, so each test
// runs alone and in any order; a test that changes something makes its own (a unit, a traveller).
let t: TestApp;
let alpha = 0;
let user = '';
let reader = '';
let outsider = '';
let traveller = ''; // a Reader of alpha whose profile timezone the file-name test sets
let pipe = 0; // "Pipe, north" with two series
let sensor = 0; // a name a spreadsheet would take for a formula
let busy = 0; // a year of 10-minute samples (more than a piece)
let foreign = 0; // another organisation's unit

const sid = (column: string) => seriesByColumn(column)?.id ?? 0;
const at = (iso: string) => new Date(iso);
const YEAR_START = Date.UTC(2024, 0, 1);
const STEP_MS = 10 * 60_000;
const YEAR_POINTS = 52_560;

const exportUrl = (q: Record<string, string | number>) =>
  `/api/v3/device/devices/export.csv?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`;
const get = (url: string, cookie = user) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const lines = (body: string) => body.split('\r\n').slice(0, -1);

beforeAll(async () => {
  t = await createTestApp();
  const tree = await createOrganizationTree(t.db);
  alpha = tree.alpha;
  pipe = await createUnit(t.db, { organizationId: tree.alpha, serial: 'CSV-1', name: 'Pipe, north "A"' });
  sensor = await createUnit(t.db, { organizationId: tree.north, serial: 'CSV-2', name: '=HYPERLINK("x")' });
  busy = await createUnit(t.db, { organizationId: tree.alpha, serial: 'CSV-3', name: 'Busy' });
  foreign = await createUnit(t.db, { organizationId: tree.beta, serial: 'CSV-4', name: 'Theirs' });
  ({ writer: user, reader, outsider } = await signInRoles(t, tree.alpha, tree.beta));
  await createUser(t.db, {
    username: 'csv-traveller',
    password: 'traveller-password',
    organizationId: tree.alpha,
    role: 2,
  });
  traveller = await signIn(t.app, 'csv-traveller', 'traveller-password');

  await insertSamples(t.db, pipe, [
    { series: sid('Resistance1'), ts: at('2025-03-01T10:00:00Z'), value: 150 },
    { series: sid('PT1'), ts: at('2025-03-01T10:00:00.400Z'), value: 41.5 },
    { series: sid('Resistance1'), ts: at('2025-03-01T10:10:00Z'), value: 149.25 },
    { series: sid('PT1'), ts: at('2025-03-01T10:20:00Z'), value: -3 },
  ]);
  await insertSamples(t.db, sensor, [{ series: sid('Temperature'), ts: at('2025-03-01T10:05:00Z'), value: 21 }]);
  await insertSamples(t.db, foreign, [{ series: sid('Resistance1'), ts: at('2025-03-01T10:00:00Z'), value: 1 }]);
  // A year every 10 minutes, in three inserts of at most ~20,000.
  for (let from = 0; from < YEAR_POINTS; from += 20_000) {
    const n = Math.min(20_000, YEAR_POINTS - from);
    await insertSamples(
      t.db,
      busy,
      Array.from({ length: n }, (_, i) => ({
        series: sid('Resistance1'),
        ts: new Date(YEAR_START + (from + i) * STEP_MS),
        value: from + i,
      })),
    );
  }
});
afterAll(async () => {
  await t?.close();
});

const march = { start: '2025-03-01T00:00:00Z', end: '2025-03-02T00:00:00Z' };

describe('GET /api/v3/device/devices/export.csv', () => {
  it('streams a header and one line per unit and second, units in the order asked', async () => {
    const res = await get(exportUrl({ units: `${pipe},${sensor}`, columns: 'Resistance1,PT1,Temperature', ...march }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="fieldwatch-2025-03-01-2025-03-02.csv"');
    expect(lines(res.body)).toEqual([
      'UnitID,UnitName,DataTime,Resistance1,PT1,Temperature',
      // The two samples in the same second share a line; the name is quoted, its quotes doubled.
      `${pipe},"Pipe, north ""A""",2025-03-01T10:00:00Z,150,41.5,`,
      `${pipe},"Pipe, north ""A""",2025-03-01T10:10:00Z,149.25,,`,
      `${pipe},"Pipe, north ""A""",2025-03-01T10:20:00Z,,-3,`,
      // A name starting like a formula gets an apostrophe (then quotes: it holds some).
      `${sensor},"'=HYPERLINK(""x"")",2025-03-01T10:05:00Z,,,21`,
    ]);
  });

  it('takes the columns the units have values in when none are asked, and answers a header for an empty range', async () => {
    const res = await get(exportUrl({ units: `${sensor},${pipe}`, ...march }));
    expect(lines(res.body)[0]).toBe('UnitID,UnitName,DataTime,Resistance1,PT1,Temperature');
    expect(lines(res.body)[1]).toBe(`${sensor},"'=HYPERLINK(""x"")",2025-03-01T10:05:00Z,,,21`);
    const empty = await get(
      exportUrl({ units: pipe, columns: 'Resistance1', start: '2030-01-01T00:00:00Z', end: '2030-01-02T00:00:00Z' }),
    );
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe('UnitID,UnitName,DataTime,Resistance1\r\n');
    const reading = await get(exportUrl({ units: pipe, columns: 'PT1', ...march }), reader);
    expect(lines(reading.body)).toHaveLength(3);
  });

  it("names the file after the range's days in the user's profile timezone", async () => {
    const prefs = await t.app.inject({
      method: 'PUT',
      url: '/api/v3/user/profile/preferences',
      headers: { cookie: traveller },
      payload: {
        timezone: 'GMT -08:00 Los Angeles',
        timeFormat: '24h',
        dateFormat: 'DD MMM YYYY',
        notification: { email: false, desktop: false },
      },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    const res = await get(exportUrl({ units: pipe, columns: 'PT1', ...march }), traveller);
    expect(res.headers['content-disposition']).toBe('attachment; filename="fieldwatch-2025-02-28-2025-03-01.csv"');
  });

  it("answers 404 when any unit is another organisation's or missing, and 401 without a session", async () => {
    const mixed = await get(exportUrl({ units: `${pipe},${foreign}`, ...march }));
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toMatchObject({ statusCode: 404, message: NO_AUTHORITY });
    expect(mixed.body).not.toContain('Theirs');
    expect((await get(exportUrl({ units: pipe, ...march }), outsider)).statusCode).toBe(404);
    expect((await get(exportUrl({ units: 999_999, ...march }))).statusCode).toBe(404);
    expect((await get(exportUrl({ units: pipe, ...march }), '')).statusCode).toBe(401);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ units: 'abc' }, 'units'],
      [{ units: '' }, 'units'],
      [{ units: Array.from({ length: 101 }, (_, i) => i + 1).join(',') }, 'units'],
      [{ units: pipe, columns: 'Resistance1,Bogus' }, 'Bogus'],
      [{ units: pipe, start: 'yesterday' }, 'start'],
      [{ units: pipe, start: '2025-03-02T00:00:00Z', end: '2025-03-01T00:00:00Z' }, 'start'],
    ];
    for (const [q, field] of cases) {
      const res = await get(exportUrl(q));
      expect(res.statusCode, `${JSON.stringify(q)}: ${res.body}`).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const missing = await get('/api/v3/device/devices/export.csv');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('units');
  });

  it('streams a year of 10-minute samples whole, in order, read in pieces', async () => {
    const year = {
      start: new Date(YEAR_START).toISOString(),
      end: new Date(YEAR_START + 366 * 86_400_000).toISOString(),
    };
    const res = await get(exportUrl({ units: busy, columns: 'Resistance1', ...year }));
    expect(res.statusCode).toBe(200);
    // Streamed: no length known up front.
    expect(res.headers['content-length']).toBeUndefined();
    const rows = lines(res.body);
    expect(rows).toHaveLength(YEAR_POINTS + 1);
    expect(rows[1]).toBe(`${busy},Busy,2024-01-01T00:00:00Z,0`);
    expect(rows[YEAR_POINTS]).toBe(
      `${busy},Busy,${new Date(YEAR_START + (YEAR_POINTS - 1) * STEP_MS).toISOString().replace('.000Z', 'Z')},${YEAR_POINTS - 1}`,
    );
    // Every sample exactly once, in time order: the values count up.
    for (let i = 1; i <= YEAR_POINTS; i++) {
      if (!rows[i]?.endsWith(`,${i - 1}`)) throw new Error(`line ${i}: ${rows[i]}`);
    }
  });
});

describe('reading in pieces', () => {
  /** The database, counting each query's rows. */
  const counting = (db: Queryable) => {
    const sizes: number[] = [];
    const wrapped: Queryable = {
      async query<T>(sql: string, params?: readonly unknown[]) {
        const rows = await db.query<T>(sql, params);
        sizes.push(rows.length);
        return rows;
      },
    };
    return { wrapped, sizes };
  };

  it('never reads more than a piece per query, and never splits a second', async () => {
    const { wrapped, sizes } = counting(t.db);
    const pieces: number[] = [];
    const seen: number[] = [];
    const start = new Date(YEAR_START);
    const end = new Date(YEAR_START + 366 * 86_400_000);
    for await (const rows of samplePieces(wrapped, busy, [sid('Resistance1')], start, end, 5000)) {
      pieces.push(rows.length);
      for (const r of rows) seen.push(r.value);
    }
    expect(Math.max(...sizes)).toBeLessThanOrEqual(5000);
    expect(pieces.length).toBeGreaterThan(YEAR_POINTS / 5000);
    expect(seen).toEqual(Array.from({ length: YEAR_POINTS }, (_, i) => i));
    expect(EXPORT_PIECE_ROWS).toBeLessThan(YEAR_POINTS);
  });

  it('keeps the samples of one second together when a piece is full', async () => {
    const unit = await createUnit(t.db, { organizationId: alpha, serial: 'CSV-5' });
    const columns = ['Resistance1', 'Resistance2', 'PT1'];
    await insertSamples(
      t.db,
      unit,
      Array.from({ length: 30 }, (_, i) =>
        columns.map((c, k) => ({ series: sid(c), ts: new Date(YEAR_START + i * 1000 + k * 100), value: i })),
      ).flat(),
    );
    const pieces: number[][] = [];
    for await (const rows of samplePieces(
      t.db,
      unit,
      columns.map(sid),
      new Date(YEAR_START),
      new Date(YEAR_START + 60_000),
      7,
    )) {
      pieces.push(rows.map((r) => r.value));
    }
    // 7 samples end in the middle of a second: the piece keeps the 2 whole seconds (6 samples).
    for (const p of pieces) expect(p.length % 3).toBe(0);
    expect(pieces.flat()).toEqual(Array.from({ length: 30 }, (_, i) => [i, i, i]).flat());
  });
});

describe('GetUnitsDataCSV', () => {
  const url = (q: Record<string, string | number>) =>
    `/api/v1/xrequest/GetUnitsDataCSV?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`;

  it('streams every sample of the range (never downsampled)', async () => {
    const res = await get(
      url({ Columns: 'Resistance1', StartDate: '2024-01-01 00:00:00', StopDate: '2024-12-31 23:59:59', UnitID: busy }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const rows = lines(res.body);
    expect(rows[0]).toBe('UnitID,DataTime,Resistance1');
    expect(rows[1]).toBe(`${busy},2024-01-01 00:00:00,0`);
    expect(rows).toHaveLength(YEAR_POINTS + 1);
  });

  it('still answers the newest row with LastValue, and the legacy errors', async () => {
    const q = { Columns: 'Resistance1,PT1', StartDate: '2025-03-01 00:00:00', UnitID: pipe };
    const last = await get(url({ ...q, LastValue: '1' }));
    expect(last.body).toBe(`UnitID,DataTime,Resistance1,PT1\r\n${pipe},2025-03-01 10:20:00,149.25,-3\r\n`);
    const foreignRes = await get(url({ ...q, UnitID: foreign }));
    expect(foreignRes.statusCode).toBe(404);
    expect(foreignRes.json()).toEqual({ Result: NO_AUTHORITY });
    expect((await get(url({ ...q, Columns: 'Nope' }))).statusCode).toBe(400);
  });
});

describe('csvText', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvText('=1+1')).toBe("'=1+1");
    expect(csvText('+46 70')).toBe("'+46 70");
    expect(csvText('-x')).toBe("'-x");
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('Pump 3')).toBe('Pump 3');
  });
});
