import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { log, sampleOf, useObservedApp } from './fixtures/observability.ts';

// Everything real: an OTLP/HTTP receiver on loopback gets the spans the SDK exports, the app listens
// on loopback with the MQTT gateway (embedded broker, or MQTT_URL's), units are MQTT clients.
//
// This file: what /metrics counts, and who may read it.

const { t, scrape, metric, connectUnit } = useObservedApp();

describe('/metrics', () => {
  it('counts requests by route pattern and status, never by URL, and leaves itself out', async () => {
    const route = { method: 'GET', route: '/api/v1/device/:id/details' };
    const before = await metric('http_requests_total', { ...route, status: '200' });
    for (let i = 0; i < 3; i++) {
      expect(
        (await t.app.inject({ url: `/api/v1/device/${t.unitId}/details`, headers: { cookie: t.cookie } })).statusCode,
      ).toBe(200);
    }
    expect(
      (await t.app.inject({ url: '/api/v1/device/999999/details', headers: { cookie: t.cookie } })).statusCode,
    ).toBe(404);
    const unmatchedBefore = await metric('http_requests_total', { route: 'unmatched', status: '404' });
    await t.app.inject({ url: `/api/nothing-here/${randomBytes(4).toString('hex')}` });
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
    await t.raw.query("update operations set state = 'failed' where state = 'requested'");
    expect(await metric('fieldwatch_operation_queue_depth')).toBe(0);
    const url = `/api/v2/device/devices/${t.unitId}/operation?operation=get_data`;
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: t.cookie } })).statusCode).toBe(200);
    expect(await metric('fieldwatch_operation_queue_depth')).toBe(1); // sent, not answered
  });

  it('counts open live connections', async () => {
    const ws = new WebSocket(`${t.base.replace('http', 'ws')}/api/v3/live`, { headers: { cookie: t.cookie } });
    const hello = new Promise((resolve) => ws.once('message', resolve));
    await hello;
    expect(await metric('fieldwatch_live_connections')).toBe(1);
    ws.close();
    await expect.poll(() => metric('fieldwatch_live_connections')).toBe(0);
  });

  it('is served only to loopback clients that did not come through a proxy when no token is set', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.inject({ url: '/metrics', remoteAddress })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(
      404,
    );
  });

  it('asks for the bearer token when METRICS_TOKEN is set, from anywhere', async () => {
    // A second app in the same process: its registry is its own, so nothing collides.
    const guarded = await buildApp({ db: t.raw, loggerInstance: log, metricsToken: 'scrape-secret' });
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
