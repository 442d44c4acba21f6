import { type TSchema, Type } from '@sinclair/typebox';
import { PHONE_PATTERN } from '../validation.ts';

/** The error body every failing route answers with: a readable message, and an error flag. */
export const ErrorBody = Type.Object({
  error: Type.Literal(true),
  statusCode: Type.Integer(),
  message: Type.String(),
  /** A stable code beside the message, for the refusals a client acts on (`two_factor_required`). */
  code: Type.Optional(Type.String()),
});

export const Ok = Type.Object({ success: Type.Boolean() });

export const IdParam = Type.Object({ id: Type.Integer({ minimum: 1 }) });

export const NonBlank = (opts: { maxLength?: number } = {}) =>
  Type.String({ minLength: 1, maxLength: opts.maxLength ?? 200, pattern: '\\S' });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PhoneNumber = Type.String({ maxLength: 40, pattern: PHONE_PATTERN });
