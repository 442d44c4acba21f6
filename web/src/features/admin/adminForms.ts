import {
  ACCOUNT_URL_PATTERN,
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  type ContactFields,
  isPhoneNumber,
  PASSWORD_POLICY,
  SESSION_LIFETIME_HOURS,
  type ValidationError,
  validateBlank,
  validateEmail,
} from '@fieldwatch/core';

/**
 * Checks of the admin forms, run in the browser before a call so their texts show inline.
 * Each answers an i18n key with its parameters (core's ValidationError), or null when fine.
 */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'address', 'zip', 'city', 'country'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

const accountUrl = new RegExp(ACCOUNT_URL_PATTERN);
/** An empty account URL means none; anything else must fit the pattern (lowercase, digits, inner hyphens). */
export function accountUrlProblem(value: string): ValidationError | null {
  return value === '' || accountUrl.test(value) ? null : { key: 'admin.general.accountUrlPattern' };
}

/** The sign-in page of an account URL. */
export const signInLink = (origin: string, url: string) => `${origin}/a/${url}`;

/** Contact and billing forms: only the e-mail has a rule, and only when given. */
export function contactProblems(
  values: ContactFields,
  emailLabel: string,
): Partial<Record<ContactField, ValidationError>> {
  const email = values.email?.trim() ?? '';
  const problem = email ? validateEmail(email, emailLabel) : null;
  return problem ? { email: problem } : {};
}

/** Logos and avatars are checked before upload, like the server does: type, then the 1 MB cap. */
export function imageProblem(file: Pick<File, 'type' | 'size'>): ValidationError | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return { key: 'admin.image.type' };
  if (file.size > AVATAR_MAX_BYTES) return { key: 'admin.image.size' };
  return null;
}

/** A password an administrator sets: the organization's minimum length, and the repeat must match. */
export function passwordProblem(password: string, repeat: string, min: number): ValidationError | null {
  if (password.length < min) return { key: 'validation.passwordLength', params: { min } };
  if (password !== repeat) return { key: 'validation.passwordMismatch' };
  return null;
}

export type NewUser = { username: string; name: string; email: string };
export function newUserProblems(
  user: NewUser,
  labels: Record<keyof NewUser, string>,
): Partial<Record<keyof NewUser, ValidationError>> {
  const out: Partial<Record<keyof NewUser, ValidationError>> = {};
  const username = validateBlank(user.username, labels.username);
  if (username) out.username = username;
  else if (/\s/.test(user.username.trim())) out.username = { key: 'admin.users.usernameSpaces' };
  const name = validateBlank(user.name, labels.name);
  if (name) out.name = name;
  const email = user.email.trim() && validateEmail(user.email, labels.email);
  if (email) out.email = email;
  return out;
}

export type ProfileDraft = { name: string; title: string; email: string; phone: string };
/** The profile an administrator edits: a name, and a valid e-mail and phone when given. */
export function profileProblems(
  p: ProfileDraft,
  labels: Record<keyof ProfileDraft, string>,
): Partial<Record<keyof ProfileDraft, ValidationError>> {
  const out: Partial<Record<keyof ProfileDraft, ValidationError>> = {};
  const name = validateBlank(p.name, labels.name);
  if (name) out.name = name;
  const email = p.email.trim() && validateEmail(p.email, labels.email);
  if (email) out.email = email;
  if (!isPhoneNumber(p.phone)) out.phone = { key: 'admin.profile.phonePattern' };
  return out;
}

export type LifetimeUnit = 'hours' | 'days';
/** A session lifetime as the form shows it: whole days when it is some, else hours. */
export function lifetimeParts(hours: number): { amount: number; unit: LifetimeUnit } {
  return hours % 24 === 0 ? { amount: hours / 24, unit: 'days' } : { amount: hours, unit: 'hours' };
}

/** The security form's numbers: password minimum 6..64, session lifetime 1..672 hours. */
export function securityProblems(minLength: string, amount: string, unit: LifetimeUnit) {
  const whole = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s) : Number.NaN);
  const min = whole(minLength);
  const hours = whole(amount) * (unit === 'days' ? 24 : 1);
  const inRange = (v: number, r: { min: number; max: number }) => v >= r.min && v <= r.max;
  const problems: { minLength?: ValidationError; lifetime?: ValidationError } = {};
  if (!inRange(min, PASSWORD_POLICY))
    problems.minLength = { key: 'admin.security.range', params: { ...PASSWORD_POLICY } };
  if (!inRange(hours, SESSION_LIFETIME_HOURS))
    problems.lifetime = {
      key: 'admin.security.lifetimeRange',
      params: {
        min: SESSION_LIFETIME_HOURS.min,
        max: SESSION_LIFETIME_HOURS.max,
        days: SESSION_LIFETIME_HOURS.max / 24,
      },
    };
  return { problems, passwordMinLength: min, sessionLifetimeHours: hours };
}

/** Black or white, whichever reads better on a '#rrggbb' colour (WCAG relative luminance). */
export function textOn(hex: string): '#000000' | '#ffffff' {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with black (l + 0.05) / 0.05 against white 1.05 / (l + 0.05): equal at l ≈ 0.179.
  return l > 0.179 ? '#000000' : '#ffffff';
}
