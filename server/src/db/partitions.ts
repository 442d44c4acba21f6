import { DAY_MS } from '@fieldwatch/core';
import type { Db, Queryable } from './db.ts';

/**
 * Monthly partitions of `samples` (migration 012). Months are created ahead of time, and any month
 * that the default partition has caught rows of (late or far-future samples) is created and its
 * rows moved in. Retention drops whole months; the hourly roll-ups stay.
 */

/** Months created ahead of the current one, so that ingest never waits for DDL. */
const MONTHS_AHEAD = 2;
/** Two instances maintaining at once would race on the same DDL: one holds this lock, the other skips. */
const MAINTENANCE_LOCK = 727_012;
const EVERY_MS = 6 * 3600_000;

const monthStart = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const nextMonth = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};
const partitionName = (ms: number) => {
  const d = new Date(ms);
  return `samples_p${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** Creates the partition of one month, moving rows the default partition holds for it. */
async function ensureMonth(tx: Queryable, month: number): Promise<boolean> {
  const name = partitionName(month);
  const [exists] = await tx.query<{ t: string | null }>('select to_regclass($1)::text as t', [name]);
  if (exists?.t) return false;
  // Names and bounds come from integers we computed, never from input.
  const from = new Date(month).toISOString();
  const to = new Date(nextMonth(month)).toISOString();
  const [caught] = await tx.query<{ n: number }>(
    'select count(*)::int as n from samples_default where ts >= $1 and ts < $2',
    [from, to],
  );
  if (caught?.n) {
    await tx.query(
      `create temp table moving on commit drop as
       with d as (delete from samples_default where ts >= '${from}' and ts < '${to}' returning *) select * from d`,
    );
  }
  await tx.query(`create table ${name} partition of samples for values from ('${from}') to ('${to}')`);
  if (caught?.n) {
    await tx.query('insert into samples select * from moving');
    await tx.query('drop table moving');
  }
  return true;
}

/** Makes sure every month from `from` to `to` has its partition (and those the default caught rows of). */
export async function ensureSamplePartitions(db: Db, from: number, to: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [MAINTENANCE_LOCK]);
    if (!lock?.ok) return [];
    const caught = await tx.query<{ y: number; m: number }>(
      `select distinct extract(year from ts at time zone 'UTC')::int as y, extract(month from ts at time zone 'UTC')::int as m
       from samples_default`,
    );
    const months = new Set<number>();
    for (let m = monthStart(from); m <= to; m = nextMonth(m)) months.add(m);
    for (const c of caught) months.add(Date.UTC(c.y, c.m - 1, 1));
    const created: string[] = [];
    for (const m of [...months].sort((a, b) => a - b)) if (await ensureMonth(tx, m)) created.push(partitionName(m));
    return created;
  });
}

/** Drops the months that ended more than `days` ago (0: keep everything). */
export async function dropExpiredSamples(db: Db, days: number, now = Date.now()): Promise<string[]> {
  if (days <= 0) return [];
  const cutoff = now - days * DAY_MS;
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [MAINTENANCE_LOCK]);
    if (!lock?.ok) return [];
    const parts = await tx.query<{ name: string }>(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = 'samples'::regclass and c.relname ~ '^samples_p[0-9]{6}$'`,
    );
    const dropped: string[] = [];
    for (const { name } of parts) {
      const month = Date.UTC(Number(name.slice(9, 13)), Number(name.slice(13, 15)) - 1, 1);
      if (nextMonth(month) > cutoff) continue;
      await tx.query(`drop table ${name}`);
      dropped.push(name);
    }
    await tx.query('delete from samples_default where ts < $1', [new Date(cutoff).toISOString()]);
    return dropped;
  });
}

type PartitionMaintenance = { stop(): void };

/** Runs at once and every six hours: months ahead exist, expired months are dropped. */
export async function startPartitionMaintenance(
  db: Db,
  opts: { retentionDays: number; onError: (err: unknown) => void },
): Promise<PartitionMaintenance> {
  const run = async () => {
    const now = Date.now();
    await ensureSamplePartitions(db, now, monthStart(now) + MONTHS_AHEAD * 31 * DAY_MS);
    await dropExpiredSamples(db, opts.retentionDays, now);
  };
  await run();
  const timer = setInterval(() => run().catch(opts.onError), EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
