import type { TSchema } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../http.ts';

/** How an API family words an error: the body for a status, message and (where the shape has room) a code. */
export type ErrorShape = (statusCode: number, message: string, code?: string) => Record<string, unknown>;

/** An API family: the routes under `prefix`, answering errors in one shape. */
export type Family = { prefix: string; errorShape: ErrorShape };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Given by the route's family (registerFamily); without one, the standard shape. */
    errorShape?: ErrorShape;
  }
}

/** The error body of every route outside the v2 device and legacy v1 families. */
export const standardShape: ErrorShape = (statusCode, message, code) => ({
  error: true,
  statusCode,
  message,
  ...(code && { code }),
});

export const errorShapeOf = (request: FastifyRequest) => request.routeOptions.config?.errorShape ?? standardShape;

/** A route that is not public documents the session cookie as its security. */
export const security = [{ session: [] }];

/** Documentation of a signed-in route: its tag and, when given, its summary. */
export const doc = (tag: string, summary?: string) => ({ tags: [tag], ...(summary ? { summary } : {}), security });

/** A family's error responses: these statuses, each with the family's error body. */
export const errorsOf =
  (body: TSchema) =>
  (...codes: number[]) =>
    Object.fromEntries(codes.map((code) => [code, body])) as Record<number, TSchema>;

/** An unknown path, or one of the web app's missing assets: 404, never the page. */
export function notFound(request: FastifyRequest, reply: FastifyReply, shape: ErrorShape) {
  const pathname = request.url.split('?')[0] ?? '';
  return reply.code(404).send(shape(404, `Not found: ${request.method} ${pathname}`));
}

/**
 * Registers the routes of one API family in an encapsulated scope under the family's prefix: they,
 * and unknown paths below it, answer errors in the family's shape.
 */
export function registerFamily(app: App, family: Family, routes: (scope: App) => void) {
  return app.register(
    async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, errorShape: family.errorShape };
      });
      scope.setNotFoundHandler((request, reply) => notFound(request, reply, family.errorShape));
      routes(scope);
    },
    { prefix: family.prefix },
  );
}
