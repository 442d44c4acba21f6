import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import type { App } from '../src/http.ts';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL } from '../src/modules/config/config.routes.ts';
import { openTestDb } from './helpers.ts';

// GET /api/v3/config: the map tile source of TILE_URL / TILE_ATTRIBUTION, public (read before sign-in).

let db: Db;
const apps: App[] = [];
const appWith = async (tiles?: { url: string; attribution: string }) => {
  const app = await buildApp({ db, tiles, loggerInstance: pino({ level: 'silent' }) });
  apps.push(app);
  return app;
};

beforeAll(async () => {
  db = await openTestDb();
  await migrate(db);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await db.close();
});

describe('GET /api/v3/config', () => {
  it('answers OpenStreetMap by default, without a session', async () => {
    const app = await appWith();
    const res = await app.inject({ url: '/api/v3/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tileUrl: DEFAULT_TILE_URL,
      tileAttribution: DEFAULT_TILE_ATTRIBUTION,
      errorReporting: false,
    });
    expect(DEFAULT_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(DEFAULT_TILE_ATTRIBUTION).toBe('© OpenStreetMap contributors');
  });

  it('answers the configured tile source', async () => {
    const tiles = { url: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png', attribution: 'Example Maps' };
    const app = await appWith(tiles);
    const res = await app.inject({ url: '/api/v3/config' });
    expect(res.json()).toEqual({ tileUrl: tiles.url, tileAttribution: tiles.attribution, errorReporting: false });
  });

  it('lets the page load images from a plain-http tile server only when one is configured', async () => {
    const imgSrc = (csp: unknown) => /img-src ([^;]*)/.exec(String(csp))?.[1]?.split(' ') ?? [];
    const https = await (await appWith()).inject({ url: '/api/v3/config' });
    expect(imgSrc(https.headers['content-security-policy'])).not.toContain('http:');
    const local = await appWith({ url: 'http://tiles.local:8080/{z}/{x}/{y}.png', attribution: 'Local' });
    const res = await local.inject({ url: '/api/v3/config' });
    expect(imgSrc(res.headers['content-security-policy'])).toContain('http:');
  });

  it('is documented under the config tag', async () => {
    const app = await appWith();
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { tags?: string[] } }>;
    };
    expect(doc.paths['/api/v3/config']?.get?.tags).toEqual(['config']);
  });
});

describe('TILE_URL and TILE_ATTRIBUTION', () => {
  it('default to OpenStreetMap', () => {
    expect(loadConfig({}).tiles).toEqual({ url: DEFAULT_TILE_URL, attribution: DEFAULT_TILE_ATTRIBUTION });
  });

  it('accept URL templates (with {s} in the host) and same-origin paths', () => {
    const env = { TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png', TILE_ATTRIBUTION: '© Example' };
    expect(loadConfig(env).tiles).toEqual({ url: env.TILE_URL, attribution: '© Example' });
    expect(loadConfig({ TILE_URL: '/tiles/{z}/{x}/{y}.png' }).tiles.url).toBe('/tiles/{z}/{x}/{y}.png');
  });

  it('refuse anything else', () => {
    expect(() => loadConfig({ TILE_URL: 'ftp://tiles/{z}/{x}/{y}.png' })).toThrow(/TILE_URL/);
    expect(() => loadConfig({ TILE_URL: 'javascript:alert(1)' })).toThrow(/TILE_URL/);
    expect(() => loadConfig({ TILE_URL: 'tiles/{z}' })).toThrow(/TILE_URL/);
  });
});

describe('ERROR_REPORTING', () => {
  it('is on by default, off in local mode (NODE_ENV=development), and follows 1 or 0 when set', () => {
    expect(loadConfig({}).errorReporting).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', TWO_FACTOR_KEY: 'k'.repeat(32) }).errorReporting).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).errorReporting).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', ERROR_REPORTING: '1' }).errorReporting).toBe(true);
    expect(loadConfig({ ERROR_REPORTING: '0' }).errorReporting).toBe(false);
    expect(() => loadConfig({ ERROR_REPORTING: 'yes' })).toThrow(/ERROR_REPORTING/);
  });
});

describe('TWO_FACTOR_KEY', () => {
  it('is required in production, at least 32 characters, and otherwise left to the development key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/TWO_FACTOR_KEY/);
    expect(() => loadConfig({ TWO_FACTOR_KEY: 'short' })).toThrow(/TWO_FACTOR_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', TWO_FACTOR_KEY: 'k'.repeat(32) }).twoFactorKey).toBe('k'.repeat(32));
    expect(loadConfig({}).twoFactorKey).toBeUndefined();
  });
});

describe('HOST and MQTT_HOST', () => {
  it('listen on every address by default and each on its own address when set', () => {
    expect(loadConfig({})).toMatchObject({ host: '0.0.0.0', mqttHost: '0.0.0.0' });
    expect(loadConfig({ HOST: '127.0.0.1' })).toMatchObject({ host: '127.0.0.1', mqttHost: '0.0.0.0' });
    expect(loadConfig({ MQTT_HOST: '10.0.0.5' })).toMatchObject({ host: '0.0.0.0', mqttHost: '10.0.0.5' });
  });
});
