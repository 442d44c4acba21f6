import {
  Access,
  AuthorizedOrganizationsQuery,
  CurrentOrganizationQuery,
  ErrorBody,
  LoginAnswer,
  LoginBody,
  LoginResponse,
  Ok,
  OrganizationSummary,
  Session,
  SessionIdParam,
  TwoFactorLoginBody,
  UserSession,
} from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { security } from '../../families/family.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { clearSessionCookie, sessionOf, setSessionCookie } from '../../plugins/auth.ts';
import { LegacyError } from '../../plugins/envelopes.ts';
import { anyone, scoped, signedIn } from '../../plugins/policy.ts';
import { authorizedOrganizations } from '../organizations/organizations.service.ts';
import {
  endOtherSessions,
  endSession,
  listSessions,
  login,
  logout,
  sessionAccess,
  switchOrganization,
  toSession,
  userSession,
} from './auth.service.ts';
import { completeTwoFactorLogin } from './twoFactor.service.ts';

const errors = errorResponses(400, 401, 403, 410, 417, 429);
const reads = signedIn({ writes: false });
/** The current session: read by the enrolment screen of a user a two-factor policy holds back too. */
const sessionRead = signedIn({ writes: false, beforeTwoFactor: true });
const writes = signedIn({ writes: true });

export function authRoutes(app: App) {
  const { db } = app;

  const signIn = async (request: FastifyRequest<{ Body: LoginBody }>, reply: FastifyReply) => {
    const result = await login(db, {
      ...request.body,
      address: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
    // An account with two-factor sign-in: no session yet, the challenge of the second step.
    if ('challenge' in result) return { twoFactorRequired: true as const, challenge: result.challenge };
    setSessionCookie(request, reply, result.token, result.maxAgeS);
    return { access: result.access, profile: result.profile };
  };
  const secondStep = async (request: FastifyRequest<{ Body: TwoFactorLoginBody }>, reply: FastifyReply) => {
    const result = await completeTwoFactorLogin(db, app.twoFactorKey, {
      ...request.body,
      address: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
    setSessionCookie(request, reply, result.token, result.maxAgeS);
    return { access: result.access, profile: result.profile };
  };
  const signOut = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.session) await logout(db, app.bus, request.session);
    clearSessionCookie(request, reply);
    return { success: true };
  };
  const loginSchema = (tag: string) => ({
    tags: [tag],
    summary: 'Sign in with username and password; sets the session cookie',
    description:
      'An account without two-factor sign-in is signed in: the answer is { access, profile } and the session ' +
      'cookie is set. An account with it gets no cookie yet but { twoFactorRequired: true, challenge }: send the ' +
      'challenge with a code from the authenticator app (or a recovery code) to POST /api/v2/auth/login/two-factor ' +
      'within five minutes; five wrong codes end the challenge.',
    body: LoginBody,
    response: { 200: LoginAnswer, ...errors },
  });

  app.post('/api/v2/auth/login', { config: anyone({ writes: true }), schema: loginSchema('auth') }, signIn);
  app.post('/api/v1/auth/login', { config: anyone({ writes: true }), schema: loginSchema('auth v1') }, signIn);
  app.post(
    '/api/v2/auth/login/two-factor',
    {
      config: anyone({ writes: true }),
      schema: {
        tags: ['auth'],
        summary: 'The second sign-in step: the challenge of the password step and a code; sets the session cookie',
        description:
          'code: the six digits of the authenticator app, or one of the recovery codes (each works once). ' +
          'A wrong code answers 417; guesses are throttled like passwords (429 with Retry-After); an expired ' +
          'or spent challenge answers 410 with code two_factor_challenge_expired.',
        body: TwoFactorLoginBody,
        response: { 200: LoginResponse, ...errors },
      },
    },
    secondStep,
  );
  app.get(
    '/api/v2/auth/logout',
    { config: anyone({ writes: true }), schema: { tags: ['auth'], response: { 200: Ok } } },
    signOut,
  );
  app.get(
    '/api/v1/auth/logout',
    { config: anyone({ writes: true }), schema: { tags: ['auth v1'], response: { 200: Ok } } },
    signOut,
  );

  app.get(
    '/api/v2/auth',
    {
      config: sessionRead,
      schema: {
        security,
        tags: ['auth'],
        summary: 'The current session',
        response: { 200: Session, ...errors },
      },
    },
    async (request) => toSession(sessionOf(request), sessionOf(request).id),
  );
  for (const path of ['/api/v2/auth/session', '/api/v2/auth/sessions']) {
    app.get(
      path,
      {
        config: reads,
        schema: {
          security,
          tags: ['auth'],
          summary: "The user's live sessions",
          response: { 200: Type.Array(Session), ...errors },
        },
      },
      async (request) => listSessions(db, sessionOf(request)),
    );
  }
  app.delete(
    '/api/v2/auth/session/logout/:session',
    {
      config: writes,
      schema: {
        security,
        tags: ['auth'],
        summary: 'End one of your sessions',
        params: SessionIdParam,
        response: { 200: Ok, 404: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const { session: id } = request.params as { session: string };
      await endSession(db, app.bus, session, id);
      if (id === session.id) clearSessionCookie(request, reply);
      return { success: true };
    },
  );

  app.delete(
    '/api/v2/auth/session/others',
    {
      config: writes,
      schema: {
        security,
        tags: ['auth'],
        summary: 'Log out every other session of yours',
        response: { 200: Type.Object({ ended: Type.Integer() }), ...errors },
      },
    },
    async (request) => ({
      ended: await endOtherSessions(db, app.bus, sessionOf(request).user_id, sessionOf(request).id),
    }),
  );
}

/** The session and authorisation calls of the user (v3). */
export function sessionRoutes(app: App) {
  const { db } = app;

  app.get(
    '/user/session',
    { config: reads, schema: { security, tags: ['user'], response: { 200: UserSession, ...errors } } },
    async (request) => userSession(db, sessionOf(request)),
  );
  app.put(
    '/user/session/current_organization',
    {
      config: scoped('organization', 'read', { writes: true }),
      schema: {
        security,
        tags: ['user'],
        querystring: CurrentOrganizationQuery,
        response: { 200: UserSession, ...errors },
      },
    },
    async (request) => switchOrganization(db, sessionOf(request), (request.query as { id: number }).id),
  );
  app.get(
    '/user/authorization/getAuthorizedOrganizations',
    {
      config: reads,
      schema: {
        security,
        tags: ['user'],
        summary: 'Organisations where the user may perform action on resource',
        querystring: AuthorizedOrganizationsQuery,
        response: { 200: Type.Array(OrganizationSummary), ...errors },
      },
    },
    async (request) => {
      const q = request.query as { action: 'read'; resource: 'device'; item?: number };
      return authorizedOrganizations(db, sessionOf(request), q.action, q.resource, q.item);
    },
  );
}

/** The legacy v1 LoginAccess call. */
export function authLegacyRoutes(app: App) {
  const { db } = app;

  app.get(
    '/LoginAccess',
    {
      config: reads,
      schema: {
        security,
        tags: ['legacy v1'],
        summary: 'The access of the signed-in user (single result)',
        response: { 200: Type.Array(Access), 401: LegacyError },
      },
    },
    async (request) => [await sessionAccess(db, sessionOf(request))],
  );
}
