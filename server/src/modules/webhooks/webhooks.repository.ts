import type { Queryable } from '../../db/db.ts';

export type EndpointRow = {
  id: number;
  organization_id: number;
  url: string;
  description: string;
  kinds: string[];
  enabled: boolean;
  secret: string;
  created_at: Date;
  last_state: string | null;
  last_at: Date | null;
};

const endpointColumns = `e.id, e.organization_id, e.url, e.description, e.kinds, e.enabled, e.secret, e.created_at,
  last.state as last_state, last.created_at as last_at`;
const lastDelivery = `left join lateral (
    select d.state, d.created_at from webhook_deliveries d where d.endpoint_id = e.id order by d.created_at desc limit 1
  ) last on true`;

export function endpointsOf(db: Queryable, organizationId: number) {
  return db.query<EndpointRow>(
    `select ${endpointColumns} from webhook_endpoints e ${lastDelivery}
      where e.organization_id = $1 order by e.id`,
    [organizationId],
  );
}

export async function findEndpoint(db: Queryable, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db.query<EndpointRow>(
    `select ${endpointColumns} from webhook_endpoints e ${lastDelivery} where e.id = $1`,
    [id],
  );
  return row;
}

export type EndpointFields = { url: string; description: string; kinds: readonly string[]; enabled: boolean };

export async function insertEndpoint(
  db: Queryable,
  organizationId: number,
  f: EndpointFields,
  secret: string,
  createdBy: number,
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into webhook_endpoints (organization_id, url, description, kinds, enabled, secret, created_by)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [organizationId, f.url, f.description, f.kinds, f.enabled, secret, createdBy],
  );
  return row?.id ?? 0;
}

export async function updateEndpoint(db: Queryable, id: number, f: EndpointFields) {
  await db.query('update webhook_endpoints set url = $2, description = $3, kinds = $4, enabled = $5 where id = $1', [
    id,
    f.url,
    f.description,
    f.kinds,
    f.enabled,
  ]);
}

export async function setSecret(db: Queryable, id: number, secret: string) {
  await db.query('update webhook_endpoints set secret = $2 where id = $1', [id, secret]);
}

export async function deleteEndpoint(db: Queryable, id: number) {
  await db.query('delete from webhook_endpoints where id = $1', [id]);
}

/** An enabled endpoint of one of the organizations or above it, with the organization it is for. */
export type Subscriber = { origin: number; id: number; kinds: string[] };

/** The enabled endpoints that hear of facts about each organization: its own and its ancestors'. */
export function subscribersOf(db: Queryable, organizationIds: readonly number[]) {
  return db.query<Subscriber>(
    `with recursive up (origin, id) as (
       select o, o from unnest($1::int[]) o
       union
       select up.origin, p.parent_organization_id from organizations p join up on p.id = up.id
        where p.parent_organization_id is not null
     )
     select up.origin, e.id, e.kinds from up join webhook_endpoints e on e.organization_id = up.id
      where e.enabled`,
    [organizationIds],
  );
}

export type NewDelivery = { id: string; endpointId: number; eventId: string; kind: string; body: string; at: Date };

/** Writes deliveries into the outbox, each due at once. */
export async function insertDeliveries(db: Queryable, rows: readonly NewDelivery[]) {
  if (rows.length === 0) return;
  await db.query(
    `insert into webhook_deliveries (id, endpoint_id, event_id, kind, body, created_at, next_attempt_at)
     select d.id, d.endpoint_id, d.event_id, d.kind, d.body, d.at, d.at
       from unnest($1::uuid[], $2::int[], $3::uuid[], $4::text[], $5::text[], $6::timestamptz[])
         as d (id, endpoint_id, event_id, kind, body, at)`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.endpointId),
      rows.map((r) => r.eventId),
      rows.map((r) => r.kind),
      rows.map((r) => r.body),
      rows.map((r) => r.at.toISOString()),
    ],
  );
}

/** Names of units, for the facts deliveries carry. */
export function unitsByIds(db: Queryable, ids: readonly number[]) {
  return db.query<{ id: number; serial: string; name: string }>(
    'select id, serial, unit_name as name from units where id = any($1::int[])',
    [ids],
  );
}

export type DeliveryRow = {
  id: string;
  endpoint_id: number;
  event_id: string;
  kind: string;
  state: string;
  created_at: Date;
  attempts: number;
  next_attempt_at: Date | null;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
  finished_at: Date | null;
};
const deliveryColumns = `id, endpoint_id, event_id, kind, state, created_at, attempts, next_attempt_at,
  last_status_code, last_duration_ms, last_error, finished_at`;

export function deliveriesOf(db: Queryable, endpointId: number, limit: number) {
  return db.query<DeliveryRow>(
    `select ${deliveryColumns} from webhook_deliveries where endpoint_id = $1 order by created_at desc, id limit $2`,
    [endpointId, limit],
  );
}

export async function findDelivery(db: Queryable, endpointId: number, id: string) {
  const [row] = await db.query<DeliveryRow & { body: string }>(
    `select ${deliveryColumns}, body from webhook_deliveries where endpoint_id = $1 and id = $2`,
    [endpointId, id],
  );
  return row;
}

export type AttemptRow = {
  at: Date;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  excerpt: string;
};

export function attemptsOf(db: Queryable, deliveryId: string) {
  return db.query<AttemptRow>(
    'select at, status_code, duration_ms, error, excerpt from webhook_attempts where delivery_id = $1 order by at, id',
    [deliveryId],
  );
}

/** A delivery claimed for sending, with where it goes and the secret that signs it. */
export type ClaimedRow = {
  id: string;
  endpoint_id: number;
  event_id: string;
  kind: string;
  body: string;
  created_at: Date;
  attempts: number;
  url: string;
  secret: string;
};

/**
 * Takes up to `limit` due deliveries for one sender until `until`: rows another sender holds are
 * skipped (`for update skip locked`, and an unexpired claim), so two instances never send one at
 * once; a sender that died lets its claims run out. Deliveries of a disabled endpoint wait, except
 * its test pings, and so do those of `skipEndpoints` (as many sends under way as they may have).
 */
export function claimDue(db: Queryable, now: Date, until: Date, limit: number, skipEndpoints: readonly number[] = []) {
  return db.query<ClaimedRow>(
    `update webhook_deliveries d set claimed_until = $2
       from webhook_endpoints e
      where e.id = d.endpoint_id and d.id in (
        select w.id from webhook_deliveries w join webhook_endpoints x on x.id = w.endpoint_id
         where w.state = 'pending' and w.next_attempt_at <= $1
           and (w.claimed_until is null or w.claimed_until <= $1)
           and (x.enabled or w.kind = 'ping')
           and not (w.endpoint_id = any($4::int[]))
         order by w.next_attempt_at
         limit $3
         for update of w skip locked)
     returning d.id, d.endpoint_id, d.event_id, d.kind, d.body, d.created_at, d.attempts, e.url, e.secret`,
    [now.toISOString(), until.toISOString(), limit, skipEndpoints],
  );
}

export type AttemptOutcome = {
  at: Date;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  excerpt: string;
  /** The delivery's state after it, and when the next attempt is due (pending). */
  state: 'pending' | 'succeeded' | 'failed';
  nextAttemptAt: Date | null;
};

/** Records an attempt and its delivery's new state, releasing the claim. */
export async function recordAttempt(db: Queryable, deliveryId: string, o: AttemptOutcome) {
  await db.query(
    `insert into webhook_attempts (delivery_id, at, status_code, duration_ms, error, excerpt)
     values ($1, $2, $3, $4, $5, $6)`,
    [deliveryId, o.at.toISOString(), o.statusCode, o.durationMs, o.error, o.excerpt],
  );
  await db.query(
    `update webhook_deliveries set attempts = attempts + 1, state = $2, next_attempt_at = $3, claimed_until = null,
       last_status_code = $4, last_duration_ms = $5, last_error = $6,
       finished_at = case when $2 = 'pending' then null else $7::timestamptz end
     where id = $1`,
    [deliveryId, o.state, o.nextAttemptAt?.toISOString() ?? null, o.statusCode, o.durationMs, o.error, o.at],
  );
}

/** Forgets finished deliveries (and their attempts) created before `before`. */
export async function deleteFinishedBefore(db: Queryable, before: Date) {
  await db.query(`delete from webhook_deliveries where state <> 'pending' and created_at < $1`, [before.toISOString()]);
}
