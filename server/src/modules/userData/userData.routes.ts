import {
  DeleteUserDataQuery,
  GetUserDataQuery,
  KeyedRecordSchema,
  KvKeyParams,
  KvQuery,
  KvSetBody,
  KvTypeParam,
  Ok,
  SetUserDataBody,
  StoredUserValueSchema,
} from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import { doc } from '../../families/family.ts';
import { legacyErrorResponses } from '../../families/legacy.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/policy.ts';
import { deleteUserData, getUserData, kvDelete, kvGet, kvSet, setUserData } from './userData.service.ts';

const reads = signedIn({ writes: false });
/** Every call that changes a value, the GET DeleteUserData included. */
const writes = signedIn({ writes: true });
const legacy = doc('legacy v1');
const legacyErrors = legacyErrorResponses(400, 401, 404);
const v1 = doc('key-value');
const v1Errors = errorResponses(400, 401, 404);
const Values = Type.Array(StoredUserValueSchema);

/** The key-value store, v1: records by namespace and id. */
export function userDataRoutes(app: App) {
  const { db } = app;
  const KV = '/api/v1/keyvalue/:type';

  app.get(
    KV,
    {
      config: reads,
      schema: {
        ...v1,
        summary: 'The records of a namespace, or the one with id',
        params: KvTypeParam,
        querystring: KvQuery,
        response: { 200: Type.Array(KeyedRecordSchema), ...v1Errors },
      },
    },
    async (req) => kvGet(db, sessionOf(req), req.params.type, req.query.id),
  );
  app.put(
    `${KV}/:id`,
    {
      config: writes,
      schema: {
        ...v1,
        summary: 'Store a record',
        params: KvKeyParams,
        body: KvSetBody,
        response: { 200: KeyedRecordSchema, ...v1Errors },
      },
    },
    async (req) => kvSet(db, sessionOf(req), req.params.type, req.params.id, req.body.data),
  );
  app.delete(
    `${KV}/:id`,
    {
      config: writes,
      schema: { ...v1, summary: 'Delete a record', params: KvKeyParams, response: { 200: Ok, ...v1Errors } },
    },
    async (req) => kvDelete(db, sessionOf(req), req.params.type, req.params.id),
  );
}

/** The key-value store, legacy v1: GetUserData / SetUserData / DeleteUserData. */
export function userDataLegacyRoutes(app: App) {
  const { db } = app;

  app.get(
    `/GetUserData`,
    {
      config: reads,
      schema: {
        ...legacy,
        summary: "The user's stored values of a ValueType (default 'keyv')",
        querystring: GetUserDataQuery,
        response: { 200: Values, ...legacyErrors },
      },
    },
    async (req) => getUserData(db, sessionOf(req), req.query),
  );
  app.post(
    `/SetUserData`,
    {
      config: writes,
      schema: {
        ...legacy,
        summary: 'Store a value: answers the one stored item',
        body: SetUserDataBody,
        response: { 200: Values, ...legacyErrors },
      },
    },
    async (req) => setUserData(db, sessionOf(req), req.body),
  );
  app.get(
    `/DeleteUserData`,
    {
      config: writes,
      schema: {
        ...legacy,
        summary: 'Delete a value: answers the one deleted item',
        querystring: DeleteUserDataQuery,
        response: { 200: Values, ...legacyErrors },
      },
    },
    async (req) => deleteUserData(db, sessionOf(req), req.query),
  );
}
