import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Queryable } from '../db/db.ts';
import { countRequestedOperations } from '../modules/operations/operations.service.ts';
import { anyone } from '../plugins/policy.ts';

/**
 * The Prometheus metrics of one server instance. Each instance has a registry of its own (never
 * prom-client's global one), so several apps in one process (tests) count separately.
 */
export function createMetrics(opts: { db?: Queryable; processMetrics?: boolean } = {}) {
  const registry = new Registry();
  if (opts.processMetrics ?? true) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const { db } = opts;
  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern (unmatched: no route) and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to response, by route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    ingestMessages: new Counter({
      name: 'fieldwatch_ingest_messages_total',
      help: 'Unit messages stored (committed)',
      registers,
    }),
    ingestDropped: new Counter({
      name: 'fieldwatch_ingest_dropped_total',
      help: 'Unit messages dropped as malformed or from unknown units (acknowledged, not stored)',
      registers,
    }),
    ingestSamples: new Counter({
      name: 'fieldwatch_ingest_samples_total',
      help: 'Sample values stored (one per series and time)',
      registers,
    }),
    ingestBatches: new Counter({
      name: 'fieldwatch_ingest_batches_total',
      help: 'Group-commit transactions committed by ingest',
      registers,
    }),
    ingestLag: new Histogram({
      name: 'fieldwatch_ingest_lag_seconds',
      help: "Commit time minus a sample message's own timestamp (how late data is stored)",
      buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600, 21600, 86400],
      registers,
    }),
    ingestQueueDepth: new Gauge({
      name: 'fieldwatch_ingest_queue_depth',
      help: 'Unit messages waiting in the group-commit queue',
      registers,
    }),
    alarmsEvaluated: new Counter({
      name: 'fieldwatch_alarms_evaluated_total',
      help: 'Measured values checked by the alarm rules',
      registers,
    }),
    alarmsRaised: new Counter({
      name: 'fieldwatch_alarms_raised_total',
      help: 'Alarms raised by ingest and the watchdog',
      registers,
    }),
    alarmsCleared: new Counter({
      name: 'fieldwatch_alarms_cleared_total',
      help: 'Alarms cleared by ingest',
      registers,
    }),
    radarCurvesAnalysed: new Counter({
      name: 'fieldwatch_radar_curves_analysed_total',
      help: 'Radar curves compared with their reference by the fault analysis',
      registers,
    }),
    liveConnections: new Gauge({
      name: 'fieldwatch_live_connections',
      help: 'Open live-push WebSocket connections',
      registers,
    }),
    mailQueueDepth: new Gauge({
      name: 'fieldwatch_mail_queue_depth',
      help: 'Notifications left unmailed by the latest digest round (failed sends, retried next round)',
      registers,
    }),
    operationQueueDepth: new Gauge({
      name: 'fieldwatch_operation_queue_depth',
      help: 'Operations sent to units and not answered yet (read from the database at scrape time)',
      registers,
      async collect() {
        if (!db) return;
        // A database outage must not fail the scrape (process metrics still matter then): keep the last value.
        const n = await countRequestedOperations(db).catch(() => undefined);
        if (n !== undefined) this.set(n);
      },
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read /metrics: with a token, any client presenting it; without, only a client on this
 * machine that did not come through a proxy (a proxy on the same host would otherwise expose it).
 */
function access(request: FastifyRequest, token: string | undefined): 'ok' | 'unauthorized' | 'hidden' {
  if (token) {
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    // Hashes have equal lengths, so the comparison takes the same time whatever was sent.
    return timingSafeEqual(digest(given), digest(token)) ? 'ok' : 'unauthorized';
  }
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && !proxied ? 'ok' : 'hidden';
}

/** HTTP request metrics for every route but /metrics itself, and GET /metrics in Prometheus text format. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, opts: { token?: string } = {}) {
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the URL: ids and paths of unknown pages would make labels unbounded.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
      metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    }
    done();
  });

  app.get('/metrics', { config: anyone({ writes: false }), schema: { hide: true } }, async (request, reply) => {
    const allowed = access(request, opts.token);
    if (allowed === 'hidden') return reply.callNotFound();
    if (allowed === 'unauthorized') {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: true, statusCode: 401, message: 'A valid metrics token is required' });
    }
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
