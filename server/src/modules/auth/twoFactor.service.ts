import { createHash, randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  type RecoveryCodes,
  TOTP_DIGITS,
  TOTP_PERIOD_S,
  TWO_FACTOR_CHALLENGE_ATTEMPTS,
  type TwoFactorEnrolment,
  type TwoFactorProofBody,
  type TwoFactorStatus,
} from '@fieldwatch/core';
import { Secret, TOTP } from 'otpauth';
import type { Db, Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import { findUserById } from '../users/users.service.ts';
import { hashToken, openSession, type SessionRow } from './auth.service.ts';
import { requireCurrentPassword } from './passwords.service.ts';
import { open, seal } from './secretBox.ts';
import { claimAttempt, recordSuccess } from './throttle.ts';
import {
  countRecoveryCodesLeft,
  deleteTwoFactor,
  failChallenge,
  findLiveChallenge,
  findTwoFactor,
  isTwoFactorRequired,
  replaceRecoveryCodes,
  spendChallenge,
  spendRecoveryCode,
  startEnrolment,
  takeStep,
} from './twoFactor.repository.ts';

/**
 * Two-factor sign-in (TOTP, RFC 6238, by the otpauth library): enrolment, the second sign-in step,
 * recovery codes, and what the user and an administrator may turn off. README.md beside this file
 * and docs/trust.md say what it protects.
 */
const ISSUER = 'Fieldwatch';
const totpOf = (secret: string, username = '') =>
  new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** Code guesses are throttled like password guesses, on a counter of their own per account (no username has a space). */
const throttleName = (username: string) => `two-factor ${username}`;

/** Recovery codes: ten characters of an alphabet without look-alikes (50 bits), shown as 'k7hq2-x9mfd'. */
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const newRecoveryCode = () => {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};
const normalise = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
/** Random and high in entropy, so SHA-256 is enough (scrypt is for what people choose). */
const hashRecoveryCode = (code: string) => createHash('sha256').update(normalise(code)).digest('base64url');

const wrongCode = () => new HttpError(417, 'The code is not right', { code: 'two_factor_code_wrong' });

export async function twoFactorStatus(db: Queryable, userId: number): Promise<TwoFactorStatus> {
  const row = await findTwoFactor(db, userId);
  return {
    enabled: Boolean(row?.enabled_at),
    required: await isTwoFactorRequired(db, userId),
    recoveryCodesLeft: row?.enabled_at ? await countRecoveryCodesLeft(db, userId) : 0,
  };
}

/** A new secret for the user's authenticator; it counts once a code from it is confirmed. */
export async function beginEnrolment(db: Queryable, key: Buffer, session: SessionRow): Promise<TwoFactorEnrolment> {
  const secret = new Secret({ size: 20 }).base32;
  if (!(await startEnrolment(db, session.user_id, seal(key, secret))))
    throw new HttpError(409, 'Two-factor sign-in is already on', { code: 'two_factor_enabled' });
  return { secret, uri: totpOf(secret, session.username).toString() };
}

/**
 * The time step of a right TOTP code (the one before and after are accepted too, for clocks a little
 * off), or null. The step is taken only when no later or equal one was: a code is never accepted twice.
 */
async function takeTotp(db: Queryable, key: Buffer, userId: number, code: string, enable: boolean) {
  const row = await findTwoFactor(db, userId);
  if (!row || !/^\d{6}$/.test(code)) return false;
  const totp = totpOf(open(key, row.secret));
  const now = Date.now();
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return false;
  return takeStep(db, userId, totp.counter({ timestamp: now }) + delta, enable);
}

function freshRecoveryCodes() {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** Confirms the enrolment with a code from the authenticator: two-factor is on, and the recovery codes are shown once. */
export async function confirmEnrolment(db: Db, key: Buffer, session: SessionRow, code: string): Promise<RecoveryCodes> {
  const row = await findTwoFactor(db, session.user_id);
  if (!row) throw new HttpError(409, 'Start the set-up first', { code: 'two_factor_not_started' });
  if (row.enabled_at) throw new HttpError(409, 'Two-factor sign-in is already on', { code: 'two_factor_enabled' });
  const { codes, hashes } = freshRecoveryCodes();
  await db.transaction(async (tx) => {
    if (!(await takeTotp(tx, key, session.user_id, code, true))) throw wrongCode();
    await replaceRecoveryCodes(tx, session.user_id, hashes);
  });
  return { recoveryCodes: codes };
}

/** A TOTP code or an unused recovery code of the user (spent by this call). */
async function acceptCode(db: Db, key: Buffer, userId: number, code: string): Promise<boolean> {
  const plain = normalise(code);
  if (/^\d{6}$/.test(plain)) return takeTotp(db, key, userId, plain, false);
  return spendRecoveryCode(db, userId, hashRecoveryCode(plain));
}

/** A code of the signed-in user, throttled like a password. */
async function requireCode(db: Db, key: Buffer, who: { userId: number; address: string }, code: string) {
  const user = await findUserById(db, who.userId);
  if (!user) throw new HttpError(401, 'Session expired');
  const wait = await claimAttempt(db, throttleName(user.username), who.address);
  if (wait > 0) throw new HttpError(429, `Too many attempts. Try again in ${wait} s.`, { retryAfterS: wait });
  if (!(await acceptCode(db, key, who.userId, code))) throw wrongCode();
  await recordSuccess(db, throttleName(user.username), who.address);
}

async function requireProof(db: Db, key: Buffer, who: { userId: number; address: string }, proof: TwoFactorProofBody) {
  if (!(await findTwoFactor(db, who.userId))?.enabled_at)
    throw new HttpError(409, 'Two-factor sign-in is off', { code: 'two_factor_disabled' });
  if ('code' in proof) await requireCode(db, key, who, proof.code);
  else await requireCurrentPassword(db, who, proof.password);
}

/** Turns two-factor off with a current code or the password; not while a policy requires it. */
export async function disableTwoFactor(
  db: Db,
  key: Buffer,
  who: { userId: number; address: string },
  proof: TwoFactorProofBody,
) {
  await requireProof(db, key, who, proof);
  if (await isTwoFactorRequired(db, who.userId))
    throw new HttpError(409, 'Your organisation requires two-factor sign-in', { code: 'two_factor_policy' });
  await deleteTwoFactor(db, who.userId);
  return { success: true };
}

/** Ten new recovery codes (the old ones stop working), shown once. */
export async function regenerateRecoveryCodes(
  db: Db,
  key: Buffer,
  who: { userId: number; address: string },
  proof: TwoFactorProofBody,
): Promise<RecoveryCodes> {
  await requireProof(db, key, who, proof);
  const { codes, hashes } = freshRecoveryCodes();
  await replaceRecoveryCodes(db, who.userId, hashes);
  return { recoveryCodes: codes };
}

/** An administrator's reset (admin.service.ts checks who may): the user enrols anew, or signs in with the password alone. */
export async function resetTwoFactor(db: Queryable, userId: number) {
  await deleteTwoFactor(db, userId);
}

/**
 * The second sign-in step: a code for the challenge the password step gave. Guesses are throttled
 * like passwords (per account and address), and the challenge dies at the fifth wrong code or after
 * five minutes. A right code signs in exactly like a password alone would.
 */
export async function completeTwoFactorLogin(
  db: Db,
  key: Buffer,
  input: { challenge: string; code: string; address: string; userAgent: string },
) {
  const tokenHash = hashToken(input.challenge);
  const expired = () =>
    new HttpError(410, 'The sign-in has expired. Sign in again.', { code: 'two_factor_challenge_expired' });
  const challenge = await findLiveChallenge(db, tokenHash);
  if (!challenge) throw expired();
  const name = throttleName(challenge.username);
  const wait = await claimAttempt(db, name, input.address);
  if (wait > 0) throw new HttpError(429, `Too many sign-in attempts. Try again in ${wait} s.`, { retryAfterS: wait });
  if (!(await acceptCode(db, key, challenge.user_id, input.code))) {
    await failChallenge(db, tokenHash, TWO_FACTOR_CHALLENGE_ATTEMPTS);
    throw wrongCode();
  }
  // Spent once: two requests with two right codes cannot both sign in.
  if (!(await spendChallenge(db, tokenHash))) throw expired();
  await recordSuccess(db, name, input.address);
  const user = await findUserById(db, challenge.user_id);
  if (!user) throw expired();
  return openSession(db, user, input);
}
