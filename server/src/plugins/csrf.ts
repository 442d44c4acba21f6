import type { FastifyInstance } from 'fastify';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request protection for cookie-carrying writes: SameSite=Lax cookies plus this check.
 * Browsers send Sec-Fetch-Site (or at least Origin) on writes; a same-origin client needs no extra
 * header, and non-browser clients (which send neither) are not exposed to CSRF.
 */
export function registerCsrfCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const crossSite =
      site !== undefined
        ? site !== 'same-origin' && site !== 'none'
        : origin !== undefined && !sameHost(origin, request.host);
    if (crossSite) {
      return reply.code(403).send({ error: true, statusCode: 403, message: 'Cross-site request refused' });
    }
  });
}

function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
