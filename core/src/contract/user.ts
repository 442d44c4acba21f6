import { type Static, Type } from '@sinclair/typebox';
import { DATE_FORMATS, RESET_TOKEN_PATTERN, TIME_FORMATS } from '../constants.ts';
import { LANGUAGES } from '../languages.ts';
import { API_KEY_SCOPES } from '../users/organizationPolicy.ts';
import { TIMEZONES } from '../users/timezones.ts';
import { Nullable } from './common.ts';

/** The user calls (/api/v3/user) beyond sessions, dashboards and floor plans. */
const Text = (maxLength: number) => Type.String({ maxLength });

/**
 * PUT /profile sends the whole profile; only name, title, email, phone and location are taken;
 * every other field is logged as unknown and ignored, so the body stays open.
 */
export const ProfileUpdateBody = Type.Object(
  {
    name: Type.Optional(Text(200)),
    title: Type.Optional(Text(200)),
    email: Type.Optional(Text(254)),
    /** Required, and checked like a sign-in, when `email` changes: the address is where reset links go. */
    currentPassword: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
    phone: Type.Optional(Type.String({ maxLength: 40, pattern: '^[0-9+()\\-. ]*$' })),
    location: Type.Optional(
      Type.Tuple([Type.Number({ minimum: -90, maximum: 90 }), Type.Number({ minimum: -180, maximum: 180 })]),
    ),
  },
  { additionalProperties: true },
);

const LanguageSchema = Type.Union(LANGUAGES.map((l) => Type.Literal(l)));
export const LanguageQuery = Type.Object({ language: LanguageSchema });

/** Preferences (timeConfig and notification): the profile's time and notification settings. */
export const PreferencesBody = Type.Object(
  {
    timezone: Type.Union(TIMEZONES.map((t) => Type.Literal(t.label))),
    timeFormat: Type.Union(TIME_FORMATS.map((f) => Type.Literal(f))),
    dateFormat: Type.Union(DATE_FORMATS.map((f) => Type.Literal(f))),
    notification: Type.Object({ email: Type.Boolean(), desktop: Type.Boolean() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type PreferencesBody = Static<typeof PreferencesBody>;

const Password = Type.String({ minLength: 1, maxLength: 1024 });
/** POST /profile/password: the second reading of the password change. */
export const PasswordChangeBody = Type.Object(
  { currentPassword: Password, newPassword: Password },
  { additionalProperties: false },
);
/** PUT /password?oldPassword=&newPassword=: the first reading. */
export const PasswordChangeQuery = Type.Object({ oldPassword: Password, newPassword: Password });

const Token = Type.String({ pattern: RESET_TOKEN_PATTERN, description: 'a reset or invitation token' });
export const ResetTokenParam = Type.Object({ token: Token });
export const ChangePasswordBody = Type.Object({ token: Token, newPassword: Password }, { additionalProperties: false });
export const RestoreTokenBody = Type.Object(
  {
    /** The user's e-mail address (names it userId). */
    userId: Type.String({ minLength: 3, maxLength: 254 }),
    /** The reset page's address; only one on this server is used, anything else falls back to it. */
    baseUrl: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export const TokenState = Type.Object({ valid: Type.Literal(true), username: Type.String() });

/** An organization as a member sees it (GET /organization/{id}). */
export const OrganizationView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parentOrganizationId: Nullable(Type.Integer()),
  roleId: Type.Integer(),
  avatar: Nullable(Type.String()),
  accountUrl: Nullable(Type.String()),
  theme: Nullable(Type.Union([Type.Literal('Dark'), Type.Literal('Bright')])),
  brandColor: Nullable(Type.String()),
  /** A trial organization (made through a tag) ends then; after it, it is read-only until converted. */
  trialEndsAt: Nullable(Type.String({ format: 'date-time' })),
});
export type OrganizationView = Static<typeof OrganizationView>;

/** Personal API keys (/api/v3/user/apiKeys): the key is shown once, only its hash is kept. */
export const ApiKeyScopeSchema = Type.Union(API_KEY_SCOPES.map((s) => Type.Literal(s)));
export const ApiKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String(),
  scopes: Type.Array(ApiKeyScopeSchema),
  created: Type.String({ format: 'date-time' }),
  lastUsed: Nullable(Type.String({ format: 'date-time' })),
});
export type ApiKey = Static<typeof ApiKey>;
export const NewApiKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    scopes: Type.Array(ApiKeyScopeSchema, { minItems: 1, maxItems: 2, uniqueItems: true }),
    /** A key acts for its owner without a password, so minting one asks for it. */
    currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export const ApiKeyCreated = Type.Composite([ApiKey, Type.Object({ key: Type.String() })]);
export type ApiKeyCreated = Static<typeof ApiKeyCreated>;
export const ApiKeyIdParam = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** The sign-in page of an account URL: who the user signs in to. */
export const AccountBrand = Type.Object({
  accountUrl: Type.String(),
  name: Type.String(),
  avatar: Nullable(Type.String()),
  brandColor: Nullable(Type.String()),
});
export type AccountBrand = Static<typeof AccountBrand>;
