import { PASSWORD_MIN_LENGTH, SESSION_COOKIE_DAYS } from '../constants.ts';

/** An account URL: the organization's short name in sign-in links (/a/{accountUrl}). */
export const ACCOUNT_URL_PATTERN = '^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$';
/** A changed account URL keeps redirecting from the old one for this long. */
export const ACCOUNT_URL_REDIRECT_DAYS = 30;

/** An organization's password policy may only raise the spec's minimum of 6. */
export const PASSWORD_POLICY = { min: PASSWORD_MIN_LENGTH, max: 64 } as const;
/** Session lifetime in hours: at most the cookie age (28 days). */
export const SESSION_LIFETIME_HOURS = { min: 1, max: SESSION_COOKIE_DAYS * 24 } as const;

/** A user in several organizations gets the strictest policy of them: the longest minimum, the shortest session. */
export function strictestPolicy(policies: readonly { passwordMinLength: number; sessionLifetimeHours: number }[]) {
  return {
    passwordMinLength: Math.max(PASSWORD_POLICY.min, ...policies.map((p) => p.passwordMinLength)),
    sessionLifetimeHours: Math.min(SESSION_LIFETIME_HOURS.max, ...policies.map((p) => p.sessionLifetimeHours)),
  };
}

/** Password reset links expire within an hour. */
export const RESET_TOKEN_MINUTES = 60;
/** Invitations to set a first password last longer: the invitee may read their mail tomorrow. */
export const INVITATION_TOKEN_HOURS = 72;

export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** API keys are recognisable in logs and secret scanners by this prefix. */
export const API_KEY_PREFIX = 'fwk_';

export const BRAND_COLOR_PATTERN = '^#[0-9a-fA-F]{6}$';

/** Avatars and organization logos: at most 1 MB (413 'Image size exceeded' above). */
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
