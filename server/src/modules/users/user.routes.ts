import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AccountBrand,
  ApiKey,
  ApiKeyCreated,
  ApiKeyIdParam,
  AVATAR_TYPES,
  ChangePasswordBody,
  ErrorBody,
  LanguageQuery,
  NewApiKeyBody,
  Ok,
  OrganizationView,
  OrgIdParam,
  PasswordChangeBody,
  PasswordChangeQuery,
  PreferencesBody,
  Profile,
  ProfileUpdateBody,
  ResetTokenParam,
  RestoreTokenBody,
  TokenState,
} from '@fieldwatch/core';
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { App } from '../../app.ts';
import { requireSession, sessionOf } from '../../plugins/auth.ts';
import { publicOrigin } from '../../plugins/origin.ts';
import { acceptImageBodies, avatarImage, imageBytes, sendImage, type UploadBody } from '../../uploads/imageBodies.ts';
import { apiKeysOf, createApiKey, revokeApiKey } from '../auth/apiKeys.service.ts';
import {
  changeOwnPassword,
  requestPasswordReset,
  resetPasswordWithToken,
  verifyPasswordToken,
} from '../auth/passwords.service.ts';
import {
  accountBrand,
  organizationAvatar,
  organizationView,
  resolveAccountOrganization,
} from '../organisations/organisations.service.ts';
import { avatarOf, profileOf, saveAvatar, saveLanguage, savePreferences, updateProfile } from './profile.service.ts';

const U = '/api/v3/user';
const errorsOf = (codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBody])) as Record<number, TSchema>;
const errors = errorsOf([400, 401, 403, 404, 410, 413, 415]);
const authed = { preHandler: requireSession };
const tags = ['user'];
const security = [{ session: [] }];
const Version = Type.Object({ v: Type.Optional(Type.String({ maxLength: 64 })) });
const AccountParam = Type.Object({ accountUrl: Type.String({ maxLength: 40, pattern: '^[a-z0-9-]+$' }) });

/** Avatar bodies up to 8 MB are read, so that 1–8 MB answers 'Image size exceeded' rather than a generic 413. */
const IMAGE_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * The user calls of spec §7 (/api/v3/user): profile, avatar, language, preferences, both password
 * changes, organisation by id, the password-reset trio and personal API keys; and the public
 * account-URL brand of the sign-in page.
 */
export function userRoutes(app: App) {
  app.register(async (scope: FastifyInstance) => {
    acceptImageBodies(scope, { types: AVATAR_TYPES, limit: IMAGE_BODY_LIMIT });
    routes(scope as App);
  });
}

function routes(app: App) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  const userId = (request: FastifyRequest) => sessionOf(request).user_id;
  const profileRoute = { ...authed, schema: { tags, security, response: { 200: Profile, ...errors } } };

  r.get(`${U}/profile`, profileRoute, async (request) => profileOf(db, userId(request)));
  r.put(
    `${U}/profile`,
    {
      ...authed,
      schema: {
        ...profileRoute.schema,
        body: ProfileUpdateBody,
        summary: 'Updates name, title, email, phone and location',
      },
    },
    async (request) => updateProfile(db, userId(request), request.body as Record<string, unknown>, request.log),
  );
  r.put(
    `${U}/profile/preferences`,
    {
      ...authed,
      schema: { ...profileRoute.schema, body: PreferencesBody, summary: 'Timezone, clock, date format, notifications' },
    },
    async (request) => savePreferences(db, userId(request), request.body),
  );
  r.put(
    `${U}/profile/language`,
    { ...authed, schema: { ...profileRoute.schema, querystring: LanguageQuery } },
    async (request) => saveLanguage(db, userId(request), request.query.language),
  );
  r.post(
    `${U}/profile/avatar`,
    {
      ...authed,
      schema: {
        ...profileRoute.schema,
        summary: 'Sets the avatar: the raw image (PNG, JPEG or WebP, at most 1 MB and 4096 px a side) with its type',
      },
    },
    async (request) => saveAvatar(db, userId(request), avatarImage(imageBytes(request.body as UploadBody, 'image'))),
  );
  r.delete(`${U}/profile/avatar`, profileRoute, async (request) => saveAvatar(db, userId(request), null));
  r.get(
    `${U}/avatar`,
    { ...authed, schema: { tags, security, querystring: Version, response: errorsOf([401, 404]) } },
    async (request, reply) => sendImage(request, reply, await avatarOf(db, userId(request))),
  );

  const changed = { 200: Type.Boolean(), ...errors };
  r.post(
    `${U}/profile/password`,
    { ...authed, schema: { tags, security, body: PasswordChangeBody, response: changed } },
    async (request) =>
      changeOwnPassword(
        db,
        { userId: userId(request), sessionId: sessionOf(request).id },
        request.body.currentPassword,
        request.body.newPassword,
      ),
  );
  r.put(
    `${U}/password`,
    { ...authed, schema: { tags, security, querystring: PasswordChangeQuery, response: changed } },
    async (request) =>
      changeOwnPassword(
        db,
        { userId: userId(request), sessionId: sessionOf(request).id },
        request.query.oldPassword,
        request.query.newPassword,
      ),
  );

  r.get(
    `${U}/organization/:orgId`,
    { ...authed, schema: { tags, security, params: OrgIdParam, response: { 200: OrganizationView, ...errors } } },
    async (request) => organizationView(db, userId(request), request.params.orgId),
  );
  r.get(
    `${U}/organization/:orgId/avatar`,
    { ...authed, schema: { tags, security, params: OrgIdParam, querystring: Version, response: errorsOf([401, 404]) } },
    async (request, reply) =>
      sendImage(request, reply, await organizationAvatar(db, userId(request), request.params.orgId)),
  );

  // Password reset: public calls; the same answer whether the address exists or not.
  r.post(
    `${U}/createRestorePasswordToken`,
    { schema: { tags, body: RestoreTokenBody, response: { 200: Ok, ...errors } } },
    async (request) => {
      await requestPasswordReset(db, app.mailer, request.log, request.body.userId, publicOrigin(app, request));
      return { success: true };
    },
  );
  r.get(
    `${U}/verifyChangePasswordToken/:token`,
    { schema: { tags, params: ResetTokenParam, response: { 200: TokenState, ...errors } } },
    async (request) => verifyPasswordToken(db, request.params.token),
  );
  r.post(
    `${U}/changePassword`,
    { schema: { tags, body: ChangePasswordBody, response: { 200: Ok, ...errors } } },
    async (request) => resetPasswordWithToken(db, request.body.token, request.body.newPassword),
  );

  r.get(
    `${U}/apiKeys`,
    { ...authed, schema: { tags, security, response: { 200: Type.Array(ApiKey), ...errors } } },
    async (request) => apiKeysOf(db, userId(request)),
  );
  r.post(
    `${U}/apiKeys`,
    { ...authed, schema: { tags, security, body: NewApiKeyBody, response: { 200: ApiKeyCreated, ...errors } } },
    async (request) => createApiKey(db, userId(request), request.body),
  );
  r.delete(
    `${U}/apiKeys/:id`,
    { ...authed, schema: { tags, security, params: ApiKeyIdParam, response: { 200: Ok, ...errors } } },
    async (request) => revokeApiKey(db, userId(request), request.params.id),
  );

  // The sign-in page of an account URL: public, like the login page it decorates.
  r.get(
    '/api/v1/account/:accountUrl',
    { schema: { tags: ['auth'], params: AccountParam, response: { 200: AccountBrand, ...errors } } },
    async (request) => accountBrand(db, request.params.accountUrl),
  );
  // The sign-in link of an account URL; an old URL leads to the new one for 30 days, then nowhere.
  // Any text is taken here: a mistyped link still lands on the sign-in page rather than an error.
  const LinkParam = Type.Object({ accountUrl: Type.String({ maxLength: 200 }) });
  r.get('/a/:accountUrl', { schema: { hide: true, params: LinkParam } }, async (request, reply) => {
    const wanted = request.params.accountUrl.toLowerCase();
    const brand = /^[a-z0-9-]{1,40}$/.test(wanted) ? await accountBrand(db, wanted).catch(() => undefined) : undefined;
    if (!brand) return reply.redirect('/login', 302);
    if (brand.accountUrl !== wanted) return reply.redirect(`/a/${brand.accountUrl}`, 301);
    return reply.redirect(`/login?account=${brand.accountUrl}`, 302);
  });
  r.get(
    '/api/v1/account/:accountUrl/avatar',
    { schema: { tags: ['auth'], params: AccountParam, querystring: Version, response: errorsOf([404]) } },
    async (request, reply) => {
      const id = await resolveAccountOrganization(db, request.params.accountUrl);
      return sendImage(request, reply, await organizationAvatar(db, null, id));
    },
  );
}
