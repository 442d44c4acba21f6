import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  isPhoneNumber,
  type Profile,
  type ProfileUpdate,
  ProfileUpdateBody,
  profileProblems,
  type ValidationError,
  validateBlank,
} from '@fieldwatch/core';

export type PersonalTexts = Record<
  'name' | 'title' | 'email' | 'phone' | 'latitude' | 'longitude' | 'currentPassword',
  string
>;
export type PersonalField = keyof PersonalTexts;

/** The form's texts of a saved profile; the current password always starts empty. */
export const personalTexts = (p: Profile): PersonalTexts => ({
  name: p.name,
  title: p.title,
  email: p.email,
  phone: p.phone,
  latitude: String(p.location[0]),
  longitude: String(p.location[1]),
  currentPassword: '',
});

/**
 * Whether a typed address replaces the saved one, compared as the server compares them (trimmed,
 * case aside). Then the current password goes with it: password reset links go to that address.
 */
export const emailChanged = (saved: string, typed: string) => saved.trim().toLowerCase() !== typed.trim().toLowerCase();

// The contract's own bounds, so the browser refuses exactly what the server would.
const { location } = ProfileUpdateBody.properties;
const [LAT, LONG] = (location.items ?? []).map((s) => ({ min: s.minimum ?? 0, max: s.maximum ?? 0 }));

/** A coordinate as typed (a decimal comma is fine), or the rule it breaks. */
function coordinate(text: string, field: PersonalField, { min, max } = { min: 0, max: 0 }) {
  const blank = validateBlank(text, field);
  if (blank) return { error: blank };
  const value = Number(text.trim().replace(',', '.'));
  if (!Number.isFinite(value) || value < min || value > max)
    return { error: { key: 'profile.personal.range', params: { name: field, min, max } } };
  return { value };
}

/**
 * The profile update of the personal info form, or the problems by field: the profile rules of core
 * (a name is not blank, an e-mail is valid when given), the contract's phone characters, the
 * coordinate ranges, and the current password when the e-mail address differs from `savedEmail`.
 * Each problem's `name` parameter is the field; the screen puts in its label.
 */
export function personalUpdate(
  texts: PersonalTexts,
  savedEmail: string,
): {
  update: Required<ProfileUpdate> & { currentPassword?: string };
  problems: Partial<Record<PersonalField, ValidationError>>;
} {
  const lat = coordinate(texts.latitude, 'latitude', LAT);
  const long = coordinate(texts.longitude, 'longitude', LONG);
  const update = {
    name: texts.name.trim(),
    title: texts.title.trim(),
    email: texts.email.trim(),
    phone: texts.phone.trim(),
    location: [lat.value ?? 0, long.value ?? 0] as [number, number],
    // The password as typed: never trimmed, and sent only with a new address.
    ...(emailChanged(savedEmail, texts.email) && { currentPassword: texts.currentPassword }),
  };
  const problems: Partial<Record<PersonalField, ValidationError>> = {};
  for (const p of profileProblems(update)) problems[p.field as PersonalField] = p.error;
  if (!isPhoneNumber(update.phone)) problems.phone = { key: 'profile.personal.invalid', params: { name: 'phone' } };
  if (lat.error) problems.latitude = lat.error;
  if (long.error) problems.longitude = long.error;
  const password =
    update.currentPassword === undefined ? null : validateBlank(update.currentPassword, 'currentPassword');
  if (password) problems.currentPassword = password;
  return { update, problems };
}

/** An avatar checked before it is sent: one of the accepted types, at most AVATAR_MAX_BYTES. */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): ValidationError | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return { key: 'profile.avatar.wrongType' };
  if (file.size > AVATAR_MAX_BYTES) return { key: 'profile.avatar.tooLarge' };
  return null;
}
