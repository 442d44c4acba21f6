import {
  FLOOR_PLAN_MAX_BYTES,
  FLOOR_PLAN_TYPES,
  FloorPlan,
  FloorPlanData,
  FloorPlanDataBody,
  FloorPlanDataQuery,
  FloorPlanDeleteBody,
  FloorPlanDeleteResult,
  FloorPlanParams,
  FloorPlanUpdateBody,
  FloorPlanUploadQuery,
  OrgIdParam,
} from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { doc } from '../../families/family.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { HttpError } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';

import { deviceRead, deviceWrite } from '../../plugins/policy.ts';
import { acceptImageBodies, multipartParts, sendImage, type UploadBody } from '../../uploads/imageBodies.ts';
import {
  changeFloorPlan,
  floorPlanData,
  floorPlanImage,
  floorPlans,
  removeFloorPlans,
  saveFloorPlanData,
  type Upload,
  uploadFloorPlan,
} from './floorPlans.service.ts';

const common = doc('floor plans');
const readErrors = errorResponses(400, 401, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409, 413, 415);

/** A multipart body's overhead (boundaries, part headers, the name fields) on top of the largest image. */
const UPLOAD_BODY_LIMIT = FLOOR_PLAN_MAX_BYTES + 64 * 1024;

/**
 * The floor-plan calls: list, upload (multipart 'file', or the raw image as the
 * body like the avatar upload), the image bytes, rename/reorder, delete {files}, and the placements
 * of sensors (floor-plan-data). Registered in a scope of their own so the upload body parsers
 * apply to these routes only.
 */
/** Where floor plans hang below /api/v3 (the service's API is the same place, absolute). */
const ORGANIZATION = '/user/organization';

export function floorPlanRoutes(app: App) {
  app.register(async (scope: FastifyInstance) => {
    acceptImageBodies(scope, { types: FLOOR_PLAN_TYPES, limit: UPLOAD_BODY_LIMIT });
    routes(scope as App);
  });
}

function routes(app: App) {
  const { db } = app;
  const plan = `${ORGANIZATION}/:orgId/floor-plan`;

  app.get(
    plan,
    {
      config: deviceRead,
      schema: {
        ...common,
        summary: "The organisation's floor plans, in floor order (without their bytes)",
        params: OrgIdParam,
        response: { 200: Type.Array(FloorPlan), ...readErrors },
      },
    },
    async (request) => floorPlans(db, sessionOf(request), request.params.orgId),
  );

  app.put(
    plan,
    {
      config: deviceWrite,
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        ...common,
        summary:
          "Uploads a floor plan: multipart/form-data with a 'file' field (and optional 'name' and 'order' fields), or the image itself as the body with its type (name and order in the query). PNG, JPEG, WebP or SVG without scripts, at most 5 MB.",
        params: OrgIdParam,
        querystring: FloorPlanUploadQuery,
        response: { 200: FloorPlan, ...writeErrors },
      },
    },
    async (request) => {
      const upload = readUpload(request.body as UploadBody, request.query);
      return uploadFloorPlan(db, sessionOf(request), request.params.orgId, upload);
    },
  );

  app.delete(
    plan,
    {
      config: deviceWrite,
      schema: {
        ...common,
        summary: 'Deletes floor plans (all or none) with their placements',
        params: OrgIdParam,
        body: FloorPlanDeleteBody,
        response: { 200: FloorPlanDeleteResult, ...writeErrors },
      },
    },
    async (request) => removeFloorPlans(db, sessionOf(request), request.params.orgId, request.body.files),
  );

  app.get(
    `${plan}/:planId`,
    {
      config: deviceRead,
      schema: {
        ...common,
        summary: 'The image of a floor plan (cacheable: the URL of the listing names its version)',
        params: FloorPlanParams,
        querystring: Type.Object({ v: Type.Optional(Type.String({ maxLength: 64 })) }),
        produces: [...FLOOR_PLAN_TYPES],
        response: { ...readErrors },
      },
    },
    async (request, reply) => {
      const image = await floorPlanImage(db, sessionOf(request), request.params.orgId, request.params.planId);
      // An SVG opened on its own is still only a picture: no scripts, no outside loads.
      return sendImage(request, reply, { data: image.data, type: image.contentType, etag: image.etag });
    },
  );

  app.patch(
    `${plan}/:planId`,
    {
      config: deviceWrite,
      schema: {
        ...common,
        summary: 'Renames or reorders a floor plan',
        params: FloorPlanParams,
        body: FloorPlanUpdateBody,
        response: { 200: FloorPlan, ...writeErrors },
      },
    },
    async (request) =>
      changeFloorPlan(db, sessionOf(request), request.params.orgId, request.params.planId, request.body),
  );

  app.get(
    `${ORGANIZATION}/:orgId/floor-plan-data`,
    {
      config: deviceRead,
      schema: {
        ...common,
        summary: "Where the organisation's sensors are on its plans, with their latest temperature and humidity",
        params: OrgIdParam,
        querystring: FloorPlanDataQuery,
        response: { 200: FloorPlanData, ...readErrors },
      },
    },
    async (request) => floorPlanData(db, sessionOf(request), request.params.orgId, request.query.planId),
  );

  app.put(
    `${ORGANIZATION}/:orgId/floor-plan-data`,
    {
      config: deviceWrite,
      schema: {
        ...common,
        summary: "Saves one plan's placements (x, y relative 0..1); a unit placed here leaves any other plan",
        params: OrgIdParam,
        body: FloorPlanDataBody,
        response: { 200: FloorPlanData, ...writeErrors },
      },
    },
    async (request) => saveFloorPlanData(db, sessionOf(request), request.params.orgId, request.body),
  );
}

/** The image and its name/order from either upload form; anything else is a 400 or 415. */
function readUpload(body: UploadBody, query: { name?: string; order?: number }): Upload {
  if (Buffer.isBuffer(body)) return { data: body, name: query.name, order: query.order };
  if (body && typeof body === 'object' && 'multipart' in body) {
    const parts = multipartParts(body);
    const file = parts.find((p) => p.name === 'file');
    if (!file) throw new HttpError(400, "The upload has no 'file' field");
    const text = (name: string) =>
      parts
        .find((p) => p.name === name)
        ?.data.toString('utf8')
        .trim();
    const name = text('name') || query.name;
    if (name !== undefined && name.length > 120) throw new HttpError(400, 'name: at most 120 characters');
    const orderText = text('order');
    const order = orderText ? Number(orderText) : query.order;
    if (order !== undefined && !(Number.isInteger(order) && order >= 0 && order <= 10_000)) {
      throw new HttpError(400, 'order: a whole number from 0 to 10000');
    }
    return { data: file.data, name, order, filename: file.filename };
  }
  if (body === undefined || body === null) throw new HttpError(400, "The upload has no 'file' field");
  throw new HttpError(
    415,
    "Send the image as multipart/form-data with a 'file' field, or as the body with its image type",
  );
}
