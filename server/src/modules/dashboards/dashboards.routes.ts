import {
  DashboardListQuery,
  DashboardModelSchema,
  DashboardSchema,
  DashboardTemplate,
  EncodedIdParam,
  FilterSettingsSchema,
  NewDashboardBody,
  Ok,
  RenameDashboardBody,
  WidgetTypeSchema,
} from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import { doc } from '../../families/family.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/policy.ts';
import { refusingUnknownKeys } from '../../plugins/validation.ts';
import {
  createDashboard,
  dashboardTemplates,
  removeDashboard,
  renameDashboard,
  saveDashboard,
  setDashboardFilter,
  userDashboard,
  userDashboards,
  widgetList,
} from './dashboards.service.ts';

const D = '/user/dashboard';
const errors = errorResponses(400, 401, 404);
const reads = signedIn({ writes: false });
const writes = signedIn({ writes: true });
const common = doc('dashboards');

/** The dashboard calls; a dashboard of another user answers 404, like a missing one. */
export function dashboardRoutes(app: App) {
  const { db } = app;

  app.get(
    D,
    {
      config: reads,
      schema: {
        ...common,
        summary: "The user's dashboards",
        querystring: DashboardListQuery,
        response: { 200: Type.Array(DashboardSchema), ...errors },
      },
    },
    // Kept serialised per user, language, organization and URL until a write (any write through
    // the API announces itself, on every instance): the app reads it at every start.
    async (request, reply) => {
      const session = sessionOf(request);
      return app.answers.send(request, reply, session, () => userDashboards(db, session, request.query), {
        reports: false,
      });
    },
  );
  app.get(
    `${D}/template`,
    {
      config: reads,
      schema: {
        ...common,
        summary: 'The built-in dashboard templates',
        response: { 200: Type.Array(DashboardTemplate), ...errors },
      },
    },
    async () => dashboardTemplates(),
  );
  app.get(
    '/user/widget',
    {
      config: reads,
      schema: { ...common, summary: 'The widget types', response: { 200: Type.Array(WidgetTypeSchema), ...errors } },
    },
    async () => widgetList(),
  );
  app.post(
    D,
    {
      config: writes,
      schema: {
        ...common,
        summary: 'Creates a dashboard (from a template when templateId is given)',
        body: NewDashboardBody,
        response: { 200: DashboardSchema, ...errors },
      },
    },
    async (request) => createDashboard(db, sessionOf(request), request.body),
  );
  app.get(
    `${D}/:id`,
    { config: reads, schema: { ...common, params: EncodedIdParam, response: { 200: DashboardSchema, ...errors } } },
    async (request) => userDashboard(db, sessionOf(request), request.params.id),
  );
  app.put(
    `${D}/:id`,
    {
      config: writes,
      schema: {
        ...common,
        summary: 'Saves the dashboard; the body is the dashboard model, whose name (unless blank) names the dashboard',
        params: EncodedIdParam,
        body: refusingUnknownKeys(DashboardModelSchema),
        response: { 200: DashboardSchema, ...errors },
      },
    },
    async (request) => saveDashboard(db, sessionOf(request), request.params.id, request.body),
  );
  app.put(
    `${D}/:id/updateName`,
    {
      config: writes,
      schema: {
        ...common,
        params: EncodedIdParam,
        body: RenameDashboardBody,
        response: { 200: DashboardSchema, ...errors },
      },
    },
    async (request) => renameDashboard(db, sessionOf(request), request.params.id, request.body.name),
  );
  app.put(
    `${D}/:id/filter`,
    {
      config: writes,
      schema: {
        ...common,
        params: EncodedIdParam,
        body: FilterSettingsSchema,
        response: { 200: DashboardSchema, ...errors },
      },
    },
    async (request) => setDashboardFilter(db, sessionOf(request), request.params.id, request.body),
  );
  app.delete(
    `${D}/:id`,
    { config: writes, schema: { ...common, params: EncodedIdParam, response: { 200: Ok, ...errors } } },
    async (request) => removeDashboard(db, sessionOf(request), request.params.id),
  );
}
