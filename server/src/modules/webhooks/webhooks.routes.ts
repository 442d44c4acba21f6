import {
  Ok,
  OrganizationParam,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryParam,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointWithSecret,
  WebhookParam,
} from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { doc } from '../../families/family.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { scoped } from '../../plugins/policy.ts';
import { refusingUnknownKeys } from '../../plugins/validation.ts';
import { adminOf } from '../admin/admin.access.ts';
import {
  createEndpoint,
  deleteEndpoint,
  getDelivery,
  listDeliveries,
  listEndpoints,
  rotateSecret,
  sendTest,
  updateEndpoint,
  type WebhookSettings,
} from './webhooks.service.ts';

const errors = errorResponses(400, 401, 403, 404);
const administration = doc('administration');
const read = scoped('organization', 'manage', { writes: false });
const write = scoped('organization', 'manage', { writes: true });

/**
 * Signed webhooks (/api/v1/admin): an organization's endpoints and their deliveries, for a
 * SuperUser of the organization or above (the service checks the organization of every endpoint).
 */
export function webhookRoutes(app: App, settings: WebhookSettings) {
  const { db } = app;
  const admin = (request: FastifyRequest) => adminOf(sessionOf(request));
  const endpoint = '/webhooks/:id';

  app.get(
    '/organization/:id/webhooks',
    {
      config: read,
      schema: {
        ...administration,
        summary: 'The organisation’s webhook endpoints (never their secrets)',
        params: OrganizationParam,
        response: { 200: Type.Array(WebhookEndpoint), ...errors },
      },
    },
    async (request) => listEndpoints(db, admin(request), request.params.id),
  );
  app.post(
    '/organization/:id/webhooks',
    {
      config: write,
      schema: {
        ...administration,
        summary: 'Adds a webhook endpoint; its signing secret is in this answer only',
        params: OrganizationParam,
        body: refusingUnknownKeys(WebhookEndpointBody),
        response: { 200: WebhookEndpointWithSecret, ...errors },
      },
    },
    async (request) => createEndpoint(db, admin(request), request.params.id, request.body, settings),
  );
  app.put(
    endpoint,
    {
      config: write,
      schema: {
        ...administration,
        summary: 'Changes a webhook endpoint (URL, description, kinds, enabled) as a whole',
        params: WebhookParam,
        body: refusingUnknownKeys(WebhookEndpointBody),
        response: { 200: WebhookEndpoint, ...errors },
      },
    },
    async (request) => updateEndpoint(db, admin(request), request.params.id, request.body, settings),
  );
  app.delete(
    endpoint,
    {
      config: write,
      schema: {
        ...administration,
        summary: 'Deletes a webhook endpoint and its deliveries',
        params: WebhookParam,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => deleteEndpoint(db, admin(request), request.params.id),
  );
  app.post(
    `${endpoint}/rotate`,
    {
      config: write,
      schema: {
        ...administration,
        summary: 'Gives the endpoint a new signing secret, shown in this answer only',
        params: WebhookParam,
        response: { 200: WebhookEndpointWithSecret, ...errors },
      },
    },
    async (request) => rotateSecret(db, admin(request), request.params.id),
  );
  app.post(
    `${endpoint}/test`,
    {
      config: write,
      schema: {
        ...administration,
        summary: 'Sends the endpoint a signed ping (a delivery of kind ping)',
        params: WebhookParam,
        response: { 200: WebhookDelivery, ...errors },
      },
    },
    async (request) => sendTest(db, admin(request), request.params.id),
  );
  app.get(
    `${endpoint}/deliveries`,
    {
      config: read,
      schema: {
        ...administration,
        summary: 'The endpoint’s deliveries, newest first, with their latest attempt',
        params: WebhookParam,
        querystring: WebhookDeliveriesQuery,
        response: { 200: Type.Array(WebhookDelivery), ...errors },
      },
    },
    async (request) => listDeliveries(db, admin(request), request.params.id, request.query.limit ?? 50),
  );
  app.get(
    `${endpoint}/deliveries/:delivery`,
    {
      config: read,
      schema: {
        ...administration,
        summary: 'One delivery: the body as sent and every attempt with its answer',
        params: WebhookDeliveryParam,
        response: { 200: WebhookDeliveryDetail, ...errors },
      },
    },
    async (request) => getDelivery(db, admin(request), request.params.id, request.params.delivery),
  );
}
