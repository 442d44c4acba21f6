import { randomBytes } from 'node:crypto';
import { INVITATION_TOKEN_HOURS, RESET_TOKEN_MINUTES, strictestPolicy } from '@fieldwatch/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import type { SessionEndings } from '../../live/bus.ts';

import { policiesOfUser } from '../organizations/organizations.service.ts';
import { findUserById, findUsersByEmail, setPasswordHash, type UserRow } from '../users/users.service.ts';
import { type AccountMailer, passwordLinkMail } from './accountMail.ts';
import { endOtherSessions, hashToken } from './auth.service.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { claimAttempt, recordSuccess } from './throttle.ts';
import {
  consumeToken,
  countRecentResets,
  deleteApiKeysOf,
  expireTokensOfUser,
  findLiveToken,
  insertPasswordToken,
} from './tokens.repository.ts';

const RESET_WINDOW_MIN = 15;
const RESETS_PER_WINDOW = 5;

/** The strictest policy of the user's organizations and their ancestors (spec minimum 6). */
async function policyOfUser(db: Queryable, userId: number) {
  return strictestPolicy(await policiesOfUser(db, userId));
}

async function checkNewPassword(db: Queryable, userId: number, password: string) {
  const { passwordMinLength } = await policyOfUser(db, userId);
  if (password.length < passwordMinLength)
    throw new HttpError(400, `The password must be at least ${passwordMinLength} characters`);
}

/**
 * Sets a password, ends the user's sessions (all but `keep`) and revokes their API keys: a stolen
 * session, or a key minted with it, dies with the old password.
 */
async function setPassword(db: Queryable, bus: SessionEndings, userId: number, password: string, keep: string | null) {
  await checkNewPassword(db, userId, password);
  await setPasswordHash(db, userId, await hashPassword(password));
  await endOtherSessions(db, bus, userId, keep);
  await deleteApiKeysOf(db, userId);
}

/**
 * The signed-in user's current password, before a change that could hand the account to someone
 * else (its password, its e-mail address, a new API key). Guesses are throttled with sign-in's
 * limits on the same account and address, so they count there too.
 */
export async function requireCurrentPassword(db: Db, who: { userId: number; address: string }, password: string) {
  const user = await findUserById(db, who.userId);
  if (!user) throw new HttpError(401, 'Session expired');
  const wait = await claimAttempt(db, user.username, who.address);
  if (wait > 0) throw new HttpError(429, `Too many attempts. Try again in ${wait} s.`, { retryAfterS: wait });
  if (!(await verifyPassword(password, user.password_hash))) throw new HttpError(403, 'Authentication failed');
  await recordSuccess(db, user.username, who.address);
}

/** The user's own change (both password-change calls): the current password must be right. */
export async function changeOwnPassword(
  db: Db,
  bus: SessionEndings,
  user: { userId: number; sessionId: string; address: string },
  current: string,
  next: string,
) {
  await requireCurrentPassword(db, user, current);
  await setPassword(db, bus, user.userId, next, user.sessionId);
  return true;
}

/** An administrator sets a user's password (updateUserPassword); every session of that user ends. */
export async function setPasswordOf(db: Queryable, bus: SessionEndings, userId: number, password: string) {
  await setPassword(db, bus, userId, password, null);
}

/** A token of 256 random bits; only its hash is kept, so a database copy holds no usable link. */
async function newLink(db: Queryable, user: UserRow, purpose: 'reset' | 'invitation', origin: string) {
  const token = randomBytes(32).toString('base64url');
  const ms = purpose === 'reset' ? RESET_TOKEN_MINUTES * 60_000 : INVITATION_TOKEN_HOURS * 3_600_000;
  await expireTokensOfUser(db, user.id);
  await insertPasswordToken(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    purpose,
    expiresAt: new Date(Date.now() + ms),
  });
  return `${origin}/reset-password?token=${token}${purpose === 'invitation' ? '&invite=1' : ''}`;
}

/**
 * createRestorePasswordToken: mails a reset link to every account with that address. The answer
 * is the same whether the address exists or not, and does not wait for the mail, so neither its
 * content nor its timing tells who has an account.
 */
export async function requestPasswordReset(
  db: Queryable,
  mailer: AccountMailer,
  log: FastifyBaseLogger,
  email: string,
  origin: string,
) {
  const users = await findUsersByEmail(db, email.trim());
  for (const user of users) {
    // Nobody's inbox can be flooded through this call: a few links per quarter hour, then silence.
    if ((await countRecentResets(db, user.id, RESET_WINDOW_MIN)) >= RESETS_PER_WINDOW) continue;
    const link = await newLink(db, user, 'reset', origin);
    const mail = passwordLinkMail('reset', user.language, {
      name: user.fullname || user.username,
      link,
      minutes: RESET_TOKEN_MINUTES,
    });
    mailer.send({ to: user.email, ...mail }).catch((err) => log.error({ err }, 'password reset mail failed'));
  }
}

/** An invitation to a new user: a link to set their first password. */
export async function sendInvitation(
  db: Queryable,
  mailer: AccountMailer,
  user: UserRow,
  vars: { organization: string; origin: string },
) {
  const link = await newLink(db, user, 'invitation', vars.origin);
  const mail = passwordLinkMail('invitation', user.language, {
    name: user.fullname || user.username,
    organization: vars.organization,
    username: user.username,
    link,
    hours: INVITATION_TOKEN_HOURS,
  });
  await mailer.send({ to: user.email, ...mail });
}

const expired = () => new HttpError(410, 'Link expired');

export async function verifyPasswordToken(db: Queryable, token: string) {
  const row = await findLiveToken(db, hashToken(token));
  if (!row) throw expired();
  return { valid: true as const, username: row.username };
}

/** changePassword {token, newPassword}: single use; the policy is checked before the token is spent. */
export async function resetPasswordWithToken(db: Queryable, bus: SessionEndings, token: string, password: string) {
  const live = await findLiveToken(db, hashToken(token));
  if (!live) throw expired();
  await checkNewPassword(db, live.user_id, password);
  const userId = await consumeToken(db, hashToken(token));
  if (userId === undefined) throw expired();
  await setPassword(db, bus, userId, password, null);
  return { success: true };
}
