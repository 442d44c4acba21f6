import { type ValidationError, validateBlank, validateEmail } from '../validation.ts';

/** Profile field updates accept only these; any other field is logged and ignored. */
const PROFILE_UPDATE_FIELDS = ['name', 'title', 'email', 'phone', 'location'] as const;
export type ProfileUpdate = {
  name?: string;
  title?: string;
  email?: string;
  phone?: string;
  location?: [number, number];
};

/** Splits a submitted profile into the accepted update and the names of the ignored fields. */
export function pickProfileUpdate(body: Record<string, unknown>): { update: ProfileUpdate; unknown: string[] } {
  const update: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if ((PROFILE_UPDATE_FIELDS as readonly string[]).includes(key)) update[key] = value;
    else unknown.push(key);
  }
  return { update: update as ProfileUpdate, unknown };
}

/** The field rules for a profile update: a name is not blank, an e-mail is valid when given. */
export function profileProblems(update: ProfileUpdate): { field: keyof ProfileUpdate; error: ValidationError }[] {
  const problems: { field: keyof ProfileUpdate; error: ValidationError }[] = [];
  const name = update.name === undefined ? null : validateBlank(update.name, 'name');
  if (name) problems.push({ field: 'name', error: name });
  const email = update.email ? validateEmail(update.email, 'email') : null;
  if (email) problems.push({ field: 'email', error: email });
  return problems;
}
