import type { Queryable } from '../../db/db.ts';
import type { SessionMemo } from './sessionCache.ts';

export type SessionRow = {
  id: string;
  user_id: number;
  username: string;
  /** The user's interface language: texts the server builds (alarm sentences) are answered in it. */
  language: string;
  current_organization_id: number | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  user_agent: string;
  address: string;
  /**
   * The user is under an organisation's "require two-factor" policy and has not enrolled yet: every
   * signed-in route but enrolment's answers 403 (plugins/auth.ts). Read with the live session only.
   */
  two_factor_missing?: boolean;
  /**
   * What a session recognised from memory has already read about its user, kept as long as the
   * session stays in memory (modules/auth/sessionCache.ts); copies of the session share it.
   */
  memo?: SessionMemo;
};

const columns = `s.id, s.user_id, u.username, u.language, s.current_organization_id, s.created_at, s.last_seen_at,
  s.expires_at, s.user_agent, s.address`;

export async function insertSession(
  db: Queryable,
  s: {
    id: string;
    tokenHash: string;
    userId: number;
    organizationId: number | null;
    expiresAt: Date;
    userAgent: string;
    address: string;
  },
) {
  await db.query(
    `insert into sessions (id, token_hash, user_id, current_organization_id, expires_at, user_agent, address)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [s.id, s.tokenHash, s.userId, s.organizationId, s.expiresAt, s.userAgent, s.address],
  );
}

/** Whether the user must still enroll: under a policy (an organization of theirs or above it requires it), not enrolled. */
// Joined laterally after the tables, so the statement (and a trace's cut of it) starts with what it reads.
const twoFactorMissing = `lateral (select (
  not exists (select 1 from user_two_factor f where f.user_id = u.id and f.enabled_at is not null)
  and exists (
    with recursive up (id) as (
      select organization_id from user_roles where user_id = u.id
      union
      select o.parent_organization_id from organizations o join up on o.id = up.id
      where o.parent_organization_id is not null
    )
    select 1 from organizations o join up on up.id = o.id where o.require_two_factor
  )) as two_factor_missing) tf`;

export async function findLiveSession(db: Queryable, tokenHash: string): Promise<SessionRow | undefined> {
  const rows = await db.query<SessionRow>(
    `select ${columns}, tf.two_factor_missing from sessions s join users u on u.id = s.user_id, ${twoFactorMissing}
     where s.token_hash = $1 and s.expires_at > now()`,
    [tokenHash],
  );
  return rows[0];
}

export async function listLiveSessions(db: Queryable, userId: number): Promise<SessionRow[]> {
  return db.query<SessionRow>(
    `select ${columns} from sessions s join users u on u.id = s.user_id
     where s.user_id = $1 and s.expires_at > now() order by s.last_seen_at desc`,
    [userId],
  );
}

/** The repository's deletions return the ids they deleted: auth.service announces them. */
export async function deleteSession(db: Queryable, id: string, userId: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>('delete from sessions where id = $1 and user_id = $2 returning id', [
    id,
    userId,
  ]);
  return rows.map((r) => r.id);
}

export async function touchSession(db: Queryable, id: string) {
  await db.query('update sessions set last_seen_at = now() where id = $1', [id]);
}

export async function setSessionOrganization(db: Queryable, id: string, organizationId: number) {
  await db.query('update sessions set current_organization_id = $2 where id = $1', [id, organizationId]);
}

export async function deleteExpiredSessions(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ id: string }>('delete from sessions where expires_at <= now() returning id');
  return rows.map((r) => r.id);
}

/** Every session of a user but one (or all when `keep` is null). */
export async function deleteOtherSessions(db: Queryable, userId: number, keep: string | null): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'delete from sessions where user_id = $1 and id is distinct from $2 returning id',
    [userId, keep],
  );
  return rows.map((r) => r.id);
}

/** Live sessions of the users holding a role in any of the organizations. */
export async function listSessionsOfOrganizations(db: Queryable, organizationIds: readonly number[]) {
  return db.query<SessionRow & { fullname: string }>(
    `select ${columns}, u.fullname from sessions s join users u on u.id = s.user_id
     where s.expires_at > now()
       and s.user_id in (select user_id from user_roles where organization_id = any($1::int[]))
     order by s.last_seen_at desc limit 500`,
    [organizationIds],
  );
}

export async function findSessionById(db: Queryable, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.query<SessionRow>(
    `select ${columns} from sessions s join users u on u.id = s.user_id where s.id = $1 and s.expires_at > now()`,
    [id],
  );
  return row;
}
