import { Type } from '@sinclair/typebox';
import type { App } from '../../http.ts';
import { anyone } from '../../plugins/policy.ts';
import { databaseHealth } from './health.service.ts';

export function healthRoutes(app: App) {
  app.get(
    '/api/health',
    {
      config: anyone({ writes: false }),
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: Type.Object({ status: Type.Literal('ok'), database: Type.String() }) },
      },
    },
    async () => ({ status: 'ok' as const, database: await databaseHealth(app.db) }),
  );
}
