import { BrowserErrorReport, ErrorReportPage, ErrorReportsQuery, IdParam, Ok } from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { doc } from '../../families/family.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { anyone, platform } from '../../plugins/policy.ts';
import { refusingUnknownKeys } from '../../plugins/validation.ts';
import { adminOf, errorReports, recordBrowserError, resolveErrorReport } from './errorReports.service.ts';

/** A report's body is small by schema; this refuses anything larger before it is parsed. */
const REPORT_BODY_LIMIT = 32 * 1024;

/**
 * Error reporting: browsers report here with or without a session (the sign-in page's
 * errors matter too).
 */
export function errorReportRoutes(app: App, opts: { reporting: boolean }) {
  const { db } = app;

  app.post(
    '/api/v1/errors',
    {
      config: anyone({ writes: true }),
      bodyLimit: REPORT_BODY_LIMIT,
      schema: {
        tags: ['errors'],
        summary: 'Report a browser error (rate-limited per address; stored only when error reporting is on)',
        body: refusingUnknownKeys(BrowserErrorReport),
        response: { 204: Type.Null(), ...errorResponses(400, 413, 429) },
      },
    },
    async (request, reply) => {
      if (!opts.reporting) {
        // Local mode: the browser's error goes to the log only.
        request.log.info({ report: request.body }, 'browser error (error reporting is off)');
        return reply.code(204).send(null);
      }
      const s = request.session;
      await recordBrowserError(db, request.ip, request.body, {
        userId: s?.user_id ?? null,
        organizationId: s?.current_organization_id ?? null,
      });
      return reply.code(204).send(null);
    },
  );
}

/** The platform administrator lists and resolves the grouped reports. */
export function errorReportAdminRoutes(app: App) {
  const { db } = app;
  const admin = (request: FastifyRequest) => adminOf(sessionOf(request));

  const adminSchema = doc('errors');
  app.get(
    '/errors',
    {
      config: platform({ writes: false }),
      schema: {
        ...adminSchema,
        summary: 'Error reports grouped by fingerprint, most recently seen first (platform administrator)',
        querystring: ErrorReportsQuery,
        response: { 200: ErrorReportPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => errorReports(db, admin(request), request.query),
  );
  app.delete(
    '/errors/:id',
    {
      config: platform({ writes: true }),
      schema: {
        ...adminSchema,
        summary: 'Resolve (dismiss) an error report (platform administrator)',
        params: IdParam,
        response: { 200: Ok, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => resolveErrorReport(db, admin(request), request.params.id),
  );
}
