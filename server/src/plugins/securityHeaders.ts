import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** One year, subdomains included: what a browser keeps once it has seen Fieldwatch over HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The policy of a stored image (avatars, logos, floor plans) opened on its own: nothing runs, nothing
 * loads, no plugin, no base, no framing by other sites. Replaces the page policy on those answers.
 */
export const IMAGE_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'self'; sandbox";

/**
 * The security headers of every answer: a content security policy with no plugins
 * (`object-src 'none'`), no foreign `<base>` (`base-uri 'self'`) and no framing by other sites
 * (`frame-ancestors 'self'`), connections and styles from this server only, `nosniff`, `no-referrer`, and the rest of helmet's defaults. They are
 * set when a request arrives, so 404s, refusals and errors carry them too.
 *
 * HSTS only on a request that came over HTTPS: with TRUST_PROXY=1 that is what the proxy's
 * `X-Forwarded-Proto` says, otherwise the connection itself. Plain-http local use never gets it.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { tileUrl?: string } = {}) {
  await app.register(helmet, {
    hsts: false,
    contentSecurityPolicy: {
      directives: {
        // A plain-http tile server (TILE_URL) must be allowed explicitly.
        'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(/^http:/i.test(opts.tileUrl ?? '') ? ['http:'] : [])],
        // 'self' covers this server's own ws:/wss: live socket; no other host is ever reached.
        'connect-src': ["'self'"],
        // Styles only from this server (inline for the style attributes charts and maps set), no foreign sheet.
        'style-src': ["'self'", "'unsafe-inline'"],
        'font-src': ["'self'", 'data:'],
        'upgrade-insecure-requests': null,
      },
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
