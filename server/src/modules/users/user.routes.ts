import {
  AccountBrand,
  ApiKey,
  ApiKeyCreated,
  ApiKeyIdParam,
  ChangePasswordBody,
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
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { security } from '../../families/family.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { anyone, scoped, signedIn } from '../../plugins/policy.ts';
import { acceptAvatarBodies, avatarImage, imageBytes, sendImage, type UploadBody } from '../../uploads/imageBodies.ts';
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
} from '../organizations/organizations.service.ts';
import { avatarOf, profileOf, saveAvatar, saveLanguage, savePreferences, updateOwnProfile } from './profile.service.ts';

const U = '/user';
const errors = errorResponses(400, 401, 403, 404, 410, 413, 415);
const reads = signedIn({ writes: false });
const writes = signedIn({ writes: true });
/** The calls that guard the account itself: never with an API key. */
const readsNoKey = signedIn({ writes: false, apiKey: false });
const writesNoKey = signedIn({ writes: true, apiKey: false });
const tags = ['user'];
const Version = Type.Object({ v: Type.Optional(Type.String({ maxLength: 64 })) });
const AccountParam = Type.Object({ accountUrl: Type.String({ maxLength: 40, pattern: '^[a-z0-9-]+$' }) });

/**
 * The user calls (/api/v3/user): profile, avatar, language, preferences, both password
 * changes, organization by id, the password-reset trio and personal API keys.
 */
export function userRoutes(app: App) {
  app.register(async (scope: App) => {
    acceptAvatarBodies(scope);
    routes(scope);
  });
}

function routes(app: App) {
  const { db } = app;
  const userId = (request: FastifyRequest) => sessionOf(request).user_id;
  /** The signed-in user and the address of the request, for the checks throttled like sign-in. */
  const who = (request: FastifyRequest) => ({ userId: userId(request), address: request.ip });
  const profileRoute = { schema: { tags, security, response: { 200: Profile, ...errors } } };

  app.get(`${U}/profile`, { ...profileRoute, config: reads }, async (request) => profileOf(db, userId(request)));
  app.put(
    `${U}/profile`,
    {
      config: writes,
      schema: {
        ...profileRoute.schema,
        body: ProfileUpdateBody,
        summary: 'Updates name, title, email, phone and location',
      },
    },
    async (request) => updateOwnProfile(db, who(request), request.body as Record<string, unknown>, request.log),
  );
  app.put(
    `${U}/profile/preferences`,
    {
      config: writes,
      schema: { ...profileRoute.schema, body: PreferencesBody, summary: 'Timezone, clock, date format, notifications' },
    },
    async (request) => savePreferences(db, userId(request), request.body),
  );
  app.put(
    `${U}/profile/language`,
    // The language menu works on the two-factor set-up screen too, before a required enrolment.
    {
      config: signedIn({ writes: true, beforeTwoFactor: true }),
      schema: { ...profileRoute.schema, querystring: LanguageQuery },
    },
    async (request) => saveLanguage(db, userId(request), request.query.language),
  );
  app.post(
    `${U}/profile/avatar`,
    {
      config: writes,
      schema: {
        ...profileRoute.schema,
        summary: 'Sets the avatar: the raw image (PNG, JPEG or WebP, at most 1 MB and 4096 px a side) with its type',
      },
    },
    async (request) => saveAvatar(db, userId(request), avatarImage(imageBytes(request.body as UploadBody, 'image'))),
  );
  app.delete(`${U}/profile/avatar`, { ...profileRoute, config: writes }, async (request) =>
    saveAvatar(db, userId(request), null),
  );
  app.get(
    `${U}/avatar`,
    { config: reads, schema: { tags, security, querystring: Version, response: errorResponses(401, 404) } },
    async (request, reply) => sendImage(request, reply, await avatarOf(db, userId(request))),
  );

  const changed = { 200: Type.Boolean(), ...errors };
  app.post(
    `${U}/profile/password`,
    { config: writesNoKey, schema: { tags, security, body: PasswordChangeBody, response: changed } },
    async (request) =>
      changeOwnPassword(
        db,
        app.bus,
        { ...who(request), sessionId: sessionOf(request).id },
        request.body.currentPassword,
        request.body.newPassword,
      ),
  );
  app.put(
    `${U}/password`,
    { config: writesNoKey, schema: { tags, security, querystring: PasswordChangeQuery, response: changed } },
    async (request) =>
      changeOwnPassword(
        db,
        app.bus,
        { ...who(request), sessionId: sessionOf(request).id },
        request.query.oldPassword,
        request.query.newPassword,
      ),
  );

  app.get(
    `${U}/organization/:orgId`,
    {
      config: scoped('organization', 'read', { writes: false }),
      schema: { tags, security, params: OrgIdParam, response: { 200: OrganizationView, ...errors } },
    },
    async (request) => organizationView(db, sessionOf(request), request.params.orgId),
  );
  app.get(
    `${U}/organization/:orgId/avatar`,
    {
      config: scoped('organization', 'read', { writes: false }),
      schema: { tags, security, params: OrgIdParam, querystring: Version, response: errorResponses(401, 404) },
    },
    async (request, reply) =>
      sendImage(request, reply, await organizationAvatar(db, sessionOf(request), request.params.orgId)),
  );

  // Password reset: public calls; the same answer whether the address exists or not.
  app.post(
    `${U}/createRestorePasswordToken`,
    { config: anyone({ writes: true }), schema: { tags, body: RestoreTokenBody, response: { 200: Ok, ...errors } } },
    async (request) => {
      await requestPasswordReset(db, app.mailer, request.log, request.body.userId, app.publicUrl);
      return { success: true };
    },
  );
  app.get(
    `${U}/verifyChangePasswordToken/:token`,
    {
      config: anyone({ writes: false }),
      schema: { tags, params: ResetTokenParam, response: { 200: TokenState, ...errors } },
    },
    async (request) => verifyPasswordToken(db, request.params.token),
  );
  app.post(
    `${U}/changePassword`,
    {
      config: anyone({ writes: true, apiKey: false }),
      schema: { tags, body: ChangePasswordBody, response: { 200: Ok, ...errors } },
    },
    async (request) => resetPasswordWithToken(db, app.bus, request.body.token, request.body.newPassword),
  );

  app.get(
    `${U}/apiKeys`,
    { config: readsNoKey, schema: { tags, security, response: { 200: Type.Array(ApiKey), ...errors } } },
    async (request) => apiKeysOf(db, userId(request)),
  );
  app.post(
    `${U}/apiKeys`,
    {
      config: writesNoKey,
      schema: { tags, security, body: NewApiKeyBody, response: { 200: ApiKeyCreated, ...errors } },
    },
    async (request) => createApiKey(db, who(request), request.body),
  );
  app.delete(
    `${U}/apiKeys/:id`,
    { config: writesNoKey, schema: { tags, security, params: ApiKeyIdParam, response: { 200: Ok, ...errors } } },
    async (request) => revokeApiKey(db, userId(request), request.params.id),
  );
}

/** The public account-URL brand of the sign-in page (v1). */
export function accountRoutes(app: App) {
  const { db } = app;

  // The sign-in page of an account URL: public, like the login page it decorates.
  app.get(
    '/api/v1/account/:accountUrl',
    {
      config: anyone({ writes: false }),
      schema: { tags: ['auth'], params: AccountParam, response: { 200: AccountBrand, ...errors } },
    },
    async (request) => accountBrand(db, request.params.accountUrl),
  );
  // The sign-in link of an account URL; an old URL leads to the new one for 30 days, then nowhere.
  // Any text is taken here: a mistyped link still lands on the sign-in page rather than an error.
  const LinkParam = Type.Object({ accountUrl: Type.String({ maxLength: 200 }) });
  app.get(
    '/a/:accountUrl',
    { config: anyone({ writes: false }), schema: { hide: true, params: LinkParam } },
    async (request, reply) => {
      const wanted = request.params.accountUrl.toLowerCase();
      const brand = /^[a-z0-9-]{1,40}$/.test(wanted)
        ? await accountBrand(db, wanted).catch(() => undefined)
        : undefined;
      if (!brand) return reply.redirect('/login', 302);
      if (brand.accountUrl !== wanted) return reply.redirect(`/a/${brand.accountUrl}`, 301);
      return reply.redirect(`/login?account=${brand.accountUrl}`, 302);
    },
  );
  app.get(
    '/api/v1/account/:accountUrl/avatar',
    {
      config: anyone({ writes: false }),
      schema: { tags: ['auth'], params: AccountParam, querystring: Version, response: errorResponses(404) },
    },
    async (request, reply) => {
      const id = await resolveAccountOrganization(db, request.params.accountUrl);
      return sendImage(request, reply, await organizationAvatar(db, null, id));
    },
  );
}
