import v8 from 'node:v8';
import vm from 'node:vm';
import { seriesByColumn } from '@fieldwatch/core';
import type { Db } from '../server/src/db/db.ts';
import { EXPORT_PIECE_ROWS } from '../server/src/modules/telemetry/csvExport.service.ts';
import { benchApp, benchDb, benchTargets, bulkUnits } from './fixture.ts';
import type { BenchResult } from './util.ts';

const YEAR_START = '2025-01-01T00:00:00Z';
const YEAR_END = '2026-01-01T00:00:00Z';
/** Sizes exported: the same year for 10 and for 100 units (ten times the rows). */
const SIZES = [10, 100];

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** A year of 10-minute Resistance1 samples (52,560) for each unit, one statement per unit. */
async function loadYear(db: Db, units: readonly number[]) {
  const series = seriesByColumn('Resistance1')?.id ?? 0;
  for (const unit of units) {
    await db.query(
      `insert into samples (unit_id, series, ts, value)
       select $1::int, $2::smallint, ts, 120 + 10 * sin(extract(epoch from ts) / 86400.0) + ($1::int % 7)
       from generate_series($3::timestamptz, $4::timestamptz - interval '10 minutes', interval '10 minutes') ts`,
      [unit, series, YEAR_START, YEAR_END],
    );
  }
}

type Run = { lines: number; bytes: number; ms: number; heapPeak: number; livePeak: number; rssPeak: number };

/** Downloads the export over real HTTP, reading it as it streams, sampling memory every 20 ms. */
async function download(base: string, cookie: string, units: readonly number[]): Promise<Run> {
  gc();
  const heap0 = process.memoryUsage().heapUsed;
  const rss0 = process.memoryUsage().rss;
  let heapPeak = 0;
  let livePeak = 0;
  let rssPeak = 0;
  const sample = () => {
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapUsed - heap0);
    rssPeak = Math.max(rssPeak, m.rss - rss0);
  };
  // Every half second a full collection first: what the export still holds (garbage aside).
  let ticks = 0;
  const timer = setInterval(() => {
    if (++ticks % 25 === 0) {
      gc();
      livePeak = Math.max(livePeak, process.memoryUsage().heapUsed - heap0);
    }
    sample();
  }, 20);
  const t0 = performance.now();
  const q = new URLSearchParams({ units: units.join(','), columns: 'Resistance1', start: YEAR_START, end: YEAR_END });
  const res = await fetch(`${base}/api/v3/device/devices/export.csv?${q}`, { headers: { cookie } });
  if (!res.ok || !res.body) throw new Error(`export failed: ${res.status} ${await res.text()}`);
  let lines = 0;
  let bytes = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
  }
  const ms = performance.now() - t0;
  clearInterval(timer);
  sample();
  return { lines, bytes, ms, heapPeak, livePeak, rssPeak };
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/**
 * The streamed CSV export (`GET /api/v3/device/devices/export.csv`) of a year of 10-minute samples
 * for 10 and for 100 units over real HTTP: throughput, and memory above its level before the
 * export against the rows exported: the main thread's heap still held after a full collection
 * (sampled every half second), its peak with garbage, and the process's peak RSS (PGlite's worker
 * included). A held heap that does not grow with ten times the rows shows nothing is kept whole.
 * `npm run bench -- csv-export`.
 */
export async function csvExportBench(): Promise<BenchResult> {
  const lines: string[] = [];
  for (const kind of benchTargets()) {
    const db = await benchDb(kind);
    const { app, org, cookie } = await benchApp(db);
    try {
      const units = await bulkUnits(db, org, Math.max(...SIZES));
      const t0 = performance.now();
      await loadYear(db, units);
      lines.push(
        `${kind}: loaded ${(units.length * 52_560).toLocaleString('en')} samples in ${((performance.now() - t0) / 1000).toFixed(1)} s; pieces of ≤ ${EXPORT_PIECE_ROWS.toLocaleString('en')} samples`,
      );
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      // A warm-up export (JIT, query plans), then each size.
      await download(base, cookie, units.slice(0, 2));
      for (const n of SIZES) {
        const r = await download(base, cookie, units.slice(0, n));
        lines.push(
          `${kind}, ${n} units × a year: ${(r.lines - 1).toLocaleString('en')} rows, ${mb(r.bytes)} in ${(r.ms / 1000).toFixed(1)} s (${Math.round((r.lines - 1) / (r.ms / 1000)).toLocaleString('en')} rows/s, ${(r.bytes / 1024 / 1024 / (r.ms / 1000)).toFixed(1)} MB/s); heap held after a full GC at most +${mb(r.livePeak)} (peak heap incl. garbage +${mb(r.heapPeak)}), peak RSS +${mb(r.rssPeak)}`,
        );
      }
    } finally {
      await app.close();
      await db.close();
    }
  }
  return { name: 'CSV export streamed: a year of 10-minute samples, 10 vs 100 units', lines };
}
