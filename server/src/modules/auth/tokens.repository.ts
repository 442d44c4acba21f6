import type { Queryable } from '../../db/db.ts';

/** Password reset and invitation tokens: only their hash is stored. */
export async function insertPasswordToken(
  db: Queryable,
  t: { tokenHash: string; userId: number; purpose: 'reset' | 'invitation'; expiresAt: Date },
) {
  await db.query('insert into password_tokens (token_hash, user_id, purpose, expires_at) values ($1, $2, $3, $4)', [
    t.tokenHash,
    t.userId,
    t.purpose,
    t.expiresAt,
  ]);
}

/** The user of a token that is neither used nor expired. */
export async function findLiveToken(db: Queryable, tokenHash: string) {
  const [row] = await db.query<{ user_id: number; username: string }>(
    `select t.user_id, u.username from password_tokens t join users u on u.id = t.user_id
     where t.token_hash = $1 and t.used_at is null and t.expires_at > now()`,
    [tokenHash],
  );
  return row;
}

/** Uses a token once: of two concurrent uses only one gets the user back. */
export async function consumeToken(db: Queryable, tokenHash: string): Promise<number | undefined> {
  const [row] = await db.query<{ user_id: number }>(
    `update password_tokens set used_at = now()
     where token_hash = $1 and used_at is null and expires_at > now() returning user_id`,
    [tokenHash],
  );
  return row?.user_id;
}

/** A new link makes the user's earlier unused ones worthless. */
export async function expireTokensOfUser(db: Queryable, userId: number) {
  await db.query('update password_tokens set used_at = now() where user_id = $1 and used_at is null', [userId]);
}

export type ApiKeyRow = {
  id: string;
  user_id: number;
  name: string;
  prefix: string;
  scopes: string[];
  created_at: Date;
  last_used_at: Date | null;
};

export async function insertApiKey(
  db: Queryable,
  k: Omit<ApiKeyRow, 'created_at' | 'last_used_at'> & { keyHash: string },
) {
  const [row] = await db.query<ApiKeyRow>(
    `insert into api_keys (id, user_id, name, prefix, key_hash, scopes) values ($1, $2, $3, $4, $5, $6)
     returning id, user_id, name, prefix, scopes, created_at, last_used_at`,
    [k.id, k.user_id, k.name, k.prefix, k.keyHash, k.scopes],
  );
  if (!row) throw new Error('insert into api_keys returned nothing');
  return row;
}

export async function listApiKeys(db: Queryable, userId: number) {
  return db.query<ApiKeyRow>(
    `select id, user_id, name, prefix, scopes, created_at, last_used_at from api_keys
     where user_id = $1 order by created_at desc`,
    [userId],
  );
}

export async function deleteApiKey(db: Queryable, userId: number, id: string): Promise<boolean> {
  const rows = await db.query('delete from api_keys where id = $1 and user_id = $2 returning id', [id, userId]);
  return rows.length > 0;
}

/** Revokes every key of a user: a new password ends what the old one may have let someone mint. */
export async function deleteApiKeysOf(db: Queryable, userId: number): Promise<number> {
  return (await db.query('delete from api_keys where user_id = $1 returning id', [userId])).length;
}

/** The key of a bearer token's hash, marking it used (at most every five minutes). */
export async function useApiKey(db: Queryable, keyHash: string) {
  const [row] = await db.query<ApiKeyRow & { username: string; language: string }>(
    `update api_keys k set last_used_at = case
        when k.last_used_at is null or k.last_used_at < now() - interval '5 minutes' then now() else k.last_used_at end
     from users u where u.id = k.user_id and k.key_hash = $1
     returning k.id, k.user_id, k.name, k.prefix, k.scopes, k.created_at, k.last_used_at, u.username, u.language`,
    [keyHash],
  );
  return row;
}

/** Reset links made for the user within the last `minutes`. */
export async function countRecentResets(db: Queryable, userId: number, minutes: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from password_tokens
     where user_id = $1 and purpose = 'reset' and created_at > now() - make_interval(mins => $2)`,
    [userId, minutes],
  );
  return row?.n ?? 0;
}
