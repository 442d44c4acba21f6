import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** The OpenAPI document of every route, built from the route schemas, at /api/docs (JSON at /api/docs/json). */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Fieldwatch API', version: '1.0.0', description: 'The Fieldwatch API calls and their schemas.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'fw_session' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
