import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * GET routes that change something or open a channel, held to the same rule as the writes: the
 * legacy calls of spec §7 that delete or switch by GET, the sign-out links, and the live socket (a
 * foreign page must not listen in). A top-level link from another site carries the SameSite=Lax
 * cookie, so these would otherwise be open to it. HEAD runs the same handler and is held alike.
 */
export const CROSS_SITE_REFUSED_READS: ReadonlySet<string> = new Set([
  '/api/v1/xrequest/SetRelay',
  '/api/v1/xrequest/DeleteUserData',
  '/api/v1/xrequest/DeleteMark',
  '/api/v1/auth/logout',
  '/api/v2/auth/logout',
  '/api/v3/live',
]);

export const CROSS_SITE_REFUSED = 'Cross-site request refused';

/**
 * Whether a browser says the request came from another site: Sec-Fetch-Site when it sends one
 * (anything but same-origin, or none for an address typed by the user), otherwise an Origin that
 * is not this host (an opaque `null` included). Non-browser clients send neither and are not
 * exposed to CSRF.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  return origin !== undefined && !sameHost(origin, request.host);
}

/**
 * Cross-site request protection for cookie-carrying writes: SameSite=Lax cookies plus this check,
 * before anything is parsed, looked up or written. A same-origin client needs no extra header. The
 * refusal is a 403 in the error shape of the route's API family (plugins/errors.ts).
 */
export function registerCsrfCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS') return;
    if (SAFE.has(request.method) && !CROSS_SITE_REFUSED_READS.has(request.routeOptions.url ?? '')) return;
    if (isCrossSite(request)) return reply.code(403).send(errorBody(request.url, 403, CROSS_SITE_REFUSED));
  });
}

function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
