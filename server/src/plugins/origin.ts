import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Where links in mails point: PUBLIC_URL when set, else the address this request came to. Behind
 * a proxy that passes any Host header through, set PUBLIC_URL, so a forged Host cannot make a
 * reset link point elsewhere.
 */
export function publicOrigin(app: FastifyInstance, request: FastifyRequest): string {
  return app.publicUrl ?? `${request.protocol}://${request.host}`;
}
