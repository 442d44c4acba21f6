import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { traceRequests, tracingConfig, withSpan } from '../src/observability/tracing.ts';
import { attr, KIND, useObservedApp } from './fixtures/observability.ts';

// Everything real: an OTLP/HTTP receiver on loopback gets the spans the SDK exports, the app listens
// on loopback with the MQTT gateway (embedded broker, or MQTT_URL's), units are MQTT clients.
//
// This file: the tracing configuration and the spans exported over OTLP.

const { t, received, resources, childrenOf, exported, connectUnit } = useObservedApp();

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
    const res = await fetch(`${t.base}/api/v1/device/${t.unitId}/details`, { headers: { cookie: t.cookie } });
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
    const res = await fetch(`${t.base}/api/v2/device/deviceFilter`, {
      method: 'POST',
      headers: { cookie: t.cookie, 'content-type': 'application/json' },
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
    const res = await fetch(`${t.base}/api/v1/device/${t.unitId}/options`, {
      headers: { cookie: t.cookie, traceparent: `00-${traceId}-${parentId}-01` },
    });
    expect(res.status).toBe(200);
    const server = await exported((s) => s.traceId === traceId && s.kind === KIND.server);
    expect(server.name).toBe('GET /api/v1/device/:id/options');
    expect(server.parentSpanId).toBe(parentId);
    expect(childrenOf(server).some((s) => s.name === 'db.query')).toBe(true);
  });

  it('names an unmatched request by its method and does not mark its 404 as an error', async () => {
    expect((await fetch(`${t.base}/api/no-such-route`)).status).toBe(404);
    const unmatched = await exported((s) => s.kind === KIND.server && attr(s, 'http.target') === '/api/no-such-route');
    expect(unmatched.name).toBe('GET');
    expect(unmatched.status?.code ?? 0).not.toBe(2); // a 404 is the caller's business
  });

  it('makes a PRODUCER span, child of the request, when a command is published to a unit', async () => {
    const res = await fetch(`${t.base}/api/v2/device/devices/${t.unitId}/operation?operation=restart`, {
      method: 'POST',
      headers: { cookie: t.cookie },
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
