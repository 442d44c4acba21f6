import { type Static, Type } from '@sinclair/typebox';
import { ERROR_CONTEXT_KEYS_MAX, ERROR_CONTEXT_VALUE_MAX, ERROR_MESSAGE_MAX, ERROR_STACK_MAX } from '../constants.ts';
import { Nullable } from './common.ts';

/** Error reporting: browser errors and unhandled server errors, grouped for the platform admin. */

export const ErrorSource = Type.Union([Type.Literal('browser'), Type.Literal('server')]);
export type ErrorSource = Static<typeof ErrorSource>;

const ContextValue = Type.Union([
  Type.String({ maxLength: ERROR_CONTEXT_VALUE_MAX }),
  Type.Number(),
  Type.Boolean(),
  Type.Null(),
]);
export const ErrorContext = Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$' }), ContextValue, {
  maxProperties: ERROR_CONTEXT_KEYS_MAX,
});
export type ErrorContext = Static<typeof ErrorContext>;

/** POST /api/v1/errors: what a browser reports (with or without a session). */
export const BrowserErrorReport = Type.Object(
  {
    message: Type.String({ minLength: 1, maxLength: ERROR_MESSAGE_MAX }),
    stack: Type.Optional(Type.String({ maxLength: ERROR_STACK_MAX })),
    context: Type.Optional(ErrorContext),
  },
  { additionalProperties: false },
);
export type BrowserErrorReport = Static<typeof BrowserErrorReport>;

/** One group of identical errors (same source, message and first stack frame) as the admin screen lists it. */
export const ErrorReport = Type.Object({
  id: Type.Integer(),
  source: ErrorSource,
  message: Type.String(),
  stack: Type.String(),
  /** The latest occurrence's context. */
  context: Type.Record(Type.String(), Type.Unknown()),
  count: Type.Integer(),
  firstSeen: Type.String({ format: 'date-time' }),
  lastSeen: Type.String({ format: 'date-time' }),
  user: Nullable(Type.Object({ id: Type.Integer(), username: Type.String() })),
  organization: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type ErrorReport = Static<typeof ErrorReport>;

export const ErrorReportsQuery = Type.Object({
  source: Type.Optional(ErrorSource),
  limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
});
export type ErrorReportsQuery = Static<typeof ErrorReportsQuery>;

export const ErrorReportPage = Type.Object({ total: Type.Integer(), reports: Type.Array(ErrorReport) });
export type ErrorReportPage = Static<typeof ErrorReportPage>;
