import {
  AlarmJoinBody,
  AlarmSeverityBody,
  AlarmSeverityList,
  EffectiveAlarmSeverities,
  ForecastDaysBody,
  OrganizationParam,
} from '@fieldwatch/core';
import type { FastifyRequest } from 'fastify';
import { doc, security } from '../../families/family.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { scoped, signedIn } from '../../plugins/policy.ts';
import { refusingUnknownKeys } from '../../plugins/validation.ts';
import { adminOf } from './admin.access.ts';
import {
  alarmSeverityList,
  saveAlarmSeverities,
  saveForecastDays,
  saveJoinHours,
  visibleSeverities,
} from './alarmSeverity.service.ts';

const errors = errorResponses(400, 401, 403, 404);
const administration = doc('administration');

/**
 * The severity of each alarm type per organization (core/src/events/severity.ts): read and set by
 * a SuperUser of the organization or above (the service checks the organization), and the effective
 * severities of every organization the user sees, for colouring unit alarms.
 */
export function alarmSeverityRoutes(app: App) {
  const { db } = app;
  const admin = (request: FastifyRequest) => adminOf(sessionOf(request));
  const path = '/organization/:id/alarmSeverities';

  app.get(
    path,
    {
      config: scoped('organization', 'manage', { writes: false }),
      schema: {
        ...administration,
        summary: 'Every alarm type with its own, inherited and effective severity',
        params: OrganizationParam,
        response: { 200: AlarmSeverityList, ...errors },
      },
    },
    async (request) => alarmSeverityList(db, admin(request), request.params.id),
  );
  app.put(
    path,
    {
      config: scoped('organization', 'manage', { writes: true }),
      schema: {
        ...administration,
        summary: 'Sets (or with null clears) alarm types’ severities; applies to new events only',
        params: OrganizationParam,
        body: refusingUnknownKeys(AlarmSeverityBody),
        response: { 200: AlarmSeverityList, ...errors },
      },
    },
    async (request) => saveAlarmSeverities(db, admin(request), request.params.id, request.body),
  );
  app.put(
    '/organization/:id/alarmJoinHours',
    {
      config: scoped('organization', 'manage', { writes: true }),
      schema: {
        ...administration,
        summary: 'Sets (or with null clears) the hours within which an alarm raised again joins its event',
        params: OrganizationParam,
        body: refusingUnknownKeys(AlarmJoinBody),
        response: { 200: AlarmSeverityList, ...errors },
      },
    },
    async (request) => saveJoinHours(db, admin(request), request.params.id, request.body),
  );
  app.put(
    '/organization/:id/forecastDays',
    {
      config: scoped('organization', 'manage', { writes: true }),
      schema: {
        ...administration,
        summary: 'Sets (or with null clears) the days ahead within which a forecast crossing raises a warning',
        params: OrganizationParam,
        body: refusingUnknownKeys(ForecastDaysBody),
        response: { 200: AlarmSeverityList, ...errors },
      },
    },
    async (request) => saveForecastDays(db, admin(request), request.params.id, request.body),
  );
}

/** The effective severities of every organization the user sees, for colouring unit alarms (v3). */
export function effectiveSeverityRoutes(app: App) {
  const { db } = app;

  app.get(
    '/alarmSeverities',
    {
      config: signedIn({ writes: false }),
      schema: {
        tags: ['events'],
        security,
        summary: 'The alarm types’ severities set in or above each organisation the user sees',
        response: { 200: EffectiveAlarmSeverities, ...errors },
      },
    },
    async (request) => visibleSeverities(db, sessionOf(request)),
  );
}
