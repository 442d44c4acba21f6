import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AccessLevel, AlarmType, type WebhookDelivery, type WebhookDeliveryDetail } from '@fieldwatch/core';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFindings } from '../src/modules/alarms/alarms.service.ts';
import { processPendingAlarms } from '../src/modules/events/engine.service.ts';
import { isForbiddenAddress } from '../src/modules/webhooks/addressGuard.ts';
import { poster } from '../src/modules/webhooks/post.ts';
import { startWebhookSender } from '../src/modules/webhooks/sender.ts';
import { createOrganization, createTestApp, createUnit, createUser, signIn, type TestApp } from './helpers.ts';

// Signed webhooks (issue 24) through the real app: endpoints administered over HTTP, facts raised
// through the real MQTT gateway, the alarm service and the event calls, delivered by the real sender
// to a real HTTP sink on loopback (WEBHOOK_ALLOW_PRIVATE for this app). Time is moved through the
// sender's clock, never waited for.

const PASSWORD = 'webhook-secret-1';
const A = '/api/v1/admin';
const HOUR = 3_600_000;

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; answered: boolean };

/** A webhook receiver: records every request; /fail/<n> answers 500 n times then 200, /down 503, /hang never. */
class Sink {
  readonly received: Received[] = [];
  private readonly failures = new Map<string, number>();
  private readonly hanging = new Set<http.ServerResponse>();
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const entry: Received = {
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        answered: true,
      };
      this.received.push(entry);
      if (path.startsWith('/hang')) {
        entry.answered = false;
        this.hanging.add(res);
        return;
      }
      const fail = /^\/fail\/(\d+)/.exec(path);
      if (fail) {
        const seen = this.failures.get(path) ?? 0;
        this.failures.set(path, seen + 1);
        if (seen < Number(fail[1])) return void res.writeHead(500).end('temporarily broken');
      }
      if (path.startsWith('/down')) return void res.writeHead(503).end('down for maintenance');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  url = '';
  async listen() {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  of(path: string) {
    return this.received.filter((r) => r.path === path);
  }
  kinds(path: string) {
    return this.of(path).map((r) => (JSON.parse(r.body) as { kind: string }).kind);
  }
  async close() {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise((done) => this.server.close(done));
  }
}

let t: TestApp;
let strict: TestApp;
const sink = new Sink();
let sender: ReturnType<typeof startWebhookSender>;
/** How far the sender's clock is ahead of the real one. */
let ahead = 0;
const orgs = { root: 0, alpha: 0, beta: 0 };
const cookies: Record<'alpha' | 'reader' | 'beta' | 'root' | 'strict', string> = {
  alpha: '',
  reader: '',
  beta: '',
  root: '',
  strict: '',
};

async function call(method: string, url: string, cookie: string, payload?: unknown, app = t) {
  return app.app.inject({ method: method as 'GET', url, headers: { cookie }, payload: payload as object });
}

/** Adds an endpoint of alpha at the sink's `path`; answers its id and secret. */
async function addEndpoint(path: string, kinds: string[], cookie = cookies.alpha) {
  const res = await call('POST', `${A}/organization/${orgs.alpha}/webhooks`, cookie, {
    url: `${sink.url}${path}`,
    description: `sink ${path}`,
    kinds,
    enabled: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { endpoint, secret } = res.json() as { endpoint: { id: number }; secret: string };
  return { id: endpoint.id, secret };
}

/** The signature header checked as a receiver would: HMAC-SHA256 of "<t>.<raw body>" with the secret. */
function verify(r: Received, secret: string) {
  const header = String(r.headers['x-fieldwatch-signature']);
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  expect(m, header).not.toBeNull();
  const expected = createHmac('sha256', secret).update(`${m?.[1]}.${r.body}`).digest('hex');
  return expected === m?.[2];
}

async function delivery(endpointId: number, id: string) {
  const res = await call('GET', `${A}/webhooks/${endpointId}/deliveries/${id}`, cookies.alpha);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WebhookDeliveryDetail;
}

async function ping(endpointId: number) {
  const res = await call('POST', `${A}/webhooks/${endpointId}/test`, cookies.alpha);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WebhookDelivery;
}

/** Runs the sender until the delivery has had `attempts` attempts. */
async function attemptsReach(endpointId: number, id: string, attempts: number) {
  await expect
    .poll(async () => {
      await sender.run();
      return (await delivery(endpointId, id)).delivery.attempts;
    })
    .toBe(attempts);
  return delivery(endpointId, id);
}

beforeAll(async () => {
  await sink.listen();
  t = await createTestApp({ gateway: true, watchdog: false, webhookAllowPrivate: true });
  strict = await createTestApp();
  orgs.root = await createOrganization(t.db, 'Hook root');
  orgs.alpha = await createOrganization(t.db, 'Hook alpha', orgs.root);
  orgs.beta = await createOrganization(t.db, 'Hook beta', orgs.root);
  const users = [
    ['hook-alpha', orgs.alpha, AccessLevel.SuperUser, 'alpha'],
    ['hook-reader', orgs.alpha, AccessLevel.Reader, 'reader'],
    ['hook-beta', orgs.beta, AccessLevel.SuperUser, 'beta'],
    ['hook-root', orgs.root, AccessLevel.SuperUser, 'root'],
  ] as const;
  for (const [username, organizationId, role, key] of users) {
    await createUser(t.db, { username, password: PASSWORD, organizationId, role });
    cookies[key] = await signIn(t.app, username, PASSWORD);
  }
  const strictOrg = await createOrganization(strict.db, 'Strict');
  await createUser(strict.db, {
    username: 'strict',
    password: PASSWORD,
    organizationId: strictOrg,
    role: AccessLevel.SuperUser,
  });
  cookies.strict = await signIn(strict.app, 'strict', PASSWORD);
  sender = startWebhookSender(t.db, t.bus, pino({ level: 'silent' }), {
    allowPrivate: true,
    now: () => new Date(Date.now() + ahead),
    everyMs: HOUR,
    // Longer than any test: the sink that never answers is still unanswered when checked.
    timeoutMs: 10 * 60_000,
  });
});
afterAll(async () => {
  await sink.close(); // first: ends the request the sink never answered
  await sender?.stop();
  await t?.close();
  await strict?.close();
});

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
    ahead += 31_000;
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
    ahead += 25 * HOUR;
    const last = await attemptsReach(id, queued.id, 2);
    expect(last.delivery).toMatchObject({ state: 'failed', nextAttemptAt: null, lastStatusCode: 503 });
    expect(last.delivery.finishedAt).not.toBeNull();
    ahead += HOUR;
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
      now: () => new Date(Date.now() + ahead),
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

describe('the SSRF guard', () => {
  const refused = ['https://10.0.0.1/hook', 'https://127.0.0.1/hook', 'https://169.254.169.254/latest/meta-data'];
  it.each([...refused, 'https://localhost/hook', 'https://[::1]/hook', 'https://[::ffff:127.0.0.1]/hook'])(
    'without WEBHOOK_ALLOW_PRIVATE, %s is refused with 400 private',
    async (url) => {
      const res = await call(
        'POST',
        `${A}/organization/${(await strict.db.query<{ id: number }>('select id from organizations'))[0]?.id}/webhooks`,
        cookies.strict,
        { url, description: '', kinds: ['alarm.raised'], enabled: true },
        strict,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/^webhook url private:/);
    },
  );

  it('only https:// without the flag; credentials and non-URLs are refused with their codes', async () => {
    const [org] = await strict.db.query<{ id: number }>('select id from organizations');
    const problem = async (url: string) => {
      const res = await call(
        'POST',
        `${A}/organization/${org?.id}/webhooks`,
        cookies.strict,
        { url, description: '', kinds: ['alarm.raised'], enabled: true },
        strict,
      );
      expect(res.statusCode).toBe(400);
      return /^webhook url (\w+):/.exec(res.json().message)?.[1];
    };
    expect(await problem('http://93.184.215.14/hook')).toBe('scheme');
    expect(await problem('ftp://93.184.215.14/hook')).toBe('scheme');
    expect(await problem('https://user:pw@93.184.215.14/hook')).toBe('credentials');
    expect(await problem('not a url')).toBe('invalid');
    expect(await problem('https://no-such-host.invalid/hook')).toBe('unresolvable');
  });

  it('a changed URL is checked again: an endpoint cannot be moved to an internal address', async () => {
    const [org] = await strict.db.query<{ id: number }>('select id from organizations');
    const hook = { url: 'https://93.184.215.14/hook', description: '', kinds: ['alarm.raised'], enabled: true };
    const made = await call('POST', `${A}/organization/${org?.id}/webhooks`, cookies.strict, hook, strict);
    expect(made.statusCode, made.body).toBe(200);
    const id = (made.json() as { endpoint: { id: number } }).endpoint.id;
    const moved = await call(
      'PUT',
      `${A}/webhooks/${id}`,
      cookies.strict,
      { ...hook, url: 'https://10.0.0.1/' },
      strict,
    );
    expect([moved.statusCode, moved.json().message]).toEqual([400, expect.stringMatching(/^webhook url private:/)]);
    const disabled = await call('PUT', `${A}/webhooks/${id}`, cookies.strict, { ...hook, enabled: false }, strict);
    expect(disabled.statusCode).toBe(200);
  });

  it('at send time too: an address literal and a name resolving to loopback are never connected to', async () => {
    const post = poster({ allowPrivate: false });
    const send = (url: string) =>
      post({ url, body: '{}', secret: 's', eventId: 'e', deliveryId: 'd', now: new Date() });
    const port = new URL(sink.url).port;
    const before = sink.received.length;
    expect((await send(`https://127.0.0.1:${port}/x`)).error).toMatch(/forbidden address/);
    expect((await send(`https://localhost:${port}/x`)).error).toMatch(/EWEBHOOKPRIVATE/);
    expect((await send(`https://[::1]:${port}/x`)).error).toMatch(/forbidden address/);
    expect((await send(`${sink.url}/x`)).error).toMatch(/scheme/);
    expect(sink.received.length).toBe(before);
  });

  it('classifies addresses: private, loopback, link-local, unspecified, multicast and mapped ones', () => {
    for (const a of ['10.1.2.3', '172.16.0.1', '192.168.1.1', '127.0.0.1', '169.254.169.254', '0.0.0.0', '224.0.0.1'])
      expect(isForbiddenAddress(a), a).toBe(true);
    for (const a of ['::1', '::', 'fc00::1', 'fd12::1', 'fe80::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:7f00:1'])
      expect(isForbiddenAddress(a), a).toBe(true);
    for (const a of ['93.184.215.14', '8.8.8.8', '2606:4700::1111']) expect(isForbiddenAddress(a), a).toBe(false);
  });
});

describe('permissions', () => {
  let endpoint = 0;
  let other = 0;
  let otherDelivery = '';
  beforeAll(async () => {
    endpoint = (await addEndpoint('/perm', ['alarm.raised'])).id;
    other = (await addEndpoint('/perm-other', ['alarm.raised'])).id;
    otherDelivery = (await ping(other)).id;
  });

  it('a Reader of the organisation and a SuperUser of another are refused its endpoints', async () => {
    for (const cookie of [cookies.reader, cookies.beta]) {
      expect((await call('GET', `${A}/organization/${orgs.alpha}/webhooks`, cookie)).statusCode).toBe(403);
      const add = await call('POST', `${A}/organization/${orgs.alpha}/webhooks`, cookie, {
        url: `${sink.url}/x`,
        description: '',
        kinds: ['alarm.raised'],
        enabled: true,
      });
      expect(add.statusCode).toBe(403);
    }
  });

  it('an endpoint of another organisation tree answers 404, like one that does not exist', async () => {
    const body = { url: `${sink.url}/x`, description: '', kinds: ['alarm.raised'], enabled: true };
    for (const [method, url, payload] of [
      ['PUT', `${A}/webhooks/${endpoint}`, body],
      ['DELETE', `${A}/webhooks/${endpoint}`],
      ['POST', `${A}/webhooks/${endpoint}/rotate`],
      ['POST', `${A}/webhooks/${endpoint}/test`],
      ['GET', `${A}/webhooks/${endpoint}/deliveries`],
      ['GET', `${A}/webhooks/${other}/deliveries/${otherDelivery}`],
    ] as const) {
      const foreign = await call(method, url, cookies.beta, payload);
      const unknown = await call(method, url.replace(/webhooks\/\d+/, 'webhooks/999999'), cookies.alpha, payload);
      expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Webhook not found']);
      expect(unknown.statusCode).toBe(404);
    }
    // A delivery of another endpoint through one's own endpoint is not found either.
    const crossed = await call('GET', `${A}/webhooks/${endpoint}/deliveries/${otherDelivery}`, cookies.alpha);
    expect(crossed.statusCode).toBe(404);
  });

  it('a SuperUser above the organisation administers its endpoints', async () => {
    const list = await call('GET', `${A}/organization/${orgs.alpha}/webhooks`, cookies.root);
    expect(list.statusCode).toBe(200);
    const changed = await call('PUT', `${A}/webhooks/${endpoint}`, cookies.root, {
      url: `${sink.url}/perm`,
      description: 'changed above',
      kinds: ['alarm.cleared'],
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ description: 'changed above', kinds: ['alarm.cleared'], enabled: false });
    expect((await call('DELETE', `${A}/webhooks/${endpoint}`, cookies.root)).statusCode).toBe(200);
    expect((await call('GET', `${A}/webhooks/${endpoint}/deliveries`, cookies.alpha)).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  const add = (payload: unknown) => call('POST', `${A}/organization/${orgs.alpha}/webhooks`, cookies.alpha, payload);
  const good = { url: 'https://hooks.example.com/x', description: '', kinds: ['alarm.raised'], enabled: true };
  it.each([
    ['no url', { ...good, url: undefined }],
    ['no kinds', { ...good, kinds: [] }],
    ['an unknown kind', { ...good, kinds: ['alarm.exploded'] }],
    ['ping as a subscription', { ...good, kinds: ['ping'] }],
    ['a kind twice', { ...good, kinds: ['alarm.raised', 'alarm.raised'] }],
    ['an unknown key', { ...good, secret: 'mine' }],
    ['enabled as a string', { ...good, enabled: 'yes' }],
    ['a too long description', { ...good, description: 'x'.repeat(201) }],
    ['a too long URL', { ...good, url: `https://example.com/${'x'.repeat(2100)}` }],
    ['not a URL', { ...good, url: 'hooks' }],
  ])('%s answers 400 with a message', async (_, payload) => {
    const res = await add(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: true, statusCode: 400 });
  });

  it('ids that are not ids answer 400', async () => {
    expect((await call('GET', `${A}/webhooks/abc/deliveries`, cookies.alpha)).statusCode).toBe(400);
    expect((await call('GET', `${A}/webhooks/1/deliveries/not-a-uuid`, cookies.alpha)).statusCode).toBe(400);
    expect((await call('GET', `${A}/webhooks/1/deliveries?limit=0`, cookies.alpha)).statusCode).toBe(400);
  });
});
