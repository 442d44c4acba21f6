import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound, standardShape } from '../families/family.ts';

/** Serves the built web app, with history fallback; unknown /api paths answer 404 JSON (a family's own paths: families/). */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(index);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      maxAge: '1y',
      immutable: true,
      index: false,
      // The build writes .br and .gz copies of its scripts and styles (web/vite.config.ts): sent to
      // browsers that accept them, a third to a fifth of the bytes.
      preCompressed: true,
      setHeaders: (res, file) => {
        if (/\.html(\.br|\.gz)?$/.test(file)) res.setHeader('cache-control', 'no-cache');
        // Shared caches must keep the compressed and the plain copy apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A hashed asset that is not there (an open tab asking for the previous build's file after a
    // deploy) is a 404, not the page: the tab's loader then fails at once and offers a reload.
    const missingAsset = pathname.startsWith('/assets/');
    if (pathname.startsWith('/api/') || pathname === '/api' || missingAsset || !hasBuild || request.method !== 'GET') {
      return notFound(request, reply, standardShape);
    }
    // Hashed assets are cached for a year; the page itself never is, so a deploy shows at once
    // (setHeaders). Sent as a static file so its precompressed copy goes to browsers that take it.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
