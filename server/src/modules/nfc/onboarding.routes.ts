import {
  CreateAccountBody,
  CreateAccountResult,
  JoinRequestBody,
  JoinRequestSent,
  OnboardingConfig,
  OnboardingConfigBody,
  TagOnboardingView,
  TagParam,
  TagPublic,
  UserExists,
  UserExistsParams,
} from '@fieldwatch/core';
import { security } from '../../families/family.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { sessionOf, setSessionCookie } from '../../plugins/auth.ts';
import { anyone, deviceRead, scoped } from '../../plugins/policy.ts';
import { requestToJoin } from '../admin/joinRequests.service.ts';
import { loginNewAccount } from '../auth/auth.service.ts';
import { activate, createAccount, tagConfig, tagPublic, tagView, userExists } from './onboarding.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 410, 429, 503);
const tags = ['nfc'];

/** The tag calls (/api/v1/nfc): the onboarding of a unit through its scanned tag. */
export function onboardingRoutes(app: App) {
  const { db } = app;

  app.get(
    `/tag/:uuid`,
    {
      config: anyone({ writes: false }),
      schema: {
        tags,
        summary: 'What a scanned tag names (public)',
        params: TagParam,
        response: { 200: TagPublic, ...errors },
      },
    },
    async (request) => tagPublic(db, request.params.uuid, request.session),
  );
  app.get(
    `/tag/:uuid/view`,
    {
      // Opening the view mints the activation code a SuperUser may use.
      config: scoped('device', 'read', { writes: true }),
      schema: { tags, security, params: TagParam, response: { 200: TagOnboardingView, ...errors } },
    },
    async (request) => tagView(db, sessionOf(request), request.params.uuid),
  );
  app.get(
    `/tag/:uuid/config`,
    {
      config: deviceRead,
      schema: { tags, security, params: TagParam, response: { 200: OnboardingConfig, ...errors } },
    },
    async (request) => tagConfig(db, sessionOf(request), request.params.uuid),
  );
  app.post(
    `/tag/:uuid/config`,
    {
      config: scoped('device', 'manage', { writes: true }),
      schema: {
        tags,
        security,
        summary: 'Places the unit in an organisation and activates it (configuration, then communications test)',
        params: TagParam,
        body: OnboardingConfigBody,
        response: { 200: OnboardingConfig, ...errors },
      },
    },
    async (request) => activate(db, app.link, sessionOf(request), request.params.uuid, request.body),
  );
  app.get(
    `/user/:uuid/:email`,
    {
      config: anyone({ writes: false }),
      schema: { tags, params: UserExistsParams, response: { 200: UserExists, ...errors } },
    },
    async (request) => userExists(db, request.ip, request.params.uuid, request.params.email),
  );
  app.post(
    `/user/:uuid/joinRequest`,
    {
      config: anyone({ writes: true }),
      schema: {
        tags,
        summary: 'Asks the organisation of an account URL to take the person in; its SuperUsers accept or decline',
        params: TagParam,
        body: JoinRequestBody,
        response: { 200: JoinRequestSent, ...errors },
      },
    },
    async (request) => requestToJoin(db, request.ip, request.params.uuid, request.body),
  );
  app.post(
    `/user/:uuid/createAccount`,
    {
      config: anyone({ writes: true }),
      schema: {
        tags,
        summary: 'Creates a user and a trial organisation together, accepts the terms, and signs in',
        params: TagParam,
        body: CreateAccountBody,
        response: { 200: CreateAccountResult, ...errors },
      },
    },
    async (request, reply) => {
      const made = await createAccount(db, request.ip, request.params.uuid, request.body);
      const signedIn = await loginNewAccount(db, {
        username: request.body.user.username,
        password: request.body.user.password,
        address: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      setSessionCookie(request, reply, signedIn.token, signedIn.maxAgeS);
      return { access: signedIn.access, profile: signedIn.profile, ...made };
    },
  );
}
