import { randomBytes, randomUUID } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKey, type ApiKeyCreated, type ApiKeyScope } from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';

import type { SessionRow } from './auth.repository.ts';
import { hashToken } from './auth.service.ts';
import { requireCurrentPassword } from './passwords.service.ts';
import { type ApiKeyRow, deleteApiKey, insertApiKey, listApiKeys, useApiKey } from './tokens.repository.ts';

const toApiKey = (k: ApiKeyRow): ApiKey => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes as ApiKeyScope[],
  created: k.created_at.toISOString(),
  lastUsed: k.last_used_at ? k.last_used_at.toISOString() : null,
});

export const apiKeysOf = async (db: Queryable, userId: number) => (await listApiKeys(db, userId)).map(toApiKey);

/** A new personal key: 256 random bits after a recognisable prefix; returned once, stored as a hash. */
export async function createApiKey(
  db: Db,
  who: { userId: number; address: string },
  input: { name: string; scopes: ApiKeyScope[]; currentPassword: string },
): Promise<ApiKeyCreated> {
  await requireCurrentPassword(db, who, input.currentPassword);
  const userId = who.userId;
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await insertApiKey(db, {
    id: randomUUID(),
    user_id: userId,
    name: input.name.trim(),
    prefix: key.slice(0, API_KEY_PREFIX.length + 6),
    scopes: [...input.scopes].sort(),
    keyHash: hashToken(key),
  });
  return { ...toApiKey(row), key };
}

export async function revokeApiKey(db: Queryable, userId: number, id: string) {
  if (!(await deleteApiKey(db, userId, id))) throw new HttpError(404, 'API key not found');
  return { success: true };
}

/** The user a bearer key stands for, as a session row, and its scopes; undefined for an unknown key. */
export async function sessionFromApiKey(db: Queryable, key: string, address: string) {
  if (!key.startsWith(API_KEY_PREFIX)) return undefined;
  const row = await useApiKey(db, hashToken(key));
  if (!row) return undefined;
  const now = new Date();
  const session: SessionRow = {
    id: row.id,
    user_id: row.user_id,
    username: row.username,
    language: row.language,
    current_organization_id: null,
    created_at: row.created_at,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + 3_600_000),
    user_agent: `API key ${row.name}`,
    address,
  };
  return { session, scopes: row.scopes };
}
