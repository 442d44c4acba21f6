import { tagUrl } from '@fieldwatch/core';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { inBackground, openDb } from './db/db.ts';
import { lockDataDir } from './db/lock.ts';
import { migrate } from './db/migrate.ts';
import { startPartitionMaintenance } from './db/partitions.ts';
import { fleetFilePath } from './demo/fleet.ts';
import { DEMO_PASSWORD, seedDemo } from './demo/seed.ts';
import { type Simulator, startSimulator } from './demo/simulator.ts';
import { startGateway } from './gateway/gateway.ts';
import { LiveBus } from './live/bus.ts';
import { startLiveFanout } from './live/pgFanout.ts';
import { startRadarAnalyst } from './modules/analytics/analyst.ts';
import { startForecaster } from './modules/analytics/forecaster.ts';
import { startAuditRetention } from './modules/audit/audit.service.ts';
import { smtpAccountMailer } from './modules/auth/accountMail.ts';
import { recordServerError } from './modules/errorReports/errorReports.service.ts';
import { startEventEngine } from './modules/events/engine.ts';
import { startMailer } from './modules/events/mailer.ts';
import { ensureInitialAdmin } from './modules/users/initialAdmin.ts';
import { startWebhookSender } from './modules/webhooks/sender.ts';
import { createMetrics } from './observability/metrics.ts';
import { startTracing, traceDb } from './observability/tracing.ts';

const config = loadConfig();
// First: everything below may make spans (no OTLP endpoint: nothing is registered, spans are no-ops).
const tracing = await startTracing(config.tracing);
const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const untracedDb = await openDb(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
const db = tracing ? traceDb(untracedDb) : untracedDb;
// Scrapes read queue depths through the untraced Db: a trace every 15 s would only be noise.
const metrics = createMetrics({ db: untracedDb });
await migrate(db);
const log = pino({
  level: config.logLevel,
  redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'mqttUrl'],
});
const partitions = await startPartitionMaintenance(db, {
  retentionDays: config.sampleRetentionDays,
  onError: (err) => log.error({ err }, 'sample partition maintenance failed'),
});
const bus = new LiveBus();
// Several instances on one PostgreSQL hear each other's live events.
const fanout = config.databaseUrl ? await startLiveFanout(bus, { url: config.databaseUrl, log }) : undefined;
const link = await startGateway({
  db,
  bus,
  log,
  mqttUrl: config.mqttUrl,
  mqttClientId: config.mqttClientId,
  mqttShareGroup: config.mqttShareGroup,
  mqttPort: config.mqttPort,
  host: config.mqttHost,
  metrics,
});
const accountMailer = config.mail.smtpUrl
  ? smtpAccountMailer(nodemailer.createTransport(config.mail.smtpUrl), config.mail.from)
  : undefined;
const app = await buildApp({
  db,
  mailer: accountMailer,
  publicUrl: config.publicUrl,
  twoFactorKey: config.twoFactorKey,
  bus,
  link,
  webDist: config.webDist,
  trustProxy: config.trustProxy,
  loggerInstance: log,
  weatherUrl: config.weatherUrl,
  tiles: config.tiles,
  errorReporting: config.errorReporting,
  metrics,
  metricsToken: config.metricsToken,
  webhookAllowPrivate: config.webhookAllowPrivate,
});
// Errors outside any request: logged and (ERROR_REPORTING) recorded. An uncaught exception still ends
// the process as Node would, after at most 2 s spent recording it.
process.on('unhandledRejection', (reason) => {
  log.error({ err: reason }, 'unhandled promise rejection');
  if (config.errorReporting) void recordServerError(db, log, reason, { origin: 'unhandledRejection' });
});
process.on('uncaughtException', (err) => {
  log.fatal({ err }, 'uncaught exception');
  if (!config.errorReporting) process.exit(1);
  const recorded = recordServerError(db, log, err, { origin: 'uncaughtException' });
  void Promise.race([recorded, new Promise((done) => setTimeout(done, 2000))]).finally(() => process.exit(1));
});

const admin = await ensureInitialAdmin(db, config.initialAdminUsername, config.initialAdminPassword);
const demo = config.demo
  ? await seedDemo(db, { fleet: { file: fleetFilePath(config.dataDir), units: config.simUnits } })
  : undefined;
const demoUsers = demo?.users ?? [];
const fleet = demo?.fleet;
if (fleet?.history) {
  const h = fleet.history;
  log.info(
    { units: fleet.created, samples: h.rows, radarCurves: h.curves, alarms: h.alarms, ms: fleet.ms, plan: h.plan },
    'demo fleet history seeded',
  );
}
if (fleet?.problem) log.warn({ problem: fleet.problem }, 'demo simulator not started');
// After the seed, so the demo history's alarms become events too.
const engine = startEventEngine(db, bus, log);
// Background jobs queue behind the requests on PGlite's one connection (db.ts inBackground).
const analyst = startRadarAnalyst(inBackground(db), bus, log, undefined, metrics.radarCurvesAnalysed);
const forecaster = startForecaster(inBackground(db), bus, log);
const auditRetention = startAuditRetention(inBackground(db), log);
// Signed webhooks: sends what the outbox holds; ingest and the engine only write rows into it.
const webhooks = startWebhookSender(db, bus, log, { allowPrivate: config.webhookAllowPrivate });
const mailer = config.mail.smtpUrl
  ? startMailer(db, log, {
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      everyS: config.mail.everyS,
      metrics,
    })
  : undefined;
/** A local client's address of a listener: loopback for a wildcard address, else the address itself. */
const reachable = (host: string) =>
  host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
let simulator: Simulator | undefined;
if (fleet && fleet.simulated.length > 0 && config.simInterval > 0) {
  simulator = startSimulator({
    brokerUrl: config.mqttUrl ?? `mqtt://${reachable(config.mqttHost)}:${link.port}`,
    units: fleet.simulated,
    intervalS: config.simInterval,
    log,
  });
}

/** Longest a stop may take: a step that hangs must not keep the process (and its port, its data lock) forever. */
const SHUTDOWN_DEADLINE_MS = 20_000;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // In order: no new reports or requests, then what they feed, then the database last.
  const steps: [string, () => unknown][] = [
    ['simulator', () => simulator?.stop()],
    ['http', () => app.close()],
    ['device link', () => link.close()],
    ['event engine', () => engine.stop()],
    ['radar analysis', () => analyst.stop()],
    ['forecasts', () => forecaster.stop()],
    ['audit retention', () => auditRetention.stop()],
    ['webhooks', () => webhooks.stop()],
    ['live fan-out', () => fanout?.close()],
    ['partitions', () => partitions.stop()],
    ['mailer', () => mailer?.stop()],
    ['tracing', () => tracing?.shutdown()], // exports the spans still buffered
    ['database', () => db.close()], // PGlite checkpoints on close
  ];
  let step = '';
  setTimeout(() => {
    app.log.error({ step, ms: SHUTDOWN_DEADLINE_MS }, 'shutdown step did not finish; exiting anyway');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  for (const [name, run] of steps) {
    step = name;
    await run();
  }
  unlock();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const url = `http://localhost:${typeof address === 'object' && address ? address.port : config.port}`;
// Mail links need the real port, which PORT=0 only tells once the server listens.
if (!config.publicUrl) app.publicUrl = url;
const lines = [
  '',
  `  Fieldwatch is running at ${url}`,
  `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
  `  MQTT: ${config.mqttUrl ? 'external broker (MQTT_URL)' : `embedded broker on port ${link.port}`}`,
];
if (admin.created) {
  lines.push(
    `  Administrator: ${admin.username} / ${admin.generated ? `${admin.password}   (generated: shown only this once)` : '(INITIAL_ADMIN_PASSWORD)'}`,
  );
} else {
  lines.push(`  Administrator: ${admin.username} (password as printed at first start or INITIAL_ADMIN_PASSWORD)`);
}
if (demoUsers.length) {
  lines.push(`  Demo logins (password ${DEMO_PASSWORD}): ${demoUsers.map((u) => u.username).join(', ')}`);
}
if (fleet) {
  const inactive = fleet.units.filter((u) => u.def.inactive).length;
  const seeded = fleet.history
    ? `; seeded ${fleet.history.rows.toLocaleString('en')} samples of ${fleet.history.plan.days} days in ${(fleet.ms / 1000).toFixed(1)} s`
    : '';
  const sim = simulator
    ? `simulated, a report every ${config.simInterval} s`
    : `simulator off${fleet.problem ? ` (${fleet.problem})` : ' (SIM_INTERVAL_S=0)'}`;
  lines.push(`  Demo fleet: ${fleet.units.length} units (${inactive} inactive), ${sim}${seeded}`);
  if (fleet.stockTags[0]) lines.push(`  NFC onboarding (a unit in stock): ${tagUrl(url, fleet.stockTags[0])}`);
}
console.log(`${lines.join('\n')}\n`);
