import { randomBytes } from 'node:crypto';
import type {
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointWithSecret,
  WebhookKind,
} from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import { type Admin, administered, requireAdministered } from '../admin/admin.access.ts';
import { checkWebhookUrl } from './addressGuard.ts';
import { enqueuePing } from './outbox.service.ts';
import * as repo from './webhooks.repository.ts';

/**
 * An organization's webhook endpoints, administered by a SuperUser of the organization or above:
 * the organization's calls answer 403 to anyone else (as every administration call); an endpoint,
 * and its deliveries, that the caller may not administer answers 404 like one that does not exist.
 */

/** Secrets are 32 random bytes, `whsec_` and base64url: what signs every delivery. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const iso = (d: Date | null) => d?.toISOString() ?? null;

function endpointOf(r: repo.EndpointRow): WebhookEndpoint {
  return {
    id: r.id,
    organizationId: r.organization_id,
    url: r.url,
    description: r.description,
    kinds: r.kinds as WebhookKind[],
    enabled: r.enabled,
    created: r.created_at.toISOString(),
    lastDelivery:
      r.last_state && r.last_at
        ? { state: r.last_state as 'pending' | 'succeeded' | 'failed', at: r.last_at.toISOString() }
        : null,
  };
}

function deliveryOf(r: repo.DeliveryRow): WebhookDelivery {
  return {
    id: r.id,
    endpointId: r.endpoint_id,
    eventId: r.event_id,
    kind: r.kind as WebhookDelivery['kind'],
    state: r.state as WebhookDelivery['state'],
    created: r.created_at.toISOString(),
    attempts: r.attempts,
    nextAttemptAt: r.state === 'pending' ? iso(r.next_attempt_at) : null,
    lastStatusCode: r.last_status_code,
    lastDurationMs: r.last_duration_ms,
    lastError: r.last_error,
    finishedAt: iso(r.finished_at),
  };
}

const notFound = () => new HttpError(404, 'Webhook not found');

/** The endpoint, when the caller administers its organization; 404 otherwise, as for none. */
async function administeredEndpoint(db: Queryable, admin: Admin, id: number) {
  const row = await repo.findEndpoint(db, id);
  if (!row) throw notFound();
  const orgs = await administered(db, admin);
  if (!orgs.some((o) => o.id === row.organization_id)) throw notFound();
  return row;
}

/** What the body says, tidied: the URL trimmed, kinds in their catalogue order. */
const fieldsOf = (body: WebhookEndpointBody): repo.EndpointFields => ({
  url: body.url.trim(),
  description: body.description.trim(),
  kinds: [...new Set(body.kinds)],
  enabled: body.enabled,
});

export type WebhookSettings = { allowPrivate: boolean };

export async function listEndpoints(db: Queryable, admin: Admin, organizationId: number) {
  await requireAdministered(db, admin, organizationId);
  return (await repo.endpointsOf(db, organizationId)).map(endpointOf);
}

/** A new endpoint, its URL checked (shape and every address of its host); its secret is in this answer only. */
export async function createEndpoint(
  db: Db,
  admin: Admin,
  organizationId: number,
  body: WebhookEndpointBody,
  settings: WebhookSettings,
): Promise<WebhookEndpointWithSecret> {
  await requireAdministered(db, admin, organizationId);
  const fields = fieldsOf(body);
  await checkWebhookUrl(fields.url, settings.allowPrivate);
  const secret = newSecret();
  const id = await repo.insertEndpoint(db, organizationId, fields, secret, admin.userId);
  const row = await repo.findEndpoint(db, id);
  if (!row) throw notFound();
  return { endpoint: endpointOf(row), secret };
}

export async function updateEndpoint(
  db: Db,
  admin: Admin,
  id: number,
  body: WebhookEndpointBody,
  settings: WebhookSettings,
): Promise<WebhookEndpoint> {
  const row = await administeredEndpoint(db, admin, id);
  const fields = fieldsOf(body);
  // A changed URL is checked as a new one; an unchanged one is checked again at every send.
  if (fields.url !== row.url) await checkWebhookUrl(fields.url, settings.allowPrivate);
  await repo.updateEndpoint(db, id, fields);
  return endpointOf(await administeredEndpoint(db, admin, id));
}

/** A new secret: the old one no longer signs anything, including retries still pending. */
export async function rotateSecret(db: Db, admin: Admin, id: number): Promise<WebhookEndpointWithSecret> {
  const row = await administeredEndpoint(db, admin, id);
  const secret = newSecret();
  await repo.setSecret(db, id, secret);
  return { endpoint: endpointOf(row), secret };
}

/** Deletes the endpoint with its deliveries (pending ones are never sent). */
export async function deleteEndpoint(db: Db, admin: Admin, id: number) {
  await administeredEndpoint(db, admin, id);
  await repo.deleteEndpoint(db, id);
  return { success: true };
}

/** Enqueues a `ping` to the endpoint (sent even while it is disabled) and answers the delivery. */
export async function sendTest(db: Db, admin: Admin, id: number): Promise<WebhookDelivery> {
  const row = await administeredEndpoint(db, admin, id);
  const deliveryId = await enqueuePing(db, id, row.organization_id, admin.session.username);
  const delivery = await repo.findDelivery(db, id, deliveryId);
  if (!delivery) throw notFound();
  return deliveryOf(delivery);
}

export async function listDeliveries(db: Queryable, admin: Admin, id: number, limit: number) {
  await administeredEndpoint(db, admin, id);
  return (await repo.deliveriesOf(db, id, limit)).map(deliveryOf);
}

export async function getDelivery(
  db: Queryable,
  admin: Admin,
  id: number,
  deliveryId: string,
): Promise<WebhookDeliveryDetail> {
  await administeredEndpoint(db, admin, id);
  const row = await repo.findDelivery(db, id, deliveryId);
  if (!row) throw new HttpError(404, 'Delivery not found');
  const attempts = await repo.attemptsOf(db, deliveryId);
  return {
    delivery: deliveryOf(row),
    body: row.body,
    attempts: attempts.map((a) => ({
      at: a.at.toISOString(),
      statusCode: a.status_code,
      durationMs: a.duration_ms,
      error: a.error,
      excerpt: a.excerpt,
    })),
  };
}
