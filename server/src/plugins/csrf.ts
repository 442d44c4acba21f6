import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorShapeOf } from '../families/family.ts';
import { policyOf } from './policy.ts';

const CROSS_SITE_REFUSED = 'Cross-site request refused';

/**
 * Whether a browser says the request came from another site: Sec-Fetch-Site when it sends one
 * (anything but same-origin, or none for an address typed by the user), otherwise an Origin that
 * is not this server's own (scheme, host and port; an opaque `null` included). Non-browser clients
 * send neither and are not exposed to CSRF.
 */
function isCrossSite(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const from = originOf(origin);
  return (
    from === undefined || (from !== originOf(`${request.protocol}://${request.host}`) && from !== originOf(publicUrl))
  );
}

/**
 * Cross-site request protection for cookie-carrying requests to a route that writes (whatever its
 * method) or opens a channel: SameSite=Lax cookies plus this check, before anything is parsed,
 * looked up or written. A same-origin client needs no extra header. The refusal is a 403 in the
 * error shape of the route's API family.
 */
export function registerCsrfCheck(app: FastifyInstance & { publicUrl: string }) {
  app.addHook('onRequest', async (request, reply) => {
    const policy = policyOf(request.routeOptions.config);
    if (!policy.writes && !policy.sameSiteOnly) return;
    if (isCrossSite(request, app.publicUrl))
      return reply.code(403).send(errorShapeOf(request)(403, CROSS_SITE_REFUSED));
  });
}

/** The origin (scheme://host:port) of a URL, or undefined for anything else (`null` included). */
function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}
