import { TagListEntry, TagSettingQuery, TagUnitQuery, TagUuidParam, TagView } from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import { doc } from '../../families/family.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { deviceRead, scoped, signedIn } from '../../plugins/policy.ts';
import { createTag, setTag, tagField, tagList, tagUuidOfUnit } from './tags.service.ts';

const H = '/api/v1/taghost';
const errors = errorResponses(400, 401, 403, 404);
// Who may call each route (plugins/policy.ts).
const deviceManage = scoped('device', 'manage', { writes: true });
const tagHost = doc('tag host');

/** The tag host calls (a unit's tag, its template and restriction), served here. */
export function tagHostRoutes(app: App) {
  const { db } = app;

  app.get(
    `${H}/tag`,
    {
      config: deviceRead,
      schema: {
        ...tagHost,
        summary: "The unit's tag uuid, or an empty string when it has none",
        querystring: TagUnitQuery,
        response: { 200: Type.String(), ...errors },
      },
    },
    // Fastify sends a returned string as it is, as text/plain ('' an empty body); the call answers JSON.
    async (request, reply) =>
      reply
        .type('application/json')
        .send(JSON.stringify(await tagUuidOfUnit(db, sessionOf(request), request.query.unit))),
  );
  app.get(
    `${H}/tags`,
    {
      config: signedIn({ writes: false }),
      schema: {
        ...tagHost,
        summary: 'The tags of the units you may configure (for labels and QR codes)',
        response: { 200: Type.Array(TagListEntry), ...errors },
      },
    },
    async (request) => tagList(db, sessionOf(request)),
  );
  app.post(
    `${H}/tag`,
    {
      config: deviceManage,
      schema: {
        ...tagHost,
        summary: 'Give the unit a tag (SuperUser); answers the tag it has if it has one',
        querystring: TagUnitQuery,
        response: { 200: TagView, ...errors },
      },
    },
    async (request) => createTag(db, sessionOf(request), request.query.unit),
  );
  for (const field of ['template', 'restriction'] as const) {
    app.get(
      `${H}/tag/:uuid/${field}`,
      {
        config: deviceRead,
        schema: {
          ...tagHost,
          summary: `The tag's ${field}, or -1 without data`,
          params: TagUuidParam,
          response: { 200: Type.Integer(), ...errors },
        },
      },
      async (request) => tagField(db, sessionOf(request), request.params.uuid, field),
    );
    app.put(
      `${H}/tag/:uuid/${field}`,
      {
        config: deviceManage,
        schema: {
          ...tagHost,
          summary:
            field === 'template'
              ? 'Set the template: the built-in dashboard (1-6) a customer onboarded by the tag starts on; -1 none'
              : 'Set the restriction: an organisation id binds the tag to it, 0 disables it, -1 none',
          params: TagUuidParam,
          querystring: TagSettingQuery,
          response: { 200: TagView, ...errors },
        },
      },
      async (request) => setTag(db, sessionOf(request), request.params.uuid, field, request.query.id),
    );
  }
}
