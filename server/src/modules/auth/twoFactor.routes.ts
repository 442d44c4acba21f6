import {
  Ok,
  RecoveryCodes,
  TwoFactorConfirmBody,
  TwoFactorEnrolment,
  TwoFactorProofBody,
  TwoFactorStatus,
} from '@fieldwatch/core';
import type { FastifyRequest } from 'fastify';
import { security } from '../../families/family.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/policy.ts';
import {
  beginEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  twoFactorStatus,
} from './twoFactor.service.ts';

const errors = errorResponses(400, 401, 403, 409, 417, 429);
const doc = (summary: string) => ({ tags: ['user'], summary, security });
/** The account's own guard: never with an API key. Enrolment is open to a user a policy holds back until they enrol. */
const enrolment = (writes: boolean) => signedIn({ writes, apiKey: false, beforeTwoFactor: true });
const guarded = signedIn({ writes: true, apiKey: false });

/** The signed-in user's two-factor sign-in (v3): status, enrolment, recovery codes, turning it off. */
export function twoFactorRoutes(app: App) {
  const { db, twoFactorKey: key } = app;
  const who = (request: FastifyRequest) => ({ userId: sessionOf(request).user_id, address: request.ip });

  app.get(
    '/user/twoFactor',
    {
      config: enrolment(false),
      schema: {
        ...doc('Whether two-factor sign-in is on and required'),
        response: { 200: TwoFactorStatus, ...errors },
      },
    },
    async (request) => twoFactorStatus(db, sessionOf(request).user_id),
  );
  app.post(
    '/user/twoFactor/enrol',
    {
      config: enrolment(true),
      schema: {
        ...doc('Starts enrolment: a new secret and its otpauth:// URI (for the QR code); confirm with a code'),
        response: { 200: TwoFactorEnrolment, ...errors },
      },
    },
    async (request) => beginEnrolment(db, key, sessionOf(request)),
  );
  app.post(
    '/user/twoFactor/confirm',
    {
      config: enrolment(true),
      schema: {
        ...doc('Confirms enrolment with a code; answers the ten recovery codes, shown this once'),
        body: TwoFactorConfirmBody,
        response: { 200: RecoveryCodes, ...errors },
      },
    },
    async (request) => confirmEnrolment(db, key, sessionOf(request), request.body.code),
  );
  app.post(
    '/user/twoFactor/disable',
    {
      config: guarded,
      schema: {
        ...doc('Turns two-factor sign-in off, with a current code or the password'),
        body: TwoFactorProofBody,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => disableTwoFactor(db, key, who(request), request.body),
  );
  app.post(
    '/user/twoFactor/recoveryCodes',
    {
      config: guarded,
      schema: {
        ...doc('Ten new recovery codes (the old ones stop working), with a current code or the password'),
        body: TwoFactorProofBody,
        response: { 200: RecoveryCodes, ...errors },
      },
    },
    async (request) => regenerateRecoveryCodes(db, key, who(request), request.body),
  );
}
