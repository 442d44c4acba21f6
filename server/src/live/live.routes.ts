import { SESSION_COOKIE_NAME } from '@fieldwatch/core';
import type { App } from '../app.ts';
import { sessionFromToken } from '../modules/auth/auth.service.ts';
import { visibleOrganizations } from '../modules/organisations/organisations.service.ts';
import { requireSession, sessionOf } from '../plugins/auth.ts';

/** How often an open socket re-checks its session and the organisations its user may see. */
const RECHECK_MS = 60_000;
/** Close code for a session that ended while the socket was open (4000–4999: application codes). */
export const CLOSE_SESSION_ENDED = 4401;
/**
 * Every open socket hears from the server this often, even when nothing happens: a WebSocket ping
 * (the browser answers it; no answer by the next one and the socket is ended, so a vanished client
 * does not hold a subscription) and a `heartbeat` message the page can see (silence for 2.5 of
 * these and the page reconnects: web/src/lib/live.ts). A proxy that closes connections idle for
 * 60 s (nginx's default proxy_read_timeout) therefore never sees one idle.
 */
export const HEARTBEAT_MS = 30_000;

/**
 * GET /api/v3/live (WebSocket): live push of new samples, alarms, operation results and relay
 * states for the units the signed-in user may see. Authenticated by the session cookie; a
 * cross-site page cannot open it (Origin must match the host).
 */
export function liveRoutes(app: App) {
  app.get(
    '/api/v3/live',
    {
      websocket: true,
      preHandler: requireSession,
      schema: { tags: ['live'], summary: 'WebSocket: live events for the units the user may see', hide: false },
      onRequest: async (request, reply) => {
        const origin = request.headers.origin;
        if (origin && new URL(origin).host !== request.host) {
          return reply.code(403).send({ error: true, statusCode: 403, message: 'Cross-site request refused' });
        }
      },
    },
    async (socket, request) => {
      const session = sessionOf(request);
      app.metrics.liveConnections.inc();
      socket.once('close', () => app.metrics.liveConnections.dec());
      const token = request.cookies[SESSION_COOKIE_NAME] ?? '';
      let allowed = new Set((await visibleOrganizations(app.db, session.user_id)).map((o) => o.id));
      const unsubscribe = app.bus.subscribe((event) => {
        if (!allowed.has(event.organizationId)) return;
        if (event.kind === 'notification' && event.userId !== session.user_id) return;
        socket.send(JSON.stringify(event));
      });
      const recheck = setInterval(async () => {
        if (!(await sessionFromToken(app.db, token))) return socket.close(CLOSE_SESSION_ENDED, 'Session expired');
        allowed = new Set((await visibleOrganizations(app.db, session.user_id)).map((o) => o.id));
      }, RECHECK_MS);
      let answered = true;
      socket.on('pong', () => {
        answered = true;
      });
      const heartbeat = setInterval(() => {
        if (!answered) return socket.terminate();
        answered = false;
        socket.ping();
        socket.send(JSON.stringify({ kind: 'heartbeat' }));
      }, HEARTBEAT_MS);
      socket.on('close', () => {
        clearInterval(recheck);
        clearInterval(heartbeat);
        unsubscribe();
      });
      socket.send(JSON.stringify({ kind: 'hello', organizations: [...allowed], heartbeatMs: HEARTBEAT_MS }));
    },
  );
}
