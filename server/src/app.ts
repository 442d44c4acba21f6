import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import websocket from '@fastify/websocket';
import { DEFAULT_HTTP_PORT } from '@fieldwatch/core';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions, LogController, type RouteOptions } from 'fastify';
import type { Db } from './db/db.ts';
import { registerFamily } from './families/family.ts';
import { legacyFamily } from './families/legacy.ts';
import { adminFamily, nfcFamily, v3Family } from './families/standard.ts';
import { v2DeviceFamily, v2ReportFamily } from './families/v2.ts';
import type { DeviceLink } from './gateway/link.ts';
import type { App } from './http.ts';
import { LiveBus } from './live/bus.ts';
import { liveRoutes } from './live/live.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { alarmSeverityRoutes, effectiveSeverityRoutes } from './modules/admin/alarmSeverity.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { findingRoutes } from './modules/analytics/findings.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { registerAuditTrail } from './modules/audit/recorder.ts';
import { type AccountMailer, logAccountMailer } from './modules/auth/accountMail.ts';
import { authLegacyRoutes, authRoutes, sessionRoutes } from './modules/auth/auth.routes.ts';
import { secretKey } from './modules/auth/secretBox.ts';
import { registerSessionSweep } from './modules/auth/sessionSweep.ts';
import { twoFactorRoutes } from './modules/auth/twoFactor.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { containerRoutes } from './modules/containers/containers.routes.ts';
import { dashboardRoutes } from './modules/dashboards/dashboards.routes.ts';
import { deviceLegacyRoutes } from './modules/devices/devices.legacy.routes.ts';
import { deviceRoutes, deviceV2Routes } from './modules/devices/devices.routes.ts';
import { type Fleet, FleetAnswers, FleetMemory } from './modules/devices/devices.service.ts';
import { errorReportAdminRoutes, errorReportRoutes } from './modules/errorReports/errorReports.routes.ts';
import { eventRoutes } from './modules/events/events.routes.ts';
import { taskFileRoutes } from './modules/events/taskFiles.routes.ts';
import { floorPlanRoutes } from './modules/floorPlans/floorPlans.routes.ts';
import { gisLegacyRoutes } from './modules/gis/gis.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { onboardingRoutes } from './modules/nfc/onboarding.routes.ts';
import { tagHostRoutes } from './modules/nfc/tags.routes.ts';
import { exportRoutes } from './modules/telemetry/export.routes.ts';
import { telemetryLegacyRoutes } from './modules/telemetry/telemetry.legacy.routes.ts';
import { reportRoutes, telemetryRoutes, telemetryV2Routes } from './modules/telemetry/telemetry.routes.ts';
import { userDataLegacyRoutes, userDataRoutes } from './modules/userData/userData.routes.ts';
import { accountRoutes, userRoutes } from './modules/users/user.routes.ts';
import { weatherLegacyRoutes, weatherOf, weatherRoutes } from './modules/weather/weather.routes.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { createMetrics, type Metrics, registerMetrics } from './observability/metrics.ts';
import { traceRequests } from './observability/tracing.ts';
import { announceWrites } from './plugins/announceWrites.ts';
import { registerSessions } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerCsrfCheck } from './plugins/csrf.ts';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerEtags } from './plugins/etag.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { requireDeclaredPolicies } from './plugins/policy.ts';
import { registerSecurityHeaders } from './plugins/securityHeaders.ts';
import { registerSpa } from './plugins/spa.ts';
import { bodyStrictValidator, lazySerializer } from './plugins/validation.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    bus: LiveBus;
    /** The fleet this instance holds in memory for the fleet-wide reads (kept current from the bus). */
    fleet: Fleet;
    /** Fleet-wide answers kept serialised while the fleet they were built from is unchanged. */
    answers: FleetAnswers;
    link: DeviceLink;
    mailer: AccountMailer;
    /** PUBLIC_URL: the address links in mails point to, never the request's Host header. */
    publicUrl: string;
    /** The AES-256 key of the stored TOTP secrets (TWO_FACTOR_KEY; modules/auth/secretBox.ts). */
    twoFactorKey: Buffer;
    metrics: Metrics;
    /** Every route as registered (HEAD twins left out): the trust suites are generated from it. */
    routeTable: readonly RouteOptions[];
  }
}

/** Until a gateway is attached (API-only tests), publishing to a unit fails clearly. */
const noLink: DeviceLink = {
  port: undefined,
  publish: async () => {
    throw new Error('no device gateway is running');
  },
  close: async () => {},
};

type AppOptions = {
  db: Db;
  bus?: LiveBus;
  link?: DeviceLink;
  loggerInstance?: FastifyBaseLogger;
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** TRUST_PROXY: the number of proxies in front, or their addresses; default none. */
  trustProxy?: false | number | string;
  /** The weather provider (WEATHER_URL); default Open-Meteo. */
  weatherUrl?: string;
  /** How long a failed weather provider is not asked again (default 5 minutes; tests use 0). */
  weatherRetryMs?: number;
  /** Password reset and invitation mails; default: written to the log (no SMTP_URL). */
  mailer?: AccountMailer;
  /** PUBLIC_URL; default http://localhost on the default port. */
  publicUrl?: string;
  /** The map tile source (TILE_URL, TILE_ATTRIBUTION); default OpenStreetMap. */
  tiles?: { url: string; attribution: string };
  /** ERROR_REPORTING: record browser reports and 5xx errors for the platform admin; default off (tests). */
  errorReporting?: boolean;
  /** This instance's Prometheus metrics (shared with its gateway); default: a registry of its own. */
  metrics?: Metrics;
  /** METRICS_TOKEN: bearer token for GET /metrics; unset, loopback clients only. */
  metricsToken?: string;
  /** TWO_FACTOR_KEY; default the development key (config.ts refuses production without one). */
  twoFactorKey?: string;
  /** WEBHOOK_ALLOW_PRIVATE: webhook endpoints may be http:// and on private addresses; default off. */
  webhookAllowPrivate?: boolean;
};

const hopsOf = (proxies: number) => (_address: string, hop: number) => hop < proxies;

/** Builds the whole HTTP application on a given database (used by main and by tests). */
export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? false }),
    // A number of proxies trusts that many hops from the socket, so the client is never the
    // left-most X-Forwarded-For entry a client wrote itself.
    trustProxy: typeof options.trustProxy === 'number' ? hopsOf(options.trustProxy) : (options.trustProxy ?? false),
    frameworkErrors,
    // Requests are logged one line each at debug (below); at info a busy instance spent more on
    // its two log lines per request than on answering a small call.
    logController: new LogController({ disableRequestLogging: true }),
    ajv: { customOptions: { allErrors: false, coerceTypes: 'array', useDefaults: true, removeAdditional: true } },
    schemaController: {
      compilersFactory: { buildValidator: bodyStrictValidator(), buildSerializer: lazySerializer() },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('db', options.db);
  app.decorate('bus', options.bus ?? new LiveBus());
  const fleet = new FleetMemory(options.db);
  const answers = new FleetAnswers(fleet);
  app.bus.onMessage((message) => {
    fleet.follow(message);
    answers.follow(message);
  });
  app.decorate('fleet', fleet);
  app.decorate('answers', answers);
  app.decorate('link', options.link ?? noLink);
  app.decorate('mailer', options.mailer ?? logAccountMailer(app.log));
  app.decorate('publicUrl', (options.publicUrl ?? `http://localhost:${DEFAULT_HTTP_PORT}`).replace(/\/+$/, ''));
  app.decorate('twoFactorKey', secretKey(options.twoFactorKey));
  app.decorate('metrics', options.metrics ?? createMetrics({ db: options.db }));
  requireDeclaredPolicies(app);
  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD') routeTable.push(route);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug({
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: reply.elapsedTime,
    });
  });
  // First, so every later hook (sessions, CSRF) and handler runs inside the request's span.
  traceRequests(app);
  registerErrorHandling(app, { reporting: options.errorReporting });
  await app.register(cookie);
  await registerSecurityHeaders(app, { tileUrl: options.tiles?.url });
  await registerEtags(app);
  await registerCompression(app);
  await registerOpenApi(app);
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // At shutdown (a deploy) live sockets are cut rather than closed politely: a browser that never
    // answers the close held a restart for 30 s, and every tab reconnects by itself.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.terminate();
      this.websocketServer.close();
      done();
    },
  });
  registerCsrfCheck(app);
  registerSessions(app, options.db, app.bus);
  announceWrites(app, app.bus);
  registerAuditTrail(app, options.db);
  registerMetrics(app, app.metrics, { token: options.metricsToken });
  const weather = weatherOf({ url: options.weatherUrl, retryMs: options.weatherRetryMs });
  healthRoutes(app);
  authRoutes(app);
  accountRoutes(app);
  await registerFamily(app, v3Family, (v3) => {
    configRoutes(v3, { tiles: options.tiles, errorReporting: options.errorReporting });
    sessionRoutes(v3);
    twoFactorRoutes(v3);
    userRoutes(v3);
    effectiveSeverityRoutes(v3);
    analyticsRoutes(v3);
    dashboardRoutes(v3);
    eventRoutes(v3);
    taskFileRoutes(v3);
    containerRoutes(v3);
    telemetryRoutes(v3);
    exportRoutes(v3);
    floorPlanRoutes(v3);
    liveRoutes(v3);
  });
  userDataRoutes(app);
  deviceRoutes(app);
  tagHostRoutes(app);
  weatherRoutes(app, weather);
  await registerFamily(app, adminFamily, (admin) => {
    adminRoutes(admin);
    alarmSeverityRoutes(admin);
    auditRoutes(admin);
    webhookRoutes(admin, { allowPrivate: options.webhookAllowPrivate ?? false });
    errorReportAdminRoutes(admin);
  });
  await registerFamily(app, nfcFamily, onboardingRoutes);
  await registerFamily(app, legacyFamily, (legacy) => {
    authLegacyRoutes(legacy);
    userDataLegacyRoutes(legacy);
    deviceLegacyRoutes(legacy);
    telemetryLegacyRoutes(legacy);
    gisLegacyRoutes(legacy);
    weatherLegacyRoutes(legacy, weather);
  });
  await registerFamily(app, v2DeviceFamily, (device) => {
    deviceV2Routes(device);
    telemetryV2Routes(device);
    findingRoutes(device);
  });
  await registerFamily(app, v2ReportFamily, reportRoutes);
  errorReportRoutes(app, { reporting: options.errorReporting ?? false });
  registerSessionSweep(app);
  await registerSpa(app, options.webDist ?? '');
  return app;
}
