import {
  type DeleteUserDataQuery,
  EventMessages,
  type GetUserDataQuery,
  isKvValue,
  KV_DEFAULT_TYPE,
  type SetUserDataBody,
} from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';

import type { SessionRow } from '../auth/auth.service.ts';
import { deleteValue, findValues, type UserValueRow, upsertValue } from './userData.repository.ts';

/**
 * The key-value store: a user's own values, by namespace (ValueType / type, default
 * 'keyv'; event management keeps its records under '_event_management', containers under '_group')
 * and key. Nobody reads another user's values.
 */
const toStored = (r: UserValueRow) => ({
  ValueID: r.value_id,
  ValueType: r.value_type,
  Default: r.is_default ? ('Y' as const) : ('N' as const),
  JSonData: r.data,
});

function parsed(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

const notFound = () => new HttpError(404, 'Not found');

export async function getUserData(db: Queryable, session: SessionRow, q: GetUserDataQuery) {
  const rows = await findValues(db, session.user_id, {
    type: q.ValueType ?? KV_DEFAULT_TYPE,
    id: q.ValueID,
    isDefault: q.Default === undefined ? undefined : q.Default === 'Y',
  });
  return rows.map(toStored);
}

/** Stores a value; an object is serialised here (spec: 'serialised by default'). Answers the one stored item. */
export async function setUserData(db: Queryable, session: SessionRow, body: SetUserDataBody) {
  const data = typeof body.JSonData === 'string' ? body.JSonData : JSON.stringify(body.JSonData);
  const row = await upsertValue(db, session.user_id, {
    type: body.ValueType ?? KV_DEFAULT_TYPE,
    id: body.ValueID,
    isDefault: body.Default === 'Y',
    data,
  });
  return [toStored(row)];
}

/** Deletes a value and answers it as the one result item; a missing one is 'Not found'. */
export async function deleteUserData(db: Queryable, session: SessionRow, q: DeleteUserDataQuery) {
  const rows = await deleteValue(db, session.user_id, q.ValueType ?? KV_DEFAULT_TYPE, q.ValueID);
  if (rows.length === 0) throw notFound();
  return rows.map(toStored);
}

// The v1 variant: {type, optional id}, {type, id, data}, {type, id}; records are {ID, Data}. ----------

export async function kvGet(db: Queryable, session: SessionRow, type: string, id?: string) {
  return (await findValues(db, session.user_id, { type, id })).map((r) => ({ ID: r.value_id, Data: parsed(r.data) }));
}

export async function kvSet(db: Queryable, session: SessionRow, type: string, id: string, data: unknown) {
  if (!isKvValue(data)) throw new HttpError(400, EventMessages.missingParameters);
  const row = await upsertValue(db, session.user_id, { type, id, isDefault: false, data: JSON.stringify(data) });
  return { ID: row.value_id, Data: parsed(row.data) };
}

export async function kvDelete(db: Queryable, session: SessionRow, type: string, id: string) {
  if ((await deleteValue(db, session.user_id, type, id)).length === 0) throw notFound();
  return { success: true };
}
