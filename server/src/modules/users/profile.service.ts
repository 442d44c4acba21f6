import {
  type Language,
  type PreferencesBody,
  type Profile,
  pickProfileUpdate,
  profileProblems,
} from '@fieldwatch/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';

import { requireCurrentPassword } from '../auth/passwords.service.ts';
import {
  findUserAvatar,
  findUserById,
  setLanguage,
  setUserAvatar,
  updatePreferences,
  updateProfileFields,
} from './users.repository.ts';
import { toProfile } from './users.service.ts';

export async function profileOf(db: Queryable, userId: number): Promise<Profile> {
  const user = await findUserById(db, userId);
  if (!user) throw new HttpError(401, 'Session expired');
  return toProfile(user);
}

const EMAIL_NEEDS_PASSWORD = 'The current password is needed to change the e-mail address';

/** The profile field rules' refusal texts, word for word as clients expect them. */
const problemText = { 'validation.blank': '{name} should not be blank', 'validation.email': 'Enter valid {name}' };

/** The fields a profile update takes (name, title, email, phone, location), or a 400 naming the rule broken. */
function checkedUpdate(body: Record<string, unknown>, log?: FastifyBaseLogger) {
  const { update, unknown } = pickProfileUpdate(body);
  if (unknown.length) log?.info({ fields: unknown }, 'profile update: unknown fields ignored');
  const [problem] = profileProblems(update);
  if (problem) {
    const text = problemText[problem.error.key as keyof typeof problemText] ?? 'Request failed';
    throw new HttpError(400, text.replace('{name}', String(problem.error.params?.name ?? problem.field)));
  }
  return update;
}

/** A profile update by an administrator (profile fields only; the rest is logged). */
export async function updateProfile(
  db: Queryable,
  userId: number,
  body: Record<string, unknown>,
  log?: FastifyBaseLogger,
): Promise<Profile> {
  await updateProfileFields(db, userId, checkedUpdate(body, log));
  return profileOf(db, userId);
}

/**
 * The signed-in user's own update: a new e-mail address needs the current password, for reset
 * links go there (a stolen session or key must not redirect them).
 */
export async function updateOwnProfile(
  db: Db,
  who: { userId: number; address: string },
  body: Record<string, unknown>,
  log?: FastifyBaseLogger,
): Promise<Profile> {
  const { currentPassword, ...fields } = body;
  const update = checkedUpdate(fields, log);
  const user = await findUserById(db, who.userId);
  const same = (a: string | undefined) => (a ?? '').trim().toLowerCase();
  if (update.email !== undefined && same(update.email) !== same(user?.email)) {
    if (typeof currentPassword !== 'string') throw new HttpError(403, EMAIL_NEEDS_PASSWORD);
    await requireCurrentPassword(db, who, currentPassword);
  }
  await updateProfileFields(db, who.userId, update);
  return profileOf(db, who.userId);
}

export async function savePreferences(db: Queryable, userId: number, p: PreferencesBody): Promise<Profile> {
  await updatePreferences(db, userId, {
    timezone: p.timezone,
    time12h: p.timeFormat === '12h',
    dateFormat: p.dateFormat,
    email: p.notification.email,
    desktop: p.notification.desktop,
  });
  return profileOf(db, userId);
}

export async function saveLanguage(db: Queryable, userId: number, language: Language): Promise<Profile> {
  await setLanguage(db, userId, language);
  return profileOf(db, userId);
}

export async function saveAvatar(db: Queryable, userId: number, image: { data: Buffer; type: string } | null) {
  await setUserAvatar(db, userId, image);
  return profileOf(db, userId);
}

export async function avatarOf(db: Queryable, userId: number) {
  const image = await findUserAvatar(db, userId);
  if (!image) throw new HttpError(404, 'No avatar');
  return { data: image.data, type: image.type, etag: `"${image.key}"` };
}
