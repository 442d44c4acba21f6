import type { Queryable } from '../../db/db.ts';

export type TwoFactorRow = { secret: string; enabled_at: Date | null; last_step: string | null };

export async function findTwoFactor(db: Queryable, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await db.query<TwoFactorRow>(
    'select secret, enabled_at, last_step::text as last_step from user_two_factor where user_id = $1',
    [userId],
  );
  return row;
}

/** A new enrolment replaces one not yet confirmed; never an enabled one. False when two-factor is enabled. */
export async function startEnrolment(db: Queryable, userId: number, sealedSecret: string): Promise<boolean> {
  const rows = await db.query(
    `insert into user_two_factor (user_id, secret) values ($1, $2)
     on conflict (user_id) do update set secret = excluded.secret, last_step = null, created_at = now()
       where user_two_factor.enabled_at is null
     returning user_id`,
    [userId, sealedSecret],
  );
  return rows.length > 0;
}

/**
 * Takes the code's time step if it is newer than every step accepted before (one statement, so two
 * requests with the same code cannot both pass); `enable` also turns two-factor on. False: replayed.
 */
export async function takeStep(db: Queryable, userId: number, step: number, enable: boolean): Promise<boolean> {
  const rows = await db.query(
    `update user_two_factor set last_step = $2,
       enabled_at = case when $3::boolean then coalesce(enabled_at, now()) else enabled_at end
     where user_id = $1 and (last_step is null or last_step < $2) returning user_id`,
    [userId, step, enable],
  );
  return rows.length > 0;
}

export async function deleteTwoFactor(db: Queryable, userId: number) {
  await db.query('delete from user_two_factor where user_id = $1', [userId]);
  await db.query('delete from two_factor_recovery_codes where user_id = $1', [userId]);
  await db.query('delete from two_factor_challenges where user_id = $1', [userId]);
}

export async function replaceRecoveryCodes(db: Queryable, userId: number, hashes: readonly string[]) {
  await db.query('delete from two_factor_recovery_codes where user_id = $1', [userId]);
  await db.query('insert into two_factor_recovery_codes (user_id, code_hash) select $1, unnest($2::text[])', [
    userId,
    hashes,
  ]);
}

/** Spends a recovery code: true only for the one request that marks it used. */
export async function spendRecoveryCode(db: Queryable, userId: number, hash: string): Promise<boolean> {
  const rows = await db.query(
    `update two_factor_recovery_codes set used_at = now()
     where user_id = $1 and code_hash = $2 and used_at is null returning user_id`,
    [userId, hash],
  );
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from two_factor_recovery_codes where user_id = $1 and used_at is null',
    [userId],
  );
  return row?.n ?? 0;
}

/**
 * Whether an organization where the user holds a role, or one above it, requires two-factor sign-in
 * (a role reaches down the tree, and so does the policy).
 */
export async function isTwoFactorRequired(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.query<{ required: boolean }>(
    `with recursive up (id) as (
       select organization_id from user_roles where user_id = $1
       union
       select o.parent_organization_id from organizations o join up on o.id = up.id
       where o.parent_organization_id is not null
     )
     select exists (select 1 from organizations o join up on up.id = o.id where o.require_two_factor) as required`,
    [userId],
  );
  return row?.required ?? false;
}

export type ChallengeRow = { user_id: number; username: string; failures: number; user_agent: string; address: string };

export async function insertChallenge(
  db: Queryable,
  c: { tokenHash: string; userId: number; expiresAt: Date; userAgent: string; address: string },
) {
  // A user's expired challenges go with each new one.
  await db.query('delete from two_factor_challenges where user_id = $1 and expires_at <= now()', [c.userId]);
  await db.query(
    `insert into two_factor_challenges (token_hash, user_id, expires_at, user_agent, address) values ($1, $2, $3, $4, $5)`,
    [c.tokenHash, c.userId, c.expiresAt, c.userAgent, c.address],
  );
}

export async function findLiveChallenge(db: Queryable, tokenHash: string): Promise<ChallengeRow | undefined> {
  const [row] = await db.query<ChallengeRow>(
    `select c.user_id, u.username, c.failures, c.user_agent, c.address
     from two_factor_challenges c join users u on u.id = c.user_id
     where c.token_hash = $1 and c.expires_at > now()`,
    [tokenHash],
  );
  return row;
}

/** Counts a wrong code; the challenge is gone at `limit` failures. */
export async function failChallenge(db: Queryable, tokenHash: string, limit: number) {
  await db.query('update two_factor_challenges set failures = failures + 1 where token_hash = $1', [tokenHash]);
  await db.query('delete from two_factor_challenges where token_hash = $1 and failures >= $2', [tokenHash, limit]);
}

/** Spends a challenge: true only for the one request that deletes it. */
export async function spendChallenge(db: Queryable, tokenHash: string): Promise<boolean> {
  const rows = await db.query('delete from two_factor_challenges where token_hash = $1 returning user_id', [tokenHash]);
  return rows.length > 0;
}
