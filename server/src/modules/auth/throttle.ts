import type { Db, Queryable } from '../../db/db.ts';
import {
  clearThrottle,
  countFailure,
  findThrottle,
  lockThrottleKey,
  refundFailure,
  type ThrottleRow,
} from './throttle.repository.ts';

/**
 * Sign-in throttling, kept in the database so that every API instance sees it.
 * - Per address: at most ADDRESS_LIMIT failures per window, then refused until the window ends.
 * - Per account: after ACCOUNT_LIMIT failures, one attempt per ACCOUNT_DELAY_S seconds. The
 *   account is slowed, never locked: an attacker cannot keep its owner out for more than that delay.
 */
export const WINDOW_S = 15 * 60;
export const ADDRESS_LIMIT = 30;
export const ACCOUNT_LIMIT = 10;
export const ACCOUNT_DELAY_S = 30;

const accountKey = (username: string) => `account:${username.toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

async function read(db: Queryable, key: string, now: Date): Promise<ThrottleRow | undefined> {
  const row = await findThrottle(db, key);
  if (!row || now.getTime() - row.window_start.getTime() > WINDOW_S * 1000) return undefined;
  return row;
}

/** Seconds to wait before another attempt is allowed, or 0. */
export async function retryAfter(db: Queryable, username: string, address: string, now = new Date()) {
  const byAddress = await read(db, addressKey(address), now);
  if (byAddress && byAddress.failures >= ADDRESS_LIMIT) {
    return Math.ceil((byAddress.window_start.getTime() + WINDOW_S * 1000 - now.getTime()) / 1000);
  }
  const byAccount = await read(db, accountKey(username), now);
  if (byAccount && byAccount.failures >= ACCOUNT_LIMIT) {
    const wait = byAccount.last_failure.getTime() + ACCOUNT_DELAY_S * 1000 - now.getTime();
    if (wait > 0) return Math.ceil(wait / 1000);
  }
  return 0;
}

export async function recordFailure(db: Queryable, username: string, address: string, now = new Date()) {
  for (const key of [accountKey(username), addressKey(address)]) {
    await countFailure(db, key, now, WINDOW_S);
  }
}

/**
 * Checks the limits and counts this attempt as a failure in one step, so that simultaneous
 * guesses cannot all pass the check before any is counted. Returns the seconds to wait (the
 * attempt is then refused and not counted), or 0 when the attempt may go ahead.
 */
export async function claimAttempt(db: Db, username: string, address: string, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    for (const key of [accountKey(username), addressKey(address)].sort()) {
      await lockThrottleKey(tx, key);
    }
    const wait = await retryAfter(tx, username, address, now);
    if (wait === 0) await recordFailure(tx, username, address, now);
    return wait;
  });
}

/** A successful sign-in clears the account's failures and refunds the attempt to its address. */
export async function recordSuccess(db: Queryable, username: string, address: string) {
  await clearThrottle(db, accountKey(username));
  await refundFailure(db, addressKey(address));
}
