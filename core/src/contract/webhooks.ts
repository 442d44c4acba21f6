import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './common.ts';

/**
 * Signed webhooks (issue 24, docs/trust.md "Signed webhooks"): an organization's HTTPS endpoints
 * that receive facts as JSON, signed with the endpoint's secret, administered by a SuperUser of the
 * organization or above (/api/v1/admin).
 */

/** What an endpoint may subscribe to. `ping` is never subscribed: "Send test" sends one. */
export const WEBHOOK_KINDS = [
  'alarm.raised',
  'alarm.cleared',
  'fault.suspected',
  'event.acknowledged',
  'task.status_changed',
] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
/** What a delivery carries: a subscribed kind, or the test ping. */
export type WebhookDeliveryKind = WebhookKind | 'ping';

/** The headers a delivery carries. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Fieldwatch-Signature';
export const WEBHOOK_EVENT_HEADER = 'X-Fieldwatch-Event';
export const WEBHOOK_DELIVERY_HEADER = 'X-Fieldwatch-Delivery';

/** The longest URL an endpoint may have. */
export const WEBHOOK_URL_MAX = 2048;

/**
 * Why an endpoint's URL is refused; the 400's message starts with `webhook url <code>:` so that the
 * web app words it in the reader's language (webhookUrlProblemOf).
 * - invalid: not an absolute URL; scheme: not https (http only with WEBHOOK_ALLOW_PRIVATE=1);
 * - credentials: a user name or password in the URL; unresolvable: the host name has no address;
 * - private: the host is (or resolves to) a loopback, private, link-local, unspecified or multicast address.
 */
export const WEBHOOK_URL_PROBLEMS = ['invalid', 'scheme', 'credentials', 'unresolvable', 'private'] as const;
export type WebhookUrlProblem = (typeof WEBHOOK_URL_PROBLEMS)[number];

/** The 400's message for a refused URL (the server's side of webhookUrlProblemOf). */
export const webhookUrlRefusal = (problem: WebhookUrlProblem, detail: string) => `webhook url ${problem}: ${detail}`;

/** The problem a refusal's message names, if it is one. */
export function webhookUrlProblemOf(message: string): WebhookUrlProblem | undefined {
  const code = /^webhook url (\w+):/.exec(message)?.[1];
  return WEBHOOK_URL_PROBLEMS.find((p) => p === code);
}

/**
 * The URL's shape, before any address is looked up (both sides check it): absolute, https (or
 * http when private addresses are allowed, for loopback sinks), no credentials.
 */
export function webhookUrlShapeProblem(url: string, allowHttp: boolean): WebhookUrlProblem | undefined {
  if (!URL.canParse(url) || url.length > WEBHOOK_URL_MAX) return 'invalid';
  const u = new URL(url);
  if (u.protocol !== 'https:' && !(allowHttp && u.protocol === 'http:')) return 'scheme';
  if (!u.hostname) return 'invalid';
  if (u.username || u.password) return 'credentials';
  return undefined;
}

const Kind = Type.Union(
  WEBHOOK_KINDS.map((k) => Type.Literal(k)),
  { description: 'alarm.raised, alarm.cleared, fault.suspected, event.acknowledged or task.status_changed' },
);
const DeliveryKind = Type.Union([Kind, Type.Literal('ping')]);

export const WebhookEndpoint = Type.Object({
  id: Type.Integer(),
  organizationId: Type.Integer(),
  url: Type.String(),
  description: Type.String(),
  kinds: Type.Array(Kind),
  enabled: Type.Boolean(),
  created: Type.String({ format: 'date-time' }),
  /** The newest delivery's state and time, if any: the list shows whether the endpoint works. */
  lastDelivery: Nullable(
    Type.Object({
      state: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
      at: Type.String({ format: 'date-time' }),
    }),
  ),
});
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

/** An endpoint with its secret: only in the answer that made it or rotated its secret. */
export const WebhookEndpointWithSecret = Type.Object({ endpoint: WebhookEndpoint, secret: Type.String() });
export type WebhookEndpointWithSecret = Static<typeof WebhookEndpointWithSecret>;

/** A new endpoint, or the whole of an existing one (no key may be left out or added). */
export const WebhookEndpointBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: WEBHOOK_URL_MAX }),
    description: Type.String({ maxLength: 200 }),
    kinds: Type.Array(Kind, { minItems: 1, maxItems: WEBHOOK_KINDS.length, uniqueItems: true }),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type WebhookEndpointBody = Static<typeof WebhookEndpointBody>;

export const WebhookParam = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const WebhookDeliveryParam = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  delivery: Type.String({ format: 'uuid' }),
});

export const WebhookDeliveryState = Type.Union([
  Type.Literal('pending'),
  Type.Literal('succeeded'),
  Type.Literal('failed'),
]);
export type WebhookDeliveryState = Static<typeof WebhookDeliveryState>;

/** One delivery of one fact to one endpoint, with its latest attempt's outcome. */
export const WebhookDelivery = Type.Object({
  id: Type.String({ format: 'uuid' }),
  endpointId: Type.Integer(),
  /** The fact's id: the same for every endpoint that receives it (X-Fieldwatch-Event). */
  eventId: Type.String({ format: 'uuid' }),
  kind: DeliveryKind,
  state: WebhookDeliveryState,
  created: Type.String({ format: 'date-time' }),
  attempts: Type.Integer(),
  /** When the next attempt is due (pending only). */
  nextAttemptAt: Nullable(Type.String({ format: 'date-time' })),
  /** The latest attempt: the answer's HTTP status (null: none, see `lastError`), duration, error. */
  lastStatusCode: Nullable(Type.Integer()),
  lastDurationMs: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  finishedAt: Nullable(Type.String({ format: 'date-time' })),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const WebhookAttempt = Type.Object({
  at: Type.String({ format: 'date-time' }),
  statusCode: Nullable(Type.Integer()),
  durationMs: Type.Integer(),
  error: Nullable(Type.String()),
  /** The start of the answer's body (at most 1,000 characters). */
  excerpt: Type.String(),
});
export type WebhookAttempt = Static<typeof WebhookAttempt>;

/** One delivery in full: the body exactly as sent (and signed), and every attempt. */
export const WebhookDeliveryDetail = Type.Object({
  delivery: WebhookDelivery,
  body: Type.String(),
  attempts: Type.Array(WebhookAttempt),
});
export type WebhookDeliveryDetail = Static<typeof WebhookDeliveryDetail>;

export const WebhookDeliveriesQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
