import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './common.ts';

/** Days an organization's audit entries are kept unless it sets its own. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;
export const MIN_AUDIT_RETENTION_DAYS = 30;
export const MAX_AUDIT_RETENTION_DAYS = 3650;
/** Entries of one page of the audit trail, at most. */
export const AUDIT_PAGE_SIZE = 200;

/** One change as the audit trail keeps it: facts, never a sentence. */
export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  organizationId: Nullable(Type.Integer()),
  userId: Nullable(Type.Integer()),
  username: Nullable(Type.String()),
  apiKey: Nullable(Type.String({ description: 'the API key used, by name; null: a signed-in session' })),
  address: Type.String(),
  action: Type.String({ description: 'the route: method and path template, e.g. PUT /api/v3/user/dashboard/:id' }),
  object: Nullable(Type.String({ description: 'the route parameters naming the object, as JSON' })),
  status: Type.Integer(),
  changes: Type.String({ description: 'the request fields (secrets masked), as JSON' }),
  before: Nullable(Type.String({ description: 'unit settings and alarm limits: those fields before, as JSON' })),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditQuery = Type.Object({
  person: Type.Optional(Type.String({ maxLength: 100, description: 'part of a username' })),
  object: Type.Optional(Type.String({ maxLength: 100, description: 'part of the object or the action' })),
  kind: Type.Optional(
    Type.Union([Type.Literal('signIn'), Type.Literal('change')], {
      description: 'signIn: sign-ins and failed sign-ins; change: everything else',
    }),
  ),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
  before: Type.Optional(Type.Integer({ minimum: 1, description: 'entries older than this id (the next page)' })),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditPage = Type.Object({
  entries: Type.Array(AuditEntry),
  /** The id to ask `before` for the next page; null: this was the last. */
  next: Nullable(Type.Integer()),
  retentionDays: Nullable(Type.Integer()),
});
export type AuditPage = Static<typeof AuditPage>;

export const AuditRetentionBody = Type.Object(
  { days: Nullable(Type.Integer({ minimum: MIN_AUDIT_RETENTION_DAYS, maximum: MAX_AUDIT_RETENTION_DAYS })) },
  { additionalProperties: false },
);
export type AuditRetentionBody = Static<typeof AuditRetentionBody>;
