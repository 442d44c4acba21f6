import { type Static, Type } from '@sinclair/typebox';

const key = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const namespace = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.-]+$' });
const yesNo = Type.Unsafe<'Y' | 'N'>({ type: 'string', enum: ['Y', 'N'] });
/** 1 MB of serialised JSON: room for a user's event-management records. */
const MAX_VALUE = 1_000_000;

/** A stored user value. */
export const StoredUserValueSchema = Type.Object({
  ValueID: Type.String(),
  ValueType: Type.String(),
  Default: yesNo,
  JSonData: Type.String(),
});

export const GetUserDataQuery = Type.Object({
  ValueID: Type.Optional(key),
  ValueType: Type.Optional(namespace),
  Default: Type.Optional(yesNo),
});
export type GetUserDataQuery = Static<typeof GetUserDataQuery>;

/** JSonData is the serialised value; an object is serialised by the server. */
export const SetUserDataBody = Type.Object(
  {
    ValueID: key,
    JSonData: Type.Union([
      Type.String({ minLength: 1, maxLength: MAX_VALUE }),
      Type.Object({}),
      Type.Array(Type.Unknown()),
    ]),
    ValueType: Type.Optional(namespace),
    Default: Type.Optional(yesNo),
  },
  { additionalProperties: false },
);
export type SetUserDataBody = Static<typeof SetUserDataBody>;

export const DeleteUserDataQuery = Type.Object({ ValueID: key, ValueType: Type.Optional(namespace) });
export type DeleteUserDataQuery = Static<typeof DeleteUserDataQuery>;

/** The v1 variant: {type, optional id}, {type, id, data}, {type, id}; a record is {ID, Data}. */
export const KeyedRecordSchema = Type.Object({ ID: Type.String(), Data: Type.Unknown() });
export const KvTypeParam = Type.Object({ type: namespace });
export const KvQuery = Type.Object({ id: Type.Optional(key) });
export const KvKeyParams = Type.Object({ type: namespace, id: key });
export const KvSetBody = Type.Object({ data: Type.Unknown() }, { additionalProperties: false });
