import { SESSION_COOKIE_NAME } from '@fieldwatch/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.ts';
import { sessionFromApiKey } from '../modules/auth/apiKeys.service.ts';
import { type SessionRow, sessionFromToken } from '../modules/auth/auth.service.ts';
import { httpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRow | null;
    /** Set when the request came with a personal API key instead of the session cookie. */
    apiKey: { scopes: readonly string[] } | null;
  }
}

/** Reads the session cookie of every /api request; routes that need a user add requireSession. */
export function registerSessions(app: FastifyInstance, db: Db) {
  app.decorateRequest('session', null);
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer) return useApiKey(db, request, bearer);
    const token = request.cookies[SESSION_COOKIE_NAME];
    if (token) request.session = (await sessionFromToken(db, token)) ?? null;
  });
}

export async function requireSession(request: FastifyRequest, _reply: FastifyReply) {
  if (!request.session) throw httpError(401, 'Session expired');
}

/** The signed-in session of a route behind requireSession. */
export function sessionOf(request: FastifyRequest): SessionRow {
  if (!request.session) throw httpError(401, 'Session expired');
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

/** What an API key may not reach: its own kind, and the password calls. */
const KEY_FORBIDDEN = /^\/api\/v3\/user\/(apiKeys|password|profile\/password|changePassword)\b/;

/**
 * A personal API key stands for its user like a session, within its scopes: a read-only key
 * may only read. An unknown key is a 401 like an expired session.
 */
async function useApiKey(db: Db, request: FastifyRequest, bearer: string) {
  const found = await sessionFromApiKey(db, bearer, request.ip);
  if (!found) throw httpError(401, 'Invalid API key');
  if (KEY_FORBIDDEN.test(request.url)) throw httpError(403, 'Not available with an API key');
  const reading = request.method === 'GET' || request.method === 'HEAD';
  if (!reading && !found.scopes.includes('write')) throw httpError(403, 'This API key may only read');
  request.session = found.session;
  request.apiKey = { scopes: found.scopes };
}
