import path from 'node:path';
import { DEFAULT_HTTP_PORT } from '@fieldwatch/core';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL } from './modules/config/config.routes.ts';
import { DEFAULT_WEATHER_URL } from './modules/weather/weather.provider.ts';
import { type TracingConfig, tracingConfig } from './observability/tracing.ts';

/** Every setting comes from the environment (documented in the README); nothing secret has a default. */
export type Config = {
  port: number;
  /** HOST: the HTTP server's listen address. */
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mqttUrl: string | undefined;
  mqttPort: number;
  /** MQTT_HOST: the embedded broker's listen address. */
  mqttHost: string;
  mqttClientId: string;
  /** The MQTT shared-subscription group through which the instances of one deployment split ingest. */
  mqttShareGroup: string;
  initialAdminUsername: string;
  initialAdminPassword: string | undefined;
  demo: boolean;
  simUnits: number;
  /** Seconds between two reports of a simulated unit; 0 turns the in-process simulator off. */
  simInterval: number;
  logLevel: string;
  /**
   * TRUST_PROXY: how many reverse proxies stand in front (a number of hops), or their addresses
   * (comma-separated, CIDR allowed); false: none. Only those hops' X-Forwarded-* headers are believed.
   */
  trustProxy: false | number | string;
  webDist: string;
  /** Base URL of the weather provider (Open-Meteo's forecast API shape). */
  weatherUrl: string;
  /** Raster tiles of the unit maps: URL template and the attribution shown with them. */
  tiles: { url: string; attribution: string };
  /** Notification mails: the SMTP server (none: no mails), the sender, seconds between digests. */
  mail: { smtpUrl: string | undefined; from: string; everyS: number };
  /** PUBLIC_URL: the address people reach the product at, for links in mails and the allowed browser origin. */
  /** PUBLIC_URL; without it, the address the server listens on (known once it listens). */
  publicUrl: string | undefined;
  /** ERROR_REPORTING: browser and unhandled server errors are stored for the platform admin (else only logged). */
  errorReporting: boolean;
  /** Days of raw samples kept (whole months are dropped once past it); 0 keeps all. Roll-ups stay. */
  sampleRetentionDays: number;
  /** OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME, TRACE_SAMPLE_RATE); no endpoint: off. */
  tracing: TracingConfig;
  /** METRICS_TOKEN: bearer token for GET /metrics; unset, only loopback clients may read it. */
  metricsToken: string | undefined;
  /**
   * TWO_FACTOR_KEY: the key that encrypts the TOTP secrets in the database (any string of 32 or more
   * characters; its SHA-256 is the AES-256 key). Required when NODE_ENV=production; elsewhere a fixed
   * development key stands in.
   */
  twoFactorKey: string | undefined;
  /**
   * WEBHOOK_ALLOW_PRIVATE: webhook endpoints may be on loopback, private and link-local addresses and
   * use http:// (local sinks, tests); off, only https:// to public addresses.
   */
  webhookAllowPrivate: boolean;
};

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got '${value}'`);
  return n;
}

function httpUrl(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
    throw new Error(`${name} must be an http(s) URL, got '${value}'`);
  return value;
}

/** An http(s) URL template or a same-origin path ('{s}' in the host name is allowed, so no URL parsing). */
function tileUrl(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  if (!/^(https?:\/\/[^/\s]+|\/)\S*$/i.test(value))
    throw new Error(`${name} must be an http(s) URL or a path, got '${value}'`);
  return value;
}

function smtpUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== 'smtp:' && url?.protocol !== 'smtps:')
    throw new Error(`${name} must be an smtp:// or smtps:// URL, got '${value.replace(/\/\/[^@/]*@/, '//…@')}'`);
  return value;
}

/** `1` or `0`; unset, on everywhere except in local mode (NODE_ENV=development, as `npm run dev` sets). */
function errorReporting(value: string | undefined, nodeEnv: string | undefined): boolean {
  if (value === undefined || value === '') return nodeEnv !== 'development';
  if (value !== '1' && value !== '0') throw new Error(`ERROR_REPORTING must be 1 or 0, got '${value}'`);
  return value === '1';
}

function flag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === '0') return false;
  if (value !== '1') throw new Error(`${name} must be 1 or 0, got '${value}'`);
  return true;
}

/**
 * `0`/unset: no proxy. A number: that many proxies in front, so the client is the address that many
 * hops from the right of X-Forwarded-For (the left-most entry is whatever the client wrote).
 * Otherwise the proxies' addresses or CIDR ranges, comma-separated.
 */
function trustProxy(value: string | undefined): false | number | string {
  if (value === undefined || value === '' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const ranges = value.split(',').map((s) => s.trim());
  if (ranges.every((r) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(r))) return ranges.join(',');
  throw new Error(`TRUST_PROXY must be a number of proxies or their addresses, got '${value}'`);
}

function atMost(name: string, n: number, max: number): number {
  if (n > max) throw new Error(`${name} must be at most ${max}, got ${n}`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int('PORT', env.PORT, DEFAULT_HTTP_PORT),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    mqttUrl: env.MQTT_URL || undefined,
    mqttPort: int('MQTT_PORT', env.MQTT_PORT, 1883),
    mqttHost: env.MQTT_HOST || '0.0.0.0',
    mqttClientId: env.MQTT_CLIENT_ID || 'fieldwatch-server',
    mqttShareGroup: env.MQTT_SHARE_GROUP || 'fieldwatch',
    initialAdminUsername: env.INITIAL_ADMIN_USERNAME || 'admin',
    initialAdminPassword: env.INITIAL_ADMIN_PASSWORD || undefined,
    demo: (env.DEMO ?? '1') !== '0',
    simUnits: atMost('SIM_UNITS', int('SIM_UNITS', env.SIM_UNITS, 200), 10_000),
    simInterval: int('SIM_INTERVAL_S', env.SIM_INTERVAL_S, 10),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxy(env.TRUST_PROXY),
    webDist: path.resolve(env.WEB_DIST || new URL('../../web/dist', import.meta.url).pathname),
    weatherUrl: httpUrl('WEATHER_URL', env.WEATHER_URL, DEFAULT_WEATHER_URL),
    tiles: {
      url: tileUrl('TILE_URL', env.TILE_URL, DEFAULT_TILE_URL),
      attribution: env.TILE_ATTRIBUTION || DEFAULT_TILE_ATTRIBUTION,
    },
    mail: {
      smtpUrl: smtpUrl('SMTP_URL', env.SMTP_URL),
      from: env.MAIL_FROM || 'Fieldwatch <fieldwatch@localhost>',
      everyS: Math.max(1, int('MAIL_DIGEST_S', env.MAIL_DIGEST_S, 60)),
    },
    // Never the request's Host header: a forged one would put a reset token in a link to another site.
    publicUrl: env.PUBLIC_URL ? httpUrl('PUBLIC_URL', env.PUBLIC_URL, '') : undefined,
    errorReporting: errorReporting(env.ERROR_REPORTING, env.NODE_ENV),
    sampleRetentionDays: int('SAMPLE_RETENTION_DAYS', env.SAMPLE_RETENTION_DAYS, 0),
    tracing: tracingConfig(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    twoFactorKey: twoFactorKey(env.TWO_FACTOR_KEY, env.NODE_ENV),
    webhookAllowPrivate: flag('WEBHOOK_ALLOW_PRIVATE', env.WEBHOOK_ALLOW_PRIVATE),
  };
}

function twoFactorKey(value: string | undefined, nodeEnv: string | undefined): string | undefined {
  if (value && value.length < 32) throw new Error('TWO_FACTOR_KEY must be at least 32 characters');
  if (!value && nodeEnv === 'production') throw new Error('TWO_FACTOR_KEY is required when NODE_ENV=production');
  return value || undefined;
}
