import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * Errors in the shape each API family answers with (spec §7): v2 device calls
 * { success: false, error }, legacy v1 calls { Result }, every other route
 * { error: true, statusCode, message }. Never leaks internals.
 */
export function errorBody(url: string, statusCode: number, message: string) {
  if (url.startsWith('/api/v2/device/') || url.startsWith('/api/v2/report/')) return { success: false, error: message };
  if (url.startsWith('/api/v1/xrequest/')) return { Result: message };
  return { error: true, statusCode, message };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { retryAfterS?: number }, request, reply) => {
    if (error.validation) return reply.code(400).send(errorBody(request.url, 400, error.message));
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(errorBody(request.url, 500, 'Internal server error'));
    }
    if (error.retryAfterS) reply.header('retry-after', String(error.retryAfterS));
    return reply.code(status).send(errorBody(request.url, status, error.message));
  });
}

export function httpError(statusCode: number, message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode });
}
