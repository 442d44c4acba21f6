import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './compression.ts';
import { registerSpa } from './spa.ts';

// The built app as the server sends it: hashed assets cached for good, precompressed
// copies for browsers that take them, the page itself never cached, and large API answers compressed.

const script = `export const units = [${Array.from({ length: 400 }, (_, i) => `"unit-${i}"`).join(',')}];\n`;
let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldwatch-spa-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const page = '<!doctype html><title>Fieldwatch</title>';
  fs.writeFileSync(path.join(dist, 'index.html'), page);
  fs.writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(page));
  const file = path.join(dist, 'assets/app-abc123.js');
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, gzipSync(script));
  app = Fastify();
  await registerCompression(app);
  app.get('/api/big', async () => ({ rows: Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `Unit ${i}` })) }));
  await registerSpa(app, dist);
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('built app', () => {
  const get = (url: string, encoding?: string) =>
    app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the Brotli copy of a script to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    // The build's copy (Brotli at its strongest), not one compressed for the request.
    expect(res.rawPayload.equals(fs.readFileSync(path.join(dist, 'assets/app-abc123.js.br')))).toBe(true);
  });

  it('sends the gzip copy when Brotli is not accepted, and the file itself when nothing is', async () => {
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(fs.readFileSync(path.join(dist, 'assets/app-abc123.js.gz')))).toBe(true);
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never caches the page itself, and sends its compressed copy to a browser that takes it', async () => {
    const res = await get('/dashboard/default', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<title>Fieldwatch</title>');
    const plain = await get('/units');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>Fieldwatch</title>');
  });

  it('answers 404 for a hashed asset that is not there (an old build’s file after a deploy), not the page', async () => {
    const res = await get('/assets/app-old999.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body).not.toContain('<title>');
    expect((await get('/assets/app-abc123.js')).statusCode).toBe(200);
  });

  it('compresses large API answers', async () => {
    const res = await get('/api/big', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).rows).toHaveLength(2000);
    expect((await get('/api/big')).headers['content-encoding']).toBeUndefined();
  });
});
