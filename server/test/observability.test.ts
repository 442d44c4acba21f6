import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import type { DeviceLink } from '../src/gateway/link.ts';
import type { App } from '../src/http.ts';
import { LiveBus } from '../src/live/bus.ts';
import { createMetrics, type Metrics } from '../src/observability/metrics.ts';
import {
  startTracing,
  type Tracing,
  traceDb,
  traceRequests,
  tracingConfig,
  withSpan,
} from '../src/observability/tracing.ts';
import { createOrganization, createUnit, createUser, openTestDb, signIn, startTestGateway } from './helpers.ts';

// Everything real: an OTLP/HTTP receiver on loopback gets the spans the SDK exports, the app listens
// on loopback with the MQTT gateway (embedded broker, or MQTT_URL's), units are MQTT clients.

type Attribute = { key: string; value: { stringValue?: string; intValue?: number | string; boolValue?: boolean } };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Attribute[];
  status?: { code?: number };
};
const KIND = { server: 2, client: 3, producer: 4, consumer: 5 };

const received: OtlpSpan[] = [];
const resources: Attribute[][] = [];
let receiver: http.Server;
let tracing: Tracing;
let raw: Db;
let app: App;
let link: DeviceLink;
let base: string;
let cookie: string;
let unitId: number;
const units: MqttClient[] = [];
const log = pino({ level: 'silent' });
let metrics: Metrics;

const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes?.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue !== undefined ? Number(v.intValue) : v?.boolValue);
};
const childrenOf = (parent: OtlpSpan) =>
  received.filter((s) => s.traceId === parent.traceId && s.parentSpanId === parent.spanId);

/** Flushes the SDK until a span matching `pred` has reached the receiver (or the poll times out). */
async function exported(pred: (s: OtlpSpan) => boolean): Promise<OtlpSpan> {
  await expect
    .poll(
      async () => {
        await tracing.flush();
        return received.some(pred);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return received.find(pred) as OtlpSpan;
}

/** The value of a metric in Prometheus text, summed over the lines whose labels include `labels`. */
function sampleOf(text: string, name: string, labels: Record<string, string> = {}) {
  let total = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) total += Number(m[3]);
  }
  return total;
}

async function scrape(target: App = app) {
  const res = await target.inject({ url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
}
const metric = async (name: string, labels: Record<string, string> = {}) => sampleOf(await scrape(), name, labels);

const brokerUrl = () => process.env.MQTT_URL ?? `mqtt://127.0.0.1:${link.port}`;
async function connectUnit(serial: string) {
  const client = await mqtt.connectAsync(brokerUrl(), {
    username: serial,
    password: `${serial}-secret`,
    reconnectPeriod: 0,
  });
  units.push(client);
  return client;
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const data = JSON.parse(body) as {
          resourceSpans: { resource: { attributes: Attribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const rs of data.resourceSpans) {
          resources.push(rs.resource.attributes);
          for (const ss of rs.scopeSpans) received.push(...ss.spans);
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;

  raw = await openTestDb();
  await migrate(raw);
  metrics = createMetrics({ db: raw });
  // The way main starts it: from the environment, OTLP base endpoint only.
  const started = await startTracing(tracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}/` }));
  if (!started) throw new Error('tracing did not start');
  tracing = started;
  const db = traceDb(raw);
  const bus = new LiveBus();
  link = await startTestGateway({ db, bus, log, metrics });
  app = await buildApp({ db, bus, link, loggerInstance: log, metrics });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const org = await createOrganization(raw, 'Observed Org');
  unitId = await createUnit(raw, { organizationId: org, serial: 'OB-1' });
  await createUser(raw, { username: 'observer', password: 'observer-secret', organizationId: org, role: 1 });
  cookie = await signIn(app, 'observer', 'observer-secret');
});

afterAll(async () => {
  for (const u of units) await u.endAsync(true);
  await app?.close();
  await link?.close();
  await tracing?.shutdown();
  await raw?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('tracing configuration', () => {
  it('reads the endpoint, service name and sample rate, and refuses a bad rate', () => {
    expect(tracingConfig({})).toEqual({ endpoint: undefined, serviceName: 'fieldwatch', sampleRate: 1 });
    expect(
      tracingConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_SERVICE_NAME: 'fw-eu',
        TRACE_SAMPLE_RATE: '0.25',
      }),
    ).toEqual({ endpoint: 'http://collector:4318/v1/traces', serviceName: 'fw-eu', sampleRate: 0.25 });
    expect(
      tracingConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:9999/otlp',
      }).endpoint,
    ).toBe('http://traces:9999/otlp');
    expect(() => tracingConfig({ TRACE_SAMPLE_RATE: '1.5' })).toThrow(/TRACE_SAMPLE_RATE/);
    expect(() => tracingConfig({ TRACE_SAMPLE_RATE: 'all' })).toThrow(/TRACE_SAMPLE_RATE/);
    expect(() => tracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/http/);
  });
});

describe('traces over OTLP', () => {
  it('makes a SERVER span per request, named by the route, with the database queries as children', async () => {
    const res = await fetch(`${base}/api/v1/device/${unitId}/details`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const server = await exported((s) => s.name === 'GET /api/v1/device/:id/details');
    expect(server.kind).toBe(KIND.server);
    expect(attr(server, 'http.route')).toBe('/api/v1/device/:id/details');
    expect(attr(server, 'http.status_code')).toBe(200);
    expect(server.parentSpanId ?? '').toBe('');
    const queries = childrenOf(server).filter((s) => s.name === 'db.query');
    expect(queries.every((q) => q.kind === KIND.client && attr(q, 'db.system') === 'postgresql')).toBe(true);
    const statements = queries.map((q) => String(attr(q, 'db.statement')));
    // The session hook's lookup and the handler's own queries (not only the hooks) are children.
    expect(statements.some((s) => s.includes('from sessions'))).toBe(true);
    expect(statements.filter((s) => !s.includes('sessions')).length).toBeGreaterThan(0);
    expect(resources.some((r) => r.some((a) => a.key === 'service.name' && a.value.stringValue === 'fieldwatch'))).toBe(
      true,
    );
  });

  it('keeps the request context after the body is parsed (POST)', async () => {
    const res = await fetch(`${base}/api/v2/device/deviceFilter`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ search: 'OB' }),
    });
    expect(res.status).toBe(200);
    const server = await exported((s) => s.name === 'POST /api/v2/device/deviceFilter');
    const handlerQueries = childrenOf(server).filter(
      (s) => s.name === 'db.query' && !String(attr(s, 'db.statement')).includes('sessions'),
    );
    expect(handlerQueries.length).toBeGreaterThan(0);
  });

  it('keeps the request context when the body arrives after the hooks ran (stream events)', async () => {
    // Our hooks on a bare Fastify: the client sends the body only once parsing has begun, so its
    // stream events come from the socket, outside the context the onRequest hook entered.
    const bare = Fastify();
    traceRequests(bare);
    let parsing: () => void = () => {};
    const parsingBegun = new Promise<void>((resolve) => {
      parsing = resolve;
    });
    bare.addHook('preParsing', (_request, _reply, payload, done) => {
      parsing();
      done(null, payload);
    });
    bare.post('/late-body/:id', async () => withSpan('handler work', {}, async () => 'ok'));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = bare.server.address() as AddressInfo;
      const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/late-body/7' });
      req.setHeader('content-type', 'application/json');
      const answered = new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
      req.flushHeaders();
      await parsingBegun;
      req.end('{"late":true}');
      expect((await answered).statusCode).toBe(200);
      const server = await exported((s) => s.name === 'POST /late-body/:id');
      const work = await exported((s) => s.name === 'handler work');
      expect(work.traceId).toBe(server.traceId);
      expect(work.parentSpanId).toBe(server.spanId);
    } finally {
      await bare.close();
    }
  });

  it('continues the trace of an incoming traceparent', async () => {
    const traceId = randomBytes(16).toString('hex');
    const parentId = randomBytes(8).toString('hex');
    const res = await fetch(`${base}/api/v1/device/${unitId}/options`, {
      headers: { cookie, traceparent: `00-${traceId}-${parentId}-01` },
    });
    expect(res.status).toBe(200);
    const server = await exported((s) => s.traceId === traceId && s.kind === KIND.server);
    expect(server.name).toBe('GET /api/v1/device/:id/options');
    expect(server.parentSpanId).toBe(parentId);
    expect(childrenOf(server).some((s) => s.name === 'db.query')).toBe(true);
  });

  it('names an unmatched request by its method and does not mark its 404 as an error', async () => {
    expect((await fetch(`${base}/api/no-such-route`)).status).toBe(404);
    const unmatched = await exported((s) => s.kind === KIND.server && attr(s, 'http.target') === '/api/no-such-route');
    expect(unmatched.name).toBe('GET');
    expect(unmatched.status?.code ?? 0).not.toBe(2); // a 404 is the caller's business
  });

  it('makes a PRODUCER span, child of the request, when a command is published to a unit', async () => {
    const res = await fetch(`${base}/api/v2/device/devices/${unitId}/operation?operation=restart`, {
      method: 'POST',
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    const server = await exported((s) => s.name === 'POST /api/v2/device/devices/:id/operation');
    const producer = await exported((s) => s.kind === KIND.producer && s.traceId === server.traceId);
    expect(producer.name).toBe('publish op');
    expect(producer.parentSpanId).toBe(server.spanId);
    expect(attr(producer, 'messaging.destination.name')).toBe('fw/u/OB-1/down/op');
  });

  it('makes a CONSUMER span per ingest batch, with its transaction and queries as descendants', async () => {
    const unit = await connectUnit('OB-1');
    const at = new Date('2026-04-01T10:00:00Z');
    await unit.publishAsync('fw/u/OB-1/up/samples', JSON.stringify({ t: at.toISOString(), v: { Loop1: 21 } }), {
      qos: 1,
    });
    const batch = await exported(
      (s) =>
        s.kind === KIND.consumer &&
        received.some(
          (q) => q.traceId === s.traceId && String(attr(q, 'db.statement')).includes('insert into samples'),
        ),
    );
    expect(batch.name).toBe('ingest batch');
    expect(batch.parentSpanId ?? '').toBe('');
    expect(attr(batch, 'messaging.batch.message_count')).toBe(1);
    const transaction = childrenOf(batch).find((s) => s.name === 'db.transaction');
    expect(transaction?.kind).toBe(KIND.client);
    const inTransaction = transaction ? childrenOf(transaction).map((s) => String(attr(s, 'db.statement'))) : [];
    expect(inTransaction.some((s) => s.includes('insert into samples'))).toBe(true);
  });
});

describe('/metrics', () => {
  it('counts requests by route pattern and status, never by URL, and leaves itself out', async () => {
    const route = { method: 'GET', route: '/api/v1/device/:id/details' };
    const before = await metric('http_requests_total', { ...route, status: '200' });
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ url: `/api/v1/device/${unitId}/details`, headers: { cookie } })).statusCode).toBe(200);
    }
    expect((await app.inject({ url: '/api/v1/device/999999/details', headers: { cookie } })).statusCode).toBe(404);
    const unmatchedBefore = await metric('http_requests_total', { route: 'unmatched', status: '404' });
    await app.inject({ url: `/api/nothing-here/${randomBytes(4).toString('hex')}` });
    const text = await scrape();
    expect(sampleOf(text, 'http_requests_total', { ...route, status: '200' })).toBe(before + 3);
    expect(sampleOf(text, 'http_requests_total', { ...route, status: '404' })).toBe(1);
    expect(sampleOf(text, 'http_requests_total', { route: 'unmatched', status: '404' })).toBe(unmatchedBefore + 1);
    expect(sampleOf(text, 'http_request_duration_seconds_count', route)).toBeGreaterThanOrEqual(4);
    expect(text).not.toMatch(/route="\/api\/v1\/device\/\d+/);
    expect(text).not.toContain('route="/metrics"');
    expect(text).toContain('process_cpu_seconds_total'); // default process metrics
  });

  it('counts ingested messages, samples, batches, lag and alarms exactly', async () => {
    const unit = await connectUnit('OB-1');
    const names = [
      'fieldwatch_ingest_messages_total',
      'fieldwatch_ingest_samples_total',
      'fieldwatch_ingest_lag_seconds_count',
      'fieldwatch_ingest_lag_seconds_sum',
      'fieldwatch_ingest_batches_total',
      'fieldwatch_alarms_evaluated_total',
      'fieldwatch_alarms_raised_total',
      'fieldwatch_alarms_cleared_total',
    ] as const;
    const read = async () => {
      const text = await scrape();
      return Object.fromEntries(names.map((n) => [n, sampleOf(text, n)])) as Record<(typeof names)[number], number>;
    };
    const before = await read();
    const hourAgo = Date.now() - 3600_000;
    const publish = (t: number, v: Record<string, number>) =>
      unit.publishAsync('fw/u/OB-1/up/samples', JSON.stringify({ t: new Date(t).toISOString(), v }), { qos: 1 });
    // Three messages, five values: the first an hour late; Resistance1 3 MΩ raises two alarms, 180 clears them.
    await publish(hourAgo, { Resistance1: 3, Loop1: 20 });
    // Raised before the next message is sent, so the two never share a batch (an external broker acks on receipt).
    await expect
      .poll(async () => (await read()).fieldwatch_alarms_raised_total - before.fieldwatch_alarms_raised_total)
      .toBe(2);
    await publish(hourAgo + 1000, { Resistance1: 180, Loop1: 21 });
    await publish(Date.now(), { Loop2: 5 });
    await expect
      .poll(async () => (await read()).fieldwatch_ingest_messages_total - before.fieldwatch_ingest_messages_total)
      .toBe(3);
    const after = await read();
    const delta = (n: (typeof names)[number]) => after[n] - before[n];
    expect(delta('fieldwatch_ingest_samples_total')).toBe(5);
    expect(delta('fieldwatch_ingest_lag_seconds_count')).toBe(3);
    expect(delta('fieldwatch_ingest_lag_seconds_sum')).toBeGreaterThan(2 * 3600 - 10);
    expect(delta('fieldwatch_ingest_lag_seconds_sum')).toBeLessThan(2 * 3600 + 60);
    expect(delta('fieldwatch_ingest_batches_total')).toBeGreaterThanOrEqual(1);
    expect(delta('fieldwatch_ingest_batches_total')).toBeLessThanOrEqual(3);
    expect(delta('fieldwatch_alarms_evaluated_total')).toBe(5);
    expect(delta('fieldwatch_alarms_raised_total')).toBe(2);
    expect(delta('fieldwatch_alarms_cleared_total')).toBe(2);
    expect(sampleOf(await scrape(), 'fieldwatch_ingest_queue_depth')).toBe(0);
  });

  it('reads the operation queue from the database at scrape time', async () => {
    await raw.query("update operations set state = 'failed' where state = 'requested'");
    expect(await metric('fieldwatch_operation_queue_depth')).toBe(0);
    const url = `/api/v2/device/devices/${unitId}/operation?operation=get_data`;
    expect((await app.inject({ method: 'POST', url, headers: { cookie } })).statusCode).toBe(200);
    expect(await metric('fieldwatch_operation_queue_depth')).toBe(1); // sent, not answered
  });

  it('counts open live connections', async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/v3/live`, { headers: { cookie } });
    const hello = new Promise((resolve) => ws.once('message', resolve));
    await hello;
    expect(await metric('fieldwatch_live_connections')).toBe(1);
    ws.close();
    await expect.poll(() => metric('fieldwatch_live_connections')).toBe(0);
  });

  it('is served only to loopback clients that did not come through a proxy when no token is set', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await app.inject({ url: '/metrics', remoteAddress })).statusCode).toBe(200);
    }
    expect((await app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
  });

  it('asks for the bearer token when METRICS_TOKEN is set, from anywhere', async () => {
    // A second app in the same process: its registry is its own, so nothing collides.
    const guarded = await buildApp({ db: raw, loggerInstance: log, metricsToken: 'scrape-secret' });
    try {
      const get = (authorization?: string) =>
        guarded.inject({ url: '/metrics', remoteAddress: '10.1.2.3', headers: authorization ? { authorization } : {} });
      expect((await get()).statusCode).toBe(401);
      expect((await get('Bearer wrong')).statusCode).toBe(401);
      expect((await get('Bearer scrape-secret-and-more')).statusCode).toBe(401);
      const ok = await get('Bearer scrape-secret');
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^text\/plain/);
      expect(ok.body).toContain('# TYPE fieldwatch_live_connections gauge');
      expect(sampleOf(ok.body, 'fieldwatch_ingest_messages_total')).toBe(0); // not the first app's counts
    } finally {
      await guarded.close();
    }
  });
});
