import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compressed answers for clients that accept them: the device list of a 10,000-unit
 * fleet is 5 MB of JSON and about a tenth of that compressed. Brotli at the plugin's quality 4 or
 * gzip costs milliseconds per megabyte, and large bodies are compressed as a stream. The web app's
 * scripts come precompressed from the build (plugins/spa.ts) and pass through untouched.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, { threshold: 1024 });
}
