import { type Static, Type } from '@sinclair/typebox';
import { TAG_STATES, TERMS_VERSION } from '../onboarding/onboarding.ts';
import { Access, Profile } from './auth.ts';
import { Nullable, PhoneNumber } from './common.ts';

/** The onboarding calls (/api/v1/nfc): a tag scanned by its uuid, placed by a signed-in user. */
export const TagParam = Type.Object({ uuid: Type.String({ format: 'uuid' }) });
export const TagStateSchema = Type.Union(TAG_STATES.map((s) => Type.Literal(s)));

/** GET /tag/{uuid}: public, so a phone can show what it scanned before anyone signs in. */
export const TagPublic = Type.Object({
  tag_uuid: Type.String(),
  state: TagStateSchema,
  /** The unit's type name (e.g. X1), nothing that identifies its owner. */
  unitType: Type.String(),
});
export type TagPublic = Static<typeof TagPublic>;

/** GET /tag/{uuid}/view: for the signed-in user, with where they may place it and a one-time activation code. */
export const TagOnboardingView = Type.Object({
  tag_uuid: Type.String(),
  state: TagStateSchema,
  unit: Type.Object({
    id: Nullable(Type.Integer()),
    /** The organization of a unit that is the user's own ('yours'); null otherwise. */
    organizationId: Nullable(Type.Integer()),
    name: Type.String(),
    type: Type.String(),
    serial: Type.String(),
    position: Nullable(Type.Tuple([Type.Number(), Type.Number()])),
    location: Type.String(),
  }),
  organizations: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  activationCode: Nullable(Type.String()),
});
export type TagOnboardingView = Static<typeof TagOnboardingView>;

/** POST /tag/{uuid}/config: the onboarding config, which places the unit and activates it. */
export const OnboardingConfigBody = Type.Object(
  {
    activationCode: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
    organizationId: Type.Integer({ minimum: 1 }),
    position: Nullable(
      Type.Tuple([Type.Number({ minimum: -90, maximum: 90 }), Type.Number({ minimum: -180, maximum: 180 })]),
    ),
    location: Type.String({ maxLength: 200 }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
  },
  { additionalProperties: false },
);
export type OnboardingConfigBody = Static<typeof OnboardingConfigBody>;

/** GET /tag/{uuid}/config and the answer of POST: where the unit went and its activation operations. */
export const OnboardingConfig = Type.Object({
  unitId: Type.Integer(),
  organizationId: Type.Integer(),
  position: Nullable(Type.Tuple([Type.Number(), Type.Number()])),
  location: Type.String(),
  activatedAt: Type.String({ format: 'date-time' }),
  /** The operations sent to the unit: its configuration, then the communications test. */
  operations: Type.Array(Type.Object({ operation: Type.String(), seq: Type.Integer() })),
});
export type OnboardingConfig = Static<typeof OnboardingConfig>;

export const UserExistsParams = Type.Object({
  uuid: Type.String({ format: 'uuid' }),
  email: Type.String({ minLength: 3, maxLength: 254 }),
});
export const UserExists = Type.Object({ exists: Type.Boolean() });

/**
 * POST /user/{uuid}/createAccount: the user and their organization together. Creating the account
 * accepts the current terms; a `terms` field, when sent, must name that version.
 */
export const CreateAccountBody = Type.Object(
  {
    user: Type.Object(
      {
        username: Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\s]+$' }),
        password: Type.String({ minLength: 1, maxLength: 1024 }),
        email: Type.String({ minLength: 3, maxLength: 254 }),
        name: Type.String({ maxLength: 200 }),
        phone: Type.Optional(PhoneNumber),
      },
      { additionalProperties: false },
    ),
    organization: Type.Object({ name: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
    terms: Type.Optional(
      Type.Literal(TERMS_VERSION, { description: 'The terms version accepted; left out, it is accepted all the same' }),
    ),
  },
  {
    additionalProperties: false,
    description: `The new user and their trial organisation; creating the account accepts the terms ${TERMS_VERSION}`,
  },
);
export type CreateAccountBody = Static<typeof CreateAccountBody>;
export const CreateAccountResult = Type.Object({
  access: Access,
  profile: Profile,
  organizationId: Type.Integer(),
  trialEndsAt: Type.String({ format: 'date-time' }),
});
