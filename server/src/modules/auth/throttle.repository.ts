import type { Queryable } from '../../db/db.ts';

export type ThrottleRow = { failures: number; window_start: Date; last_failure: Date };

export async function findThrottle(db: Queryable, key: string): Promise<ThrottleRow | undefined> {
  const [row] = await db.query<ThrottleRow>(
    'select failures, window_start, last_failure from login_throttle where key = $1',
    [key],
  );
  return row;
}

/** Counts a failure, starting a new window when the key's last one began more than windowS ago. */
export async function countFailure(db: Queryable, key: string, now: Date, windowS: number) {
  await db.query(
    `insert into login_throttle (key, failures, window_start, last_failure) values ($1, 1, $2, $2)
     on conflict (key) do update set
       failures = case when login_throttle.window_start < $2::timestamptz - make_interval(secs => $3) then 1 else login_throttle.failures + 1 end,
       window_start = case when login_throttle.window_start < $2::timestamptz - make_interval(secs => $3) then $2 else login_throttle.window_start end,
       last_failure = $2`,
    [key, now, windowS],
  );
}

/** Serialises the transaction's attempts on this key until it ends. */
export async function lockThrottleKey(tx: Queryable, key: string) {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [key]);
}

export async function clearThrottle(db: Queryable, key: string) {
  await db.query('delete from login_throttle where key = $1', [key]);
}

export async function refundFailure(db: Queryable, key: string) {
  await db.query('update login_throttle set failures = greatest(failures - 1, 0) where key = $1', [key]);
}
