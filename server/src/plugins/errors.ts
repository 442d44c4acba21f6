import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorShapeOf } from '../families/family.ts';
import { errorShapeForUrl } from '../families/index.ts';
import { recordServerError } from '../modules/errorReports/errorReports.service.ts';

/** With `reporting` (ERROR_REPORTING), every 5xx is also recorded as an error report for the platform admin. */
export function registerErrorHandling(app: FastifyInstance, opts: { reporting?: boolean } = {}) {
  app.setErrorHandler((error: FastifyError & { retryAfterS?: number; errorCode?: string }, request, reply) => {
    // The shape is the matched route's family's (families/), however the client spelled the URL.
    const shape = errorShapeOf(request);
    if (error.validation) return reply.code(400).send(shape(400, error.message));
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      if (opts.reporting) reportRequestError(app, request, error);
      return reply.code(500).send(shape(500, 'Internal server error'));
    }
    if (error.retryAfterS) reply.header('retry-after', String(error.retryAfterS));
    return reply.code(status).send(shape(status, error.message, error.errorCode));
  });
}

/**
 * Errors Fastify's router raises before any hook (a malformed URL, an over-long path parameter):
 * no route matched, so the shape is that of the family whose prefix the URL is under; never the
 * offending URL echoed back.
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message = status === 414 ? 'A path parameter is too long' : 'Malformed request';
  return reply.code(status).send(errorShapeForUrl(request.url)(status, message));
};

/**
 * The report of a failed request: method, route pattern (not the URL, whose path and query may carry
 * addresses or tokens), request id and who was signed in. Never the body, cookies or headers.
 * Not awaited: the answer does not wait for it, and recording never throws.
 */
function reportRequestError(app: FastifyInstance, request: FastifyRequest, error: Error) {
  const place = {
    method: request.method,
    route: request.routeOptions.url ?? '(no route)',
    status: 500,
    requestId: String(request.id),
  };
  const by = {
    userId: request.session?.user_id ?? null,
    organizationId: request.session?.current_organization_id ?? null,
  };
  void recordServerError(app.db, request.log, error, place, by);
}
