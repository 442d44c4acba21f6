import { randomUUID } from 'node:crypto';
import { AlarmType, severityOfAlarmType, type WebhookDeliveryKind, type WebhookKind } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import { effectiveSeverities } from '../admin/alarmSeverity.service.ts';
import {
  insertDeliveries,
  type NewDelivery,
  type Subscriber,
  subscribersOf,
  unitsByIds,
} from './webhooks.repository.ts';

/**
 * The outbox of webhook deliveries: the modules that change something an endpoint may subscribe to
 * call these in the transaction of the change (alarms.service.ts, events.service.ts), so a delivery
 * exists exactly when its fact was committed. Only rows are written: sending is the sender's
 * (sender.ts), and an organization without endpoints costs one query that finds none.
 */

/** One fact about an organization's objects, as a delivery's body carries it. */
type Fact = { organizationId: number; kind: WebhookDeliveryKind; data: Record<string, unknown> };

/** The JSON body of a delivery: the fact's id, kind, time and organization, and its data. Facts, never sentences. */
export function bodyOf(eventId: string, fact: Fact, at: Date) {
  return JSON.stringify({
    id: eventId,
    kind: fact.kind,
    createdAt: at.toISOString(),
    organizationId: fact.organizationId,
    data: fact.data,
  });
}

/** Deliveries of each fact to the endpoints (subscribed to its kind, of its organization or above) that want it. */
function deliveriesOf(facts: readonly Fact[], subscribers: readonly Subscriber[], at: Date): NewDelivery[] {
  return facts.flatMap((fact) => {
    const to = subscribers.filter((s) => s.origin === fact.organizationId && s.kinds.includes(fact.kind));
    if (to.length === 0) return [];
    const eventId = randomUUID();
    const body = bodyOf(eventId, fact, at);
    return to.map((s) => ({ id: randomUUID(), endpointId: s.id, eventId, kind: fact.kind, body, at }));
  });
}

/** The subscribers of the facts' organizations; none (the usual case) answers quickly. */
const subscribersFor = (db: Queryable, organizationIds: readonly number[]) =>
  organizationIds.length === 0 ? Promise.resolve([]) : subscribersOf(db, [...new Set(organizationIds)]);

/** Writes the deliveries of facts, in the caller's transaction. */
export async function enqueueFacts(db: Queryable, facts: readonly Fact[]) {
  const subscribers = await subscribersFor(
    db,
    facts.map((f) => f.organizationId),
  );
  if (subscribers.length > 0) await insertDeliveries(db, deliveriesOf(facts, subscribers, new Date()));
}

/** An alarm as alarms.service.ts stores it. */
type AlarmFact = {
  id: number;
  unit_id: number;
  channel: number;
  alarm_type: number;
  value: number | null;
  limit_value: number | null;
  event_time: Date;
  cleared_at: Date | null;
};

/**
 * Alarms raised and cleared, in the transaction that raised or cleared them: `alarm.raised`
 * (`fault.suspected` for a fault the radar analysis found, alarm type 60), or `alarm.cleared` (of
 * any type). Each carries the unit, the alarm type and its severity in the organization, the value
 * and limit, and its times.
 */
export async function enqueueAlarms(db: Queryable, alarms: readonly { organizationId: number; alarm: AlarmFact }[]) {
  const subscribers = await subscribersFor(
    db,
    alarms.map((a) => a.organizationId),
  );
  if (subscribers.length === 0) return;
  const heard = alarms.filter((a) => subscribers.some((s) => s.origin === a.organizationId));
  const units = new Map((await unitsByIds(db, [...new Set(heard.map((a) => a.alarm.unit_id))])).map((u) => [u.id, u]));
  const severities = await effectiveSeverities(db, [...new Set(heard.map((a) => a.organizationId))]);
  const facts = heard.map(({ organizationId, alarm: a }): Fact => {
    const unit = units.get(a.unit_id);
    const fault = a.alarm_type === AlarmType.Fault;
    const kind: WebhookKind = a.cleared_at ? 'alarm.cleared' : fault ? 'fault.suspected' : 'alarm.raised';
    return {
      organizationId,
      kind,
      data: {
        alarmId: a.id,
        alarmType: a.alarm_type,
        severity: severityOfAlarmType(a.alarm_type, severities.get(organizationId)),
        unit: { id: a.unit_id, serial: unit?.serial ?? null, name: unit?.name ?? null },
        channel: a.channel,
        value: a.value,
        limit: a.limit_value,
        ...(fault ? { distanceM: a.value, uncertaintyM: a.limit_value } : {}),
        raisedAt: a.event_time.toISOString(),
        clearedAt: a.cleared_at?.toISOString() ?? null,
      },
    };
  });
  await insertDeliveries(db, deliveriesOf(facts, subscribers, new Date()));
}

/** A test delivery to one endpoint (whatever it subscribes to): answers the delivery's id. */
export async function enqueuePing(db: Queryable, endpointId: number, organizationId: number, by: string) {
  const at = new Date();
  const eventId = randomUUID();
  const id = randomUUID();
  const body = bodyOf(eventId, { organizationId, kind: 'ping', data: { endpointId, requestedBy: by } }, at);
  await insertDeliveries(db, [{ id, endpointId, eventId, kind: 'ping', body, at }]);
  return id;
}
