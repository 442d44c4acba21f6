import { AuditPage, AuditQuery, AuditRetentionBody, Nullable, OrganizationParam } from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { doc } from '../../families/family.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { scoped } from '../../plugins/policy.ts';
import { refusingUnknownKeys } from '../../plugins/validation.ts';
import { adminOf } from '../admin/admin.access.ts';
import { auditCsv, auditPage, saveRetention } from './audit.service.ts';

const errors = errorResponses(400, 401, 403, 404);
const administration = doc('administration');

/** The audit trail of an organization and those below it: read, exported, and its retention set, by its SuperUsers. */
export function auditRoutes(app: App) {
  const { db } = app;
  const admin = (request: FastifyRequest) => adminOf(sessionOf(request));

  app.get(
    '/organization/:id/audit',
    {
      config: scoped('organization', 'manage', { writes: false }),
      schema: {
        ...administration,
        summary: 'The audit trail of the organization and those below it, newest first, a page at a time',
        params: OrganizationParam,
        querystring: AuditQuery,
        response: { 200: AuditPage, ...errors },
      },
    },
    async (request) => auditPage(db, admin(request), request.params.id, request.query),
  );
  app.get(
    '/organization/:id/audit.csv',
    {
      config: scoped('organization', 'manage', { writes: false }),
      schema: {
        ...administration,
        summary: 'The filtered audit trail as CSV',
        params: OrganizationParam,
        querystring: AuditQuery,
        response: { 200: Type.String(), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await auditCsv(db, admin(request), request.params.id, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${request.params.id}.csv"`)
        .send(csv);
    },
  );
  app.put(
    '/organization/:id/auditRetention',
    {
      config: scoped('organization', 'manage', { writes: true }),
      schema: {
        ...administration,
        summary: 'Sets (or with null clears) the days the organization’s audit entries are kept',
        params: OrganizationParam,
        body: refusingUnknownKeys(AuditRetentionBody),
        response: { 200: Type.Object({ days: Nullable(Type.Integer()) }), ...errors },
      },
    },
    async (request) => saveRetention(db, admin(request), request.params.id, request.body),
  );
}
