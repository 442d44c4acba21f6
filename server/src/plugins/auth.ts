import { SESSION_COOKIE_NAME } from '@fieldwatch/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.ts';
import { type SessionRow, sessionFromToken } from '../modules/auth/auth.service.ts';
import { httpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRow | null;
  }
}

/** Reads the session cookie of every /api request; routes that need a user add requireSession. */
export function registerSessions(app: FastifyInstance, db: Db) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
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
