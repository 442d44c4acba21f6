import { API_KEY_PREFIX, SESSION_COOKIE_NAME, TWO_FACTOR_REQUIRED } from '@fieldwatch/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.ts';
import { HttpError } from '../http.ts';
import { acceptedLanguage } from '../i18n.ts';
import type { LiveBus } from '../live/bus.ts';
import { sessionFromApiKey } from '../modules/auth/apiKeys.service.ts';
import { type SessionRow, sessionFromToken } from '../modules/auth/auth.service.ts';
import { SessionCache } from '../modules/auth/sessionCache.ts';

import { isStaticFile, policyOf, type RoutePolicy } from './policy.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRow | null;
    /** Set when the request came with a personal API key instead of the session cookie. */
    apiKey: { scopes: readonly string[] } | null;
  }
}

/**
 * Who is calling, and whether the matched route lets them (its declared policy, plugins/policy.ts):
 * the session cookie or a personal API key becomes `request.session`; a route that is not public
 * answers 401 without one, before its input is even read.
 */
export function registerSessions(app: FastifyInstance, db: Db, bus: LiveBus) {
  const cache = new SessionCache();
  bus.onMessage((message) => cache.follow(message));
  app.decorateRequest('session', null);
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request) => {
    // Not found, or one of the web app's files: no one to recognise.
    if (request.is404 || isStaticFile(request.routeOptions.config)) return;
    const policy = policyOf(request.routeOptions.config);
    // Only a bearer token of our own form is an API key (GET /metrics takes a token of its own).
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer?.startsWith(API_KEY_PREFIX)) await useApiKey(db, request, bearer, policy);
    else {
      const token = request.cookies[SESSION_COOKIE_NAME];
      if (token) request.session = (await sessionFromToken(db, token, cache)) ?? null;
    }
    if (policy.access !== 'public' && !request.session) throw new HttpError(401, 'Session expired');
    // A user whom a policy requires to use two-factor sign-in enrols before anything else. An API
    // key is not a sign-in and is not held back.
    if (policy.access !== 'public' && request.session?.two_factor_missing && !request.apiKey && !policy.beforeTwoFactor)
      throw new HttpError(403, 'Your organisation requires two-factor sign-in: set it up first', {
        code: TWO_FACTOR_REQUIRED,
      });
    // Texts the server words (alarm sentences) follow the language the client shows, which the web
    // app sends as Accept-Language; without one, the profile's.
    const shown = acceptedLanguage(request.headers['accept-language']);
    if (request.session && shown) request.session = { ...request.session, language: shown };
  });
}

/** The signed-in session of a route that is not public. */
export function sessionOf(request: FastifyRequest): SessionRow {
  if (!request.session) throw new HttpError(401, 'Session expired');
  return request.session;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeS: number) {
  reply.setCookie(SESSION_COOKIE_NAME, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: maxAgeS,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE_NAME, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

/**
 * A personal API key stands for its user like a session, within its scopes and the route's
 * declaration: a read-only key only where the route does not write, no key where the route guards
 * the account itself. An unknown key is a 401 like an expired session.
 */
async function useApiKey(db: Db, request: FastifyRequest, bearer: string, policy: RoutePolicy) {
  const found = await sessionFromApiKey(db, bearer, request.ip);
  if (!found) throw new HttpError(401, 'Invalid API key');
  if (policy.apiKey === 'none') throw new HttpError(403, 'Not available with an API key');
  if (policy.apiKey === 'write' && !found.scopes.includes('write'))
    throw new HttpError(403, 'This API key may only read');
  request.session = found.session;
  request.apiKey = { scopes: found.scopes };
}
