import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';

/**
 * Every answer carries an ETag of its body, and a client that already holds that body (it sends
 * the tag back in If-None-Match) gets 304 with nothing to download: a phone refetching an
 * unchanged 10,000-unit list over a slow connection receives a few hundred bytes. API answers
 * are private to their caller and revalidated at each use, never stored by shared caches.
 * Registered before compression, so the tag is of the JSON and a 304 compresses nothing.
 */
export async function registerEtags(app: FastifyInstance) {
  await app.register(etag, { algorithm: 'sha1', weak: true });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'private, no-cache');
    }
    return payload;
  });
}
