import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { recordServerError } from '../modules/errorReports/errorReports.service.ts';

/**
 * Errors in the shape each API family answers with: v2 device calls
 * { success: false, error }, legacy v1 calls { Result }, every other route
 * { error: true, statusCode, message }. Never leaks internals.
 */
export function errorBody(url: string, statusCode: number, message: string) {
  if (url.startsWith('/api/v2/device/') || url.startsWith('/api/v2/report/')) return { success: false, error: message };
  if (url.startsWith('/api/v1/xrequest/')) return { Result: message };
  return { error: true, statusCode, message };
}

/** With `reporting` (ERROR_REPORTING), every 5xx is also recorded as an error report for the platform admin. */
export function registerErrorHandling(app: FastifyInstance, opts: { reporting?: boolean } = {}) {
  app.setErrorHandler((error: FastifyError & { retryAfterS?: number }, request, reply) => {
    // The family is the matched route's, however the client spelled the URL.
    const url = request.routeOptions.url ?? request.url;
    if (error.validation) return reply.code(400).send(errorBody(url, 400, error.message));
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      if (opts.reporting) reportRequestError(app, request, error);
      return reply.code(500).send(errorBody(url, 500, 'Internal server error'));
    }
    if (error.retryAfterS) reply.header('retry-after', String(error.retryAfterS));
    return reply.code(status).send(errorBody(url, status, error.message));
  });
}

/**
 * Errors Fastify's router raises before any hook (a malformed URL, an over-long path parameter):
 * the same shapes, and never the offending URL echoed back.
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message = status === 414 ? 'A path parameter is too long' : 'Malformed request';
  return reply.code(status).send(errorBody(request.url, status, message));
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
