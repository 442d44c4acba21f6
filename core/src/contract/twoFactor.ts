import { type Static, Type } from '@sinclair/typebox';
import { LoginResponse } from './auth.ts';

/** TOTP per RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
/** Ten single-use recovery codes per user. */
export const RECOVERY_CODE_COUNT = 10;
/** A pending second step lives five minutes and dies at the fifth wrong code. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
export const TWO_FACTOR_CHALLENGE_ATTEMPTS = 5;
/** The 403 of every signed-in call (but enrolment's) while a user under the policy has not enrolled. */
export const TWO_FACTOR_REQUIRED = 'two_factor_required';

/** A TOTP code: six digits. */
export const TotpCode = Type.String({ pattern: '^[0-9]{6}$' });
/** A TOTP code or a recovery code ('k7hq2-x9mfd'); spaces and dashes are ignored. */
export const TwoFactorCode = Type.String({ minLength: 6, maxLength: 32, pattern: '^[0-9A-Za-z -]+$' });

/** The password step's answer for an account with two-factor sign-in: no session yet, a challenge for the second step. */
export const TwoFactorChallenge = Type.Object({
  twoFactorRequired: Type.Literal(true),
  /** Opaque; send it back with a code to POST /api/v2/auth/login/two-factor within five minutes. */
  challenge: Type.String(),
});
export type TwoFactorChallenge = Static<typeof TwoFactorChallenge>;

/** What the password step answers: signed in (the spec's answer), or a challenge for the second step. */
export const LoginAnswer = Type.Union([LoginResponse, TwoFactorChallenge]);
export type LoginAnswer = Static<typeof LoginAnswer>;

export const TwoFactorLoginBody = Type.Object(
  { challenge: Type.String({ minLength: 20, maxLength: 100 }), code: TwoFactorCode },
  { additionalProperties: false },
);
export type TwoFactorLoginBody = Static<typeof TwoFactorLoginBody>;

/** The user's two-factor state: enabled, whether a policy requires it, and how many recovery codes are unused. */
export const TwoFactorStatus = Type.Object({
  enabled: Type.Boolean(),
  required: Type.Boolean(),
  recoveryCodesLeft: Type.Integer(),
});
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

/** A started enrolment: the secret (base32) and the otpauth:// URI the QR code holds. */
export const TwoFactorEnrolment = Type.Object({ secret: Type.String(), uri: Type.String() });
export type TwoFactorEnrolment = Static<typeof TwoFactorEnrolment>;

export const TwoFactorConfirmBody = Type.Object({ code: TotpCode }, { additionalProperties: false });
export type TwoFactorConfirmBody = Static<typeof TwoFactorConfirmBody>;

/** Proof that the caller holds the account: a current code (or recovery code), or the password. */
export const TwoFactorProofBody = Type.Union([
  Type.Object({ code: TwoFactorCode }, { additionalProperties: false }),
  Type.Object({ password: Type.String({ minLength: 1, maxLength: 1024 }) }, { additionalProperties: false }),
]);
export type TwoFactorProofBody = Static<typeof TwoFactorProofBody>;

/** Shown once, when two-factor is enabled or the codes are made anew. */
export const RecoveryCodes = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
export type RecoveryCodes = Static<typeof RecoveryCodes>;
