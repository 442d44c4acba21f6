import { type Static, Type } from '@sinclair/typebox';
import { DATE_FORMATS, TIME_FORMATS } from '../constants.ts';
import { LANGUAGES } from '../languages.ts';
import { actions, resources } from '../roles.ts';
import { Nullable } from './common.ts';

export const LoginBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

/** The client's user profile. */
export const Profile = Type.Object({
  username: Type.String(),
  name: Type.String(),
  title: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  location: Type.Tuple([Type.Number(), Type.Number()]),
  thumbnail: Type.Boolean(),
  avatar: Nullable(Type.String()),
  language: Type.Union(LANGUAGES.map((l) => Type.Literal(l))),
  notification: Type.Object({ email: Type.Boolean(), desktop: Type.Boolean() }),
  timeConfig: Type.Object({
    timeFormat: Type.Union(TIME_FORMATS.map((f) => Type.Literal(f))),
    timezone: Type.String(),
    dateFormat: Type.Union(DATE_FORMATS.map((f) => Type.Literal(f))),
  }),
  lastLogin: Nullable(Type.String({ format: 'date-time' })),
});
export type Profile = Static<typeof Profile>;

/** A customer is an organization the user may see, with its widget rights. */
export const Customer = Type.Object({
  CustomerID: Type.Integer(),
  CustomerName: Type.String(),
  ParentCustomerID: Nullable(Type.Integer()),
  RoleID: Type.Integer(),
  CustomerRights: Type.Array(Type.Object({ Widget: Type.Integer() })),
});
export type Customer = Static<typeof Customer>;

export const Access = Type.Object({
  Username: Type.String(),
  Customers: Type.Array(Customer),
});
export type Access = Static<typeof Access>;

export const LoginResponse = Type.Object({ access: Access, profile: Profile });
export type LoginResponse = Static<typeof LoginResponse>;

export const Session = Type.Object({
  id: Type.String(),
  username: Type.String(),
  created: Type.String({ format: 'date-time' }),
  expires: Type.String({ format: 'date-time' }),
  lastSeen: Type.String({ format: 'date-time' }),
  userAgent: Type.String(),
  address: Type.String(),
  current: Type.Boolean(),
  currentOrganizationId: Nullable(Type.Integer()),
});
export type Session = Static<typeof Session>;

export const SessionIdParam = Type.Object({ session: Type.String({ format: 'uuid' }) });

export const OrganizationSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parentOrganizationId: Nullable(Type.Integer()),
  roleId: Type.Integer(),
  /** A trial organization made through a tag: when the trial ends; absent for a customer. */
  trialEndsAt: Type.Optional(Type.String({ format: 'date-time' })),
});
export type OrganizationSummary = Static<typeof OrganizationSummary>;

/** GET /api/v3/user/session: who is signed in and in which organization. */
export const UserSession = Type.Object({
  id: Type.String(),
  username: Type.String(),
  currentOrganization: Nullable(OrganizationSummary),
  organizations: Type.Array(OrganizationSummary),
});
export type UserSession = Static<typeof UserSession>;

export const CurrentOrganizationQuery = Type.Object(
  { id: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

export const AuthorizedOrganizationsQuery = Type.Object(
  {
    action: Type.Union(actions.map((a) => Type.Literal(a))),
    resource: Type.Union(resources.map((r) => Type.Literal(r))),
    item: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
