import { AlarmType, type WebhookDelivery } from '@fieldwatch/core';
import mqtt from 'mqtt';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { applyFindings } from '../src/modules/alarms/alarms.service.ts';
import { processPendingAlarms } from '../src/modules/events/engine.service.ts';
import { startWebhookSender } from '../src/modules/webhooks/sender.ts';
import { A, HOUR, useWebhookApp, verify } from './fixtures/webhooks.ts';
import { createUnit } from './helpers.ts';

// Signed webhooks (issue 24) through the real app: endpoints administered over HTTP, facts raised
// through the real MQTT gateway, the alarm service and the event calls, delivered by the real sender
// to a real HTTP sink on loopback (WEBHOOK_ALLOW_PRIVATE for this app). Time is moved through the
// sender's clock, never waited for.
//
// This file: signed deliveries of each kind, retries and giving up, and two senders on one database.

const { t, sender, sink, clock, orgs, cookies, call, addEndpoint, delivery, ping, attemptsReach } = useWebhookApp();

describe('signed deliveries', () => {
  it('an alarm raised through the MQTT gateway reaches the sink, signed, with its facts', async () => {
    const { id, secret } = await addEndpoint('/alarms', ['alarm.raised', 'alarm.cleared']);
    const list = await call('GET', `${A}/organization/${orgs.alpha}/webhooks`, cookies.alpha);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret); // the secret is shown once, never listed
    const unitId = await createUnit(t.db, { organizationId: orgs.alpha, serial: 'WH-1', name: 'Pump house' });
    const unit = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.link.port}`, {
      username: 'WH-1',
      password: 'WH-1-secret',
      reconnectPeriod: 0,
    });
    await unit.publishAsync(
      'fw/u/WH-1/up/samples',
      JSON.stringify({ t: new Date().toISOString(), v: { BatteryVoltage: 3.0 } }),
      {
        qos: 1,
      },
    );
    await unit.endAsync();
    await expect.poll(() => sink.of('/alarms').length).toBe(1);
    const [got] = sink.of('/alarms');
    if (!got) throw new Error('nothing received');
    expect(verify(got, secret)).toBe(true);
    expect(verify(got, `${secret}x`)).toBe(false);
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({
      kind: 'alarm.raised',
      organizationId: orgs.alpha,
      data: {
        alarmType: AlarmType.Battery,
        unit: { id: unitId, serial: 'WH-1', name: 'Pump house' },
        value: 3,
        limit: 3.3,
        clearedAt: null,
      },
    });
    expect(typeof body.data.severity).toBe('string');
    expect(got.headers['x-fieldwatch-event']).toBe(body.id);
    expect(got.headers['content-type']).toBe('application/json');
    const log = (await call('GET', `${A}/webhooks/${id}/deliveries`, cookies.alpha)).json() as WebhookDelivery[];
    expect(log.map((d) => d.id)).toEqual([got.headers['x-fieldwatch-delivery']]);
    await expect.poll(async () => (await delivery(id, log[0]?.id ?? '')).delivery.state).toBe('succeeded');
    const detail = await delivery(id, log[0]?.id ?? '');
    expect(detail.body).toBe(got.body);
    expect(detail.attempts).toMatchObject([{ statusCode: 200, excerpt: '{"ok":true}', error: null }]);
  });

  it('a suspected fault, an acknowledgement and a task status change are delivered as their kinds', async () => {
    const { secret } = await addEndpoint('/work', ['fault.suspected', 'event.acknowledged', 'task.status_changed']);
    const unitId = await createUnit(t.db, { organizationId: orgs.alpha, serial: 'WH-2' });
    const unit = { id: unitId, organization_id: orgs.alpha };
    const fault = { channel: 1, type: AlarmType.Fault };
    await t.db.transaction((tx) =>
      applyFindings(tx, unit, [fault], [{ ...fault, value: 412, limit: 4 }], new Date(), t.bus),
    );
    await processPendingAlarms(t.db, (e) => t.bus.publish(e));
    const [event] = await t.db.query<{ id: string }>('select id from events where unit_id = $1', [unitId]);
    const ack = await call('PUT', `/api/v3/events/${event?.id}/acknowledge`, cookies.alpha, { comment: 'on it' });
    expect(ack.statusCode, ack.body).toBe(200);
    const [task] = await t.db.query<{ id: string }>(`select id from tasks where data->'eventIds' ? $1`, [
      event?.id ?? '',
    ]);
    const moved = await call('PUT', `/api/v3/tasks/${task?.id}`, cookies.alpha, { status: 'working' });
    expect(moved.statusCode, moved.body).toBe(200);
    await expect
      .poll(() => sink.kinds('/work').sort())
      .toEqual(['event.acknowledged', 'fault.suspected', 'task.status_changed']);
    const bodies = sink.of('/work').map((r) => JSON.parse(r.body));
    expect(bodies.find((b) => b.kind === 'fault.suspected').data).toMatchObject({
      alarmType: AlarmType.Fault,
      distanceM: 412,
      uncertaintyM: 4,
    });
    expect(bodies.find((b) => b.kind === 'event.acknowledged').data).toMatchObject({
      eventId: event?.id,
      acknowledgedBy: 'hook-alpha',
    });
    expect(JSON.stringify(bodies)).not.toContain('on it'); // the comment is not sent
    expect(bodies.find((b) => b.kind === 'task.status_changed').data).toMatchObject({
      taskId: task?.id,
      to: 'working',
      changedBy: 'hook-alpha',
    });
    for (const r of sink.of('/work')) expect(verify(r, secret)).toBe(true);
  });

  it('"send test" delivers a signed ping, shown in the delivery log with its answer', async () => {
    const { id, secret } = await addEndpoint('/ping', ['alarm.raised']);
    const queued = await ping(id);
    expect(queued).toMatchObject({ kind: 'ping', state: 'pending', attempts: 0 });
    const done = await attemptsReach(id, queued.id, 1);
    expect(done.delivery).toMatchObject({ state: 'succeeded', lastStatusCode: 200, nextAttemptAt: null });
    const [got] = sink.of('/ping');
    if (!got) throw new Error('no ping');
    expect(verify(got, secret)).toBe(true);
    expect(got.headers['x-fieldwatch-delivery']).toBe(queued.id);
    expect(JSON.parse(got.body)).toMatchObject({ kind: 'ping', data: { endpointId: id } });
  });

  it('rotating the secret signs the next delivery with the new one only', async () => {
    const { id, secret } = await addEndpoint('/rotate', ['alarm.raised']);
    const rotated = await call('POST', `${A}/webhooks/${id}/rotate`, cookies.alpha);
    expect(rotated.statusCode).toBe(200);
    const next = (rotated.json() as { secret: string }).secret;
    expect(next).not.toBe(secret);
    await attemptsReach(id, (await ping(id)).id, 1);
    const [got] = sink.of('/rotate');
    if (!got) throw new Error('no ping');
    expect(verify(got, next)).toBe(true);
    expect(verify(got, secret)).toBe(false);
  });
});

describe('retries', () => {
  it('a 500 is retried after the back-off, then succeeds; every attempt is recorded', async () => {
    const { id } = await addEndpoint('/fail/1', ['alarm.raised']);
    const queued = await ping(id);
    const first = await attemptsReach(id, queued.id, 1);
    expect(first.delivery).toMatchObject({ state: 'pending', lastStatusCode: 500 });
    const due = Date.parse(first.delivery.nextAttemptAt ?? '');
    const wait = due - Date.parse(first.attempts[0]?.at ?? '');
    expect(wait).toBeGreaterThanOrEqual(30_000); // from the attempt's end
    expect(wait).toBeLessThan(31_000);
    await sender.run(); // not due yet: nothing is sent
    expect(sink.of('/fail/1')).toHaveLength(1);
    clock.ahead += 31_000;
    const second = await attemptsReach(id, queued.id, 2);
    expect(second.delivery).toMatchObject({ state: 'succeeded', lastStatusCode: 200 });
    expect(second.attempts.map((a) => [a.statusCode, a.excerpt])).toEqual([
      [500, 'temporarily broken'],
      [200, '{"ok":true}'],
    ]);
    const [a, b] = sink.of('/fail/1');
    expect(a?.body).toBe(b?.body); // the same bytes, the same event and delivery ids
    expect(a?.headers['x-fieldwatch-delivery']).toBe(b?.headers['x-fieldwatch-delivery']);
  });

  it('a delivery still failing 24 h after it was written is given up', async () => {
    const { id } = await addEndpoint('/down', ['alarm.raised']);
    const queued = await ping(id);
    const first = await attemptsReach(id, queued.id, 1);
    expect(first.delivery.state).toBe('pending');
    clock.ahead += 25 * HOUR;
    const last = await attemptsReach(id, queued.id, 2);
    expect(last.delivery).toMatchObject({ state: 'failed', nextAttemptAt: null, lastStatusCode: 503 });
    expect(last.delivery.finishedAt).not.toBeNull();
    clock.ahead += HOUR;
    await sender.run();
    expect((await delivery(id, queued.id)).delivery.attempts).toBe(2);
  });

  it('an endpoint that never answers slows neither ingest nor the event engine', async () => {
    const hang = await addEndpoint('/hang', ['alarm.raised']);
    const unitId = await createUnit(t.db, { organizationId: orgs.alpha, serial: 'WH-3' });
    const unit = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.link.port}`, {
      username: 'WH-3',
      password: 'WH-3-secret',
      reconnectPeriod: 0,
    });
    const report = (v: Record<string, number>) =>
      unit.publishAsync('fw/u/WH-3/up/samples', JSON.stringify({ t: new Date().toISOString(), v }), { qos: 1 });
    await report({ BatteryVoltage: 3.0 });
    // The sink holds the first delivery's request open, unanswered…
    await expect.poll(() => sink.of('/hang').length).toBe(1);
    // …while the unit's next reports are stored and acknowledged (the PUBACK follows the commit)…
    await report({ BatteryVoltage: 3.6 });
    await report({ BatteryVoltage: 2.9 });
    const alarms = await t.db.query<{ n: number }>('select count(*)::int as n from alarms where unit_id = $1', [
      unitId,
    ]);
    expect(alarms[0]?.n).toBe(2);
    // …and the event engine takes both alarms (the second joins the first one's event).
    expect(await processPendingAlarms(t.db, (e) => t.bus.publish(e))).toBe(2);
    await unit.endAsync();
    // Another endpoint's delivery goes out meanwhile: the silent one holds only its own slot.
    const beside = await addEndpoint('/beside', ['alarm.raised']);
    const test = await ping(beside.id);
    expect((await attemptsReach(beside.id, test.id, 1)).delivery.state).toBe('succeeded');
    const held = (await call('GET', `${A}/webhooks/${hang.id}/deliveries`, cookies.alpha)).json() as WebhookDelivery[];
    expect(held.map((d) => [d.state, d.attempts])).toContainEqual(['pending', 0]); // still waiting for its answer
    expect(sink.of('/hang').every((r) => !r.answered)).toBe(true);
  });
});

describe('two senders on one database', () => {
  it('send each delivery once (claims with for update skip locked)', async () => {
    const second = startWebhookSender(t.db, t.bus, pino({ level: 'silent' }), {
      allowPrivate: true,
      now: () => new Date(Date.now() + clock.ahead),
      everyMs: HOUR,
    });
    try {
      const { id } = await addEndpoint('/twice', ['alarm.raised']);
      const queued = [];
      for (let i = 0; i < 10; i++) queued.push((await ping(id)).id);
      await expect
        .poll(async () => {
          await Promise.all([sender.run(), second.run(), sender.run(), second.run()]);
          const log = (await call('GET', `${A}/webhooks/${id}/deliveries`, cookies.alpha)).json() as WebhookDelivery[];
          return log.filter((d) => d.state === 'succeeded').length;
        })
        .toBe(10);
      const ids = sink.of('/twice').map((r) => r.headers['x-fieldwatch-delivery']);
      expect(ids).toHaveLength(10);
      expect(new Set(ids)).toEqual(new Set(queued));
    } finally {
      await second.stop();
    }
  });
});
