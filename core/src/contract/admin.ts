import { type Static, Type } from '@sinclair/typebox';
import { accessLevels } from '../roles.ts';
import {
  ACCOUNT_URL_PATTERN,
  BRAND_COLOR_PATTERN,
  PASSWORD_POLICY,
  SESSION_LIFETIME_HOURS,
} from '../users/organizationPolicy.ts';
import { Profile } from './auth.ts';
import { NonBlank, Nullable, PhoneNumber } from './common.ts';
import { ProfileUpdateBody } from './user.ts';

/** The administration calls (/api/v1/admin) and the admin screen's own additions. */
export const Username = Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\s]+$' });
const OrganizationId = Type.Integer({ minimum: 1 });
export const RoleId = Type.Union(accessLevels.map((l) => Type.Literal(l)));

export const ProfilesQuery = Type.Object({ organizationId: Type.Optional(OrganizationId) });
export const AdminProfile = Type.Object({
  username: Type.String(),
  name: Type.String(),
  organizationId: Type.Integer(),
  roleId: Type.Integer(),
  userProfile: Profile,
  avatar: Nullable(Type.String()),
  /** The user's latest sign-in (the profile's lastLogin is the one before it). */
  lastSignIn: Nullable(Type.String({ format: 'date-time' })),
});
export type AdminProfile = Static<typeof AdminProfile>;

const closed = { additionalProperties: false } as const;
export const DeleteProfileBody = Type.Object({ username: Username, organizationId: OrganizationId }, closed);
export const UpdateUserRoleBody = Type.Object(
  { username: Username, organizationId: OrganizationId, roleId: RoleId },
  closed,
);
export const UpdateUserPasswordBody = Type.Object(
  { username: Username, newPassword: Type.String({ minLength: 1, maxLength: 1024 }) },
  closed,
);
export const UpdateUserProfileBody = Type.Object({ username: Username, userProfile: ProfileUpdateBody }, closed);
export const UsernameBody = Type.Object({ username: Username }, closed);
export const AddUserBody = Type.Object(
  {
    username: Username,
    name: Type.String({ maxLength: 200 }),
    organizationId: OrganizationId,
    /** Beyond the spec's three fields: the role (default Reader) and an address for the invitation. */
    roleId: Type.Optional(RoleId),
    email: Type.Optional(Type.String({ maxLength: 254 })),
  },
  closed,
);
export type AddUserBody = Static<typeof AddUserBody>;
/** How the server hands a person a mail: through the mail server (SMTP_URL), or into its log when it has none. */
export const MailDelivery = Type.Union([Type.Literal('mail'), Type.Literal('log')]);
export type MailDelivery = Static<typeof MailDelivery>;
export const AddUserResult = Type.Object({
  username: Type.String(),
  created: Type.Boolean(),
  invited: Type.Boolean(),
  /** With an invitation: where it went, so the administrator is told the truth about it. */
  delivery: Type.Optional(MailDelivery),
});
export type AddUserResult = Static<typeof AddUserResult>;

/**
 * Join requests: a person whose company is already on the product asks, from the NFC onboarding,
 * to join the organization of an account URL; its SuperUsers accept (adding them with a role and
 * an invitation, as Add user does) or decline.
 */
export const JOIN_MESSAGE_MAX = 500;
export const JoinRequestBody = Type.Object(
  {
    accountUrl: Type.String({ pattern: ACCOUNT_URL_PATTERN, maxLength: 40 }),
    name: Type.String({ maxLength: 200 }),
    email: Type.String({ minLength: 3, maxLength: 254 }),
    phone: Type.Optional(PhoneNumber),
    message: Type.Optional(Type.String({ maxLength: JOIN_MESSAGE_MAX })),
  },
  closed,
);
export type JoinRequestBody = Static<typeof JoinRequestBody>;
export const JoinRequestSent = Type.Object({ organization: Type.String({ description: 'whom the request went to' }) });
export type JoinRequestSent = Static<typeof JoinRequestSent>;
export const JoinRequest = Type.Object({
  id: Type.Integer(),
  organizationId: Type.Integer(),
  organization: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  message: Nullable(Type.String()),
  created: Type.String({ format: 'date-time' }),
});
export type JoinRequest = Static<typeof JoinRequest>;
export const JoinRequestParam = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export const AcceptJoinRequestBody = Type.Object({ username: Username, roleId: RoleId }, closed);
export type AcceptJoinRequestBody = Static<typeof AcceptJoinRequestBody>;

export const AdminOrganization = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parentOrganizationId: Nullable(Type.Integer()),
  avatar: Nullable(Type.String()),
  accountUrl: Nullable(Type.String()),
  units: Type.Integer(),
  users: Type.Integer(),
  /** A trial organization made through a tag: when its trial ends, or null for a customer. */
  trialEndsAt: Nullable(Type.String({ format: 'date-time' })),
});
export type AdminOrganization = Static<typeof AdminOrganization>;

const Field = Type.Optional(Type.String({ maxLength: 200 }));
/** Contact and billing fields. */
export const ContactFields = Type.Object(
  { name: Field, email: Field, address: Field, zip: Field, city: Field, country: Field, phone: Field },
  closed,
);
export type ContactFields = Static<typeof ContactFields>;

export const OrganizationParam = Type.Object({ id: OrganizationId });
export const OrganizationNameBody = Type.Object({ name: NonBlank({ maxLength: 100 }) }, closed);
export const AddOrganizationBody = Type.Object(
  { parentOrganizationId: OrganizationId, organizationName: NonBlank({ maxLength: 100 }) },
  closed,
);
export const MoveOrganizationBody = Type.Object({ parentOrganizationId: OrganizationId }, closed);

/** General, customization and security settings of one organization. */
export const OrganizationSettings = Type.Object(
  {
    accountUrl: Nullable(Type.String({ pattern: ACCOUNT_URL_PATTERN, maxLength: 40 })),
    theme: Nullable(Type.Union([Type.Literal('Dark'), Type.Literal('Bright')])),
    brandColor: Nullable(Type.String({ pattern: BRAND_COLOR_PATTERN })),
    passwordMinLength: Type.Integer({ minimum: PASSWORD_POLICY.min, maximum: PASSWORD_POLICY.max }),
    sessionLifetimeHours: Type.Integer({ minimum: SESSION_LIFETIME_HOURS.min, maximum: SESSION_LIFETIME_HOURS.max }),
    /** Everyone whose role is in this organization or below it must use two-factor sign-in (always answered; optional to send). */
    requireTwoFactor: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type OrganizationSettings = Static<typeof OrganizationSettings>;

/** A session of a user of the organization, for the security tab. */
export const OrganizationSession = Type.Object({
  id: Type.String(),
  username: Type.String(),
  name: Type.String(),
  created: Type.String({ format: 'date-time' }),
  lastSeen: Type.String({ format: 'date-time' }),
  userAgent: Type.String(),
  address: Type.String(),
  current: Type.Boolean(),
});
export type OrganizationSession = Static<typeof OrganizationSession>;
export const OrganizationSessionParam = Type.Object({ id: OrganizationId, session: Type.String({ format: 'uuid' }) });

/** Dashboards of an organization's users; personal ones, and the organization's workspace (useContext). */
export const OwnedDashboard = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  owner: Type.String(),
  ownerName: Type.String(),
  workspace: Type.Boolean(),
  updated: Type.String({ format: 'date-time' }),
});
export type OwnedDashboard = Static<typeof OwnedDashboard>;
export const DashboardTransferBody = Type.Object(
  {
    from: Username,
    to: Username,
    /** 'personal': the user's own dashboards; 'workspace': the ones made in this organization's context. */
    scope: Type.Union([Type.Literal('personal'), Type.Literal('workspace')]),
  },
  closed,
);
export const DashboardTransferResult = Type.Object({ moved: Type.Integer() });

export const UsageQuery = Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, default: 30 })) });
const UsageDay = Type.Object({ day: Type.String(), samples: Type.Integer(), alarms: Type.Integer() });
export const OrganizationUsage = Type.Object({
  units: Type.Integer(),
  users: Type.Integer(),
  /** Units and users as they grew: how many existed at the end of each day. */
  days: Type.Array(Type.Composite([UsageDay, Type.Object({ units: Type.Integer(), users: Type.Integer() })])),
});
export type OrganizationUsage = Static<typeof OrganizationUsage>;
