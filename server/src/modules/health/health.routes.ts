import { Type } from '@sinclair/typebox';
import type { App } from '../../app.ts';
import { anyone } from '../../plugins/policy.ts';

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
    async () => {
      await app.db.query('select 1');
      return { status: 'ok' as const, database: app.db.kind };
    },
  );
}
