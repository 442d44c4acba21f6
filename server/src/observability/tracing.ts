import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  type SpanOptions,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Queryable, TransactionOptions } from '../db/db.ts';

// Instrumentation is explicit (Fastify hooks, a Db wrapper, spans around ingest and publish): the
// server is ESM run through tsx, where require-in-the-middle and loader hooks patch unreliably.
// Without an endpoint no SDK is registered and every call below goes to the API's no-op tracer.

export type TracingConfig = { endpoint: string | undefined; serviceName: string; sampleRate: number };
export type Tracing = { flush(): Promise<void>; shutdown(): Promise<void> };

/**
 * The API's tracer: a no-op until startTracing registers the SDK. Taken again at each registration
 * and shutdown: after `trace.disable()` a tracer taken earlier stays with the provider shut down, and
 * a later start in the same process (a test file after another) would export nothing.
 */
let tracer = trace.getTracer('fieldwatch');

/** The SQL text kept on a span at most (never the parameters: they carry user data). */
const STATEMENT_CHARS = 500;

/** Reads the OTEL_* variables and TRACE_SAMPLE_RATE (1.0, every trace, unless set). */
export function tracingConfig(env: NodeJS.ProcessEnv): TracingConfig {
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || (base ? `${base}/v1/traces` : undefined);
  if (endpoint && !/^https?:\/\/[^/\s]+/i.test(endpoint))
    throw new Error(`OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL, got '${endpoint}'`);
  const rate = env.TRACE_SAMPLE_RATE ? Number(env.TRACE_SAMPLE_RATE) : 1;
  if (!(rate >= 0 && rate <= 1))
    throw new Error(`TRACE_SAMPLE_RATE must be a number from 0 to 1, got '${env.TRACE_SAMPLE_RATE}'`);
  return { endpoint, serviceName: env.OTEL_SERVICE_NAME || 'fieldwatch', sampleRate: rate };
}

/**
 * Registers the SDK (AsyncLocalStorage context, W3C trace context propagation, batched OTLP/HTTP JSON
 * export) when an endpoint is configured. The SDK is imported only then, so tracing off costs nothing.
 */
export async function startTracing(config: TracingConfig): Promise<Tracing | undefined> {
  if (!config.endpoint) return undefined;
  const { NodeTracerProvider, BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler } = await import(
    '@opentelemetry/sdk-trace-node'
  );
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  const { defaultResource, resourceFromAttributes } = await import('@opentelemetry/resources');
  const provider = new NodeTracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ 'service.name': config.serviceName })),
    // A sampled caller's trace is always continued; new traces are kept at the configured rate.
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(config.sampleRate) }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: config.endpoint }))],
  });
  provider.register();
  tracer = trace.getTracer('fieldwatch');
  return {
    flush: () => provider.forceFlush(),
    async shutdown() {
      await provider.shutdown(); // exports what is still buffered
      trace.disable();
      propagation.disable();
      context.disable();
      tracer = trace.getTracer('fieldwatch');
    },
  };
}

/** Runs fn in a new active span that ends when fn settles (an error marks it failed). */
export function withSpan<T>(name: string, options: SpanOptions, fn: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, options, async (span) => {
    try {
      return await fn(span);
    } catch (e) {
      markFailed(span, e);
      throw e;
    } finally {
      span.end();
    }
  });
}

/** Records an error on a span and marks it failed. */
export function markFailed(span: Span, e: unknown) {
  if (e instanceof Error) span.recordException(e);
  span.setStatus({ code: SpanStatusCode.ERROR, message: e instanceof Error ? e.message : String(e) });
}

const dbAttributes = (sql: string) => {
  const text = sql.replace(/\s+/g, ' ').trim();
  return {
    'db.system': 'postgresql',
    'db.statement': text.length > STATEMENT_CHARS ? `${text.slice(0, STATEMENT_CHARS)}…` : text,
  };
};

function traceQueries(q: Queryable): Queryable {
  return {
    query: <T>(sql: string, params?: readonly unknown[]) =>
      withSpan('db.query', { kind: SpanKind.CLIENT, attributes: dbAttributes(sql) }, () => q.query<T>(sql, params)),
  };
}

/**
 * The same Db with a CLIENT span per query, and one per transaction holding its queries. The lane a
 * query or transaction asks for (ingest first, background work last) is passed on unchanged.
 */
export function traceDb(db: Db): Db {
  return {
    ...db,
    query: <T>(sql: string, params?: readonly unknown[], options?: TransactionOptions) =>
      withSpan('db.query', { kind: SpanKind.CLIENT, attributes: dbAttributes(sql) }, () =>
        db.query<T>(sql, params, options),
      ),
    transaction: (fn, options) =>
      withSpan('db.transaction', { kind: SpanKind.CLIENT, attributes: { 'db.system': 'postgresql' } }, () =>
        db.transaction((tx) => fn(traceQueries(tx)), options),
      ),
  };
}

/** Paths that get no span (scrapes every few seconds would drown the traces that matter). */
const UNTRACED = new Set(['/metrics']);

/**
 * A SERVER span per request, named by the route pattern and continuing an incoming `traceparent`.
 * Fastify runs the rest of a hook chain inside `done`, so calling it in `context.with` makes the
 * span active for later hooks and the handler (Fastify carries the async context across body
 * parsing itself; the tests cover a body that arrives late). A WebSocket's span lasts as long as
 * its connection: its reply is hijacked and no onResponse follows.
 */
export function traceRequests(app: FastifyInstance) {
  const contexts = new WeakMap<FastifyRequest, Context>();
  const end = (request: FastifyRequest, status: number) => {
    const span = trace.getSpan(contexts.get(request) ?? ROOT_CONTEXT);
    if (!span) return;
    contexts.delete(request);
    span.setAttribute('http.status_code', status);
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };

  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (route && UNTRACED.has(route)) return done();
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.method': request.method,
          'http.target': request.url.split('?')[0] ?? '', // never the query: it may carry tokens
          ...(route ? { 'http.route': route } : {}),
        },
      },
      parent,
    );
    const ctx = trace.setSpan(parent, span);
    contexts.set(request, ctx);
    if (request.headers.upgrade?.toLowerCase() === 'websocket')
      request.raw.socket.once('close', () => end(request, 101));
    context.with(ctx, done);
  });
  app.addHook('onError', (request, _reply, error, done) => {
    const span = trace.getSpan(contexts.get(request) ?? ROOT_CONTEXT);
    if (span && (error.statusCode ?? 500) >= 500) markFailed(span, error); // a 4xx is the caller's mistake
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
}
