import type { FastifyInstance } from 'fastify';
import type { LiveBus } from '../live/bus.ts';
import { policyOf } from './policy.ts';

/**
 * A route that declares it writes and answered without error tells every instance (the bus) that
 * data changed, before its answer leaves: what instances hold in memory is read again, so the
 * caller's next request, on any instance, sees its own write.
 */
export function announceWrites(app: FastifyInstance, bus: LiveBus) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 && policyOf(request.routeOptions.config).writes) bus.dataChanged();
    return payload;
  });
}
