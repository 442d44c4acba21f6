import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type Access,
  type LoginResponse,
  type Session,
  strictestPolicy,
  TWO_FACTOR_CHALLENGE_MINUTES,
  type UserSession,
} from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import type { SessionEndings } from '../../live/bus.ts';
import {
  policiesOfUser,
  reachedOrganizations,
  toCustomer,
  toSummary,
  visibleOrganizations,
} from '../organizations/organizations.service.ts';
import { findUserByUsername, toProfile, touchLastLogin, type UserRow } from '../users/users.service.ts';
import * as authRepository from './auth.repository.ts';
import {
  deleteExpiredSessions,
  deleteOtherSessions,
  deleteSession,
  findLiveSession,
  insertSession,
  listLiveSessions,
  type SessionRow,
  setSessionOrganization,
  touchSession,
} from './auth.repository.ts';
import { dummyHash, verifyPassword } from './password.ts';
import type { SessionCache } from './sessionCache.ts';
import { claimAttempt, recordSuccess } from './throttle.ts';
import { findTwoFactor, insertChallenge } from './twoFactor.repository.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The access answer at sign-in, before there is a session. */
export async function accessFor(db: Queryable, userId: number, username: string): Promise<Access> {
  const orgs = await visibleOrganizations(db, userId);
  return { Username: username, Customers: orgs.map(toCustomer) };
}

/** The access answer of a signed-in session. */
export async function sessionAccess(db: Queryable, session: SessionRow): Promise<Access> {
  const orgs = await reachedOrganizations(db, session);
  return { Username: session.username, Customers: orgs.map(toCustomer) };
}

type Client = { address: string; userAgent: string };
export type SignedIn = LoginResponse & { token: string; sessionId: string; maxAgeS: number };

/**
 * The password step of signing in. A wrong username and a wrong password fail alike (same message,
 * same scrypt work). An account with two-factor sign-in gets no session here but a challenge for
 * the second step (twoFactor.service.ts completes it); every other account is signed in.
 */
export async function login(
  db: Db,
  input: { username: string; password: string } & Client,
): Promise<SignedIn | { challenge: string }> {
  const wait = await claimAttempt(db, input.username, input.address);
  if (wait > 0) throw new HttpError(429, `Too many sign-in attempts. Try again in ${wait} s.`, { retryAfterS: wait });
  const user = await findUserByUsername(db, input.username);
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyHash()));
  if (!user || !ok) throw new HttpError(417, 'Authentication failed');
  await recordSuccess(db, input.username, input.address);
  if ((await findTwoFactor(db, user.id))?.enabled_at) return { challenge: await openChallenge(db, user.id, input) };
  return openSession(db, user, input);
}

/** Signs in an account made a moment ago (onboarding), which cannot have two-factor sign-in yet. */
export async function loginNewAccount(db: Db, input: { username: string; password: string } & Client) {
  const result = await login(db, input);
  if ('challenge' in result) throw new HttpError(409, 'Sign in with your code');
  return result;
}

/** A pending second step: a random token, only its hash stored, five minutes at most. */
async function openChallenge(db: Queryable, userId: number, client: Client): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertChallenge(db, {
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000),
    userAgent: client.userAgent.slice(0, 300),
    address: client.address,
  });
  return token;
}

/** A new session of a user who proved who they are: a fresh random token, only its hash stored. */
export async function openSession(db: Queryable, user: UserRow, client: Client): Promise<SignedIn> {
  const access = await accessFor(db, user.id, user.username);
  const token = randomBytes(32).toString('base64url');
  const sessionId = randomUUID();
  // The session lives as long as the strictest security policy of the user's organizations allows.
  const maxAgeS = strictestPolicy(await policiesOfUser(db, user.id)).sessionLifetimeHours * 3600;
  await insertSession(db, {
    id: sessionId,
    tokenHash: hashToken(token),
    userId: user.id,
    organizationId: access.Customers[0]?.CustomerID ?? null,
    expiresAt: new Date(Date.now() + maxAgeS * 1000),
    userAgent: client.userAgent.slice(0, 300),
    address: client.address,
  });
  await touchLastLogin(db, user.id);
  // This sign-in moved last_login into previous_login: the profile shows the one before it.
  const signedIn = { ...user, previous_login: user.last_login };
  // The profile carries the previous sign-in, so the user can spot one that was not theirs.
  return { token, sessionId, maxAgeS, access, profile: toProfile(signedIn) };
}

const TOUCH_EVERY_MS = 5 * 60 * 1000;

/**
 * The live session of a cookie token, from `cache` when it holds it; last-seen is refreshed at most
 * every five minutes.
 */
export async function sessionFromToken(
  db: Queryable,
  token: string,
  cache?: SessionCache,
): Promise<SessionRow | undefined> {
  const hash = hashToken(token);
  const cached = cache?.get(hash);
  if (cached) return cached;
  const session = await findLiveSession(db, hash);
  if (session && Date.now() - session.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await touchSession(db, session.id);
  }
  return session && cache ? cache.set(hash, session) : session;
}

export function toSession(s: SessionRow, currentId: string): Session {
  return {
    id: s.id,
    username: s.username,
    created: s.created_at.toISOString(),
    expires: s.expires_at.toISOString(),
    lastSeen: s.last_seen_at.toISOString(),
    userAgent: s.user_agent,
    address: s.address,
    current: s.id === currentId,
    currentOrganizationId: s.current_organization_id,
  };
}

export async function listSessions(db: Queryable, current: SessionRow): Promise<Session[]> {
  return (await listLiveSessions(db, current.user_id)).map((s) => toSession(s, current.id));
}

export async function userSession(db: Queryable, session: SessionRow): Promise<UserSession> {
  const orgs = (await reachedOrganizations(db, session)).map(toSummary);
  return {
    id: session.id,
    username: session.username,
    currentOrganization: orgs.find((o) => o.id === session.current_organization_id) ?? null,
    organizations: orgs,
  };
}

/** Switches the session's organization; only to one the user may see. */
export async function switchOrganization(db: Queryable, session: SessionRow, organizationId: number) {
  const orgs = await reachedOrganizations(db, session);
  if (!orgs.some((o) => o.id === organizationId)) {
    throw new HttpError(403, 'You have no role in this organisation');
  }
  await setSessionOrganization(db, session.id, organizationId);
  return userSession(db, { ...session, current_organization_id: organizationId });
}

/*
 * Every end of a session goes through the functions below: they delete it and announce its id, so
 * its live sockets close at once on every instance (live/live.routes.ts). Inside a transaction,
 * pass a collector and announce after the commit.
 */
async function announced(bus: SessionEndings, deleted: Promise<string[]>): Promise<string[]> {
  const ids = await deleted;
  if (ids.length > 0) bus.sessionsEnded(ids);
  return ids;
}

/** Sign-out: ends the calling session. */
export async function logout(db: Queryable, bus: SessionEndings, session: SessionRow): Promise<void> {
  await announced(bus, deleteSession(db, session.id, session.user_id));
}

/** Ends one session of the user (from their own session list, or an administrator's); false if there is none. */
export async function endSessionOfUser(db: Queryable, bus: SessionEndings, userId: number, id: string) {
  return (await announced(bus, deleteSession(db, id, userId))).length > 0;
}

export async function endSession(db: Queryable, bus: SessionEndings, session: SessionRow, id: string): Promise<void> {
  if (!(await endSessionOfUser(db, bus, session.user_id, id))) throw new HttpError(404, 'Session not found');
}

/** Ends every session of a user but `keep` (all when null); returns how many ended. */
export async function endOtherSessions(db: Queryable, bus: SessionEndings, userId: number, keep: string | null) {
  return (await announced(bus, deleteOtherSessions(db, userId, keep))).length;
}

/** Ends every session of a user (before the user is deleted); returns how many. */
export async function endAllSessions(db: Queryable, bus: SessionEndings, userId: number) {
  return endOtherSessions(db, bus, userId, null);
}

/** Deletes the expired sessions (sessionSweep.ts runs it); returns how many. */
export async function endExpiredSessions(db: Queryable, bus: SessionEndings) {
  return (await announced(bus, deleteExpiredSessions(db))).length;
}

// The stored rows other modules read and write, through this service only.
export type { SessionRow } from './auth.repository.ts';

export function findSessionById(db: Queryable, id: string) {
  return authRepository.findSessionById(db, id);
}

export function listSessionsOfOrganizations(db: Queryable, organizationIds: readonly number[]) {
  return authRepository.listSessionsOfOrganizations(db, organizationIds);
}
