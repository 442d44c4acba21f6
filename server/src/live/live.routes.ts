import { SESSION_COOKIE_NAME } from '@fieldwatch/core';
import type { App } from '../http.ts';
import { sessionFromToken } from '../modules/auth/auth.service.ts';
import { visibleOrganizations } from '../modules/organizations/organizations.service.ts';
import { sessionOf } from '../plugins/auth.ts';
import { signedIn } from '../plugins/policy.ts';
import { ALL_SAMPLES, parseSubscribe, sampleBatcher, wantsSamples } from './sampleBatch.ts';

/**
 * How often an open socket re-checks its session and the organizations its user may see. A session
 * that ends closes its sockets at once (announced on the bus, on every instance; at its expiry
 * time); the re-check catches an announcement that was missed.
 */
const RECHECK_MS = 60_000;
/** Close code for a session that ended while the socket was open (4000–4999: application codes). */
export const CLOSE_SESSION_ENDED = 4401;
/** setTimeout's longest delay; a longer wait is taken in steps. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
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
 * cross-site page cannot open it (its policy is same-site only, like a write). Samples go out
 * gathered, one `sampleBatch` message a tick, and only for the units the page subscribed to
 * (live/sampleBatch.ts); every other event goes out at once.
 */
export function liveRoutes(app: App) {
  app.get(
    '/live',
    {
      websocket: true,
      config: signedIn({ writes: false, sameSiteOnly: true }),
      schema: { tags: ['live'], summary: 'WebSocket: live events for the units the user may see', hide: false },
    },
    async (socket, request) => {
      const session = sessionOf(request);
      const token = request.cookies[SESSION_COOKIE_NAME] ?? '';
      const sessionEnded = () => socket.close(CLOSE_SESSION_ENDED, 'Session ended');
      const unwatch = app.bus.watchSession(session.id, sessionEnded);
      let expiry: NodeJS.Timeout | undefined;
      const awaitExpiry = () => {
        const left = session.expires_at.getTime() - Date.now();
        if (left <= 0) sessionEnded();
        else expiry = setTimeout(awaitExpiry, Math.min(left, MAX_TIMEOUT_MS));
      };
      awaitExpiry();
      let unsubscribe = () => {};
      let subscription = ALL_SAMPLES;
      socket.on('message', (data) => {
        subscription = parseSubscribe(String(data)) ?? subscription;
      });
      const samples = sampleBatcher((text) => socket.send(text));
      let recheck: NodeJS.Timeout | undefined;
      let heartbeat: NodeJS.Timeout | undefined;
      app.metrics.liveConnections.inc();
      socket.once('close', () => {
        app.metrics.liveConnections.dec();
        unwatch();
        clearTimeout(expiry);
        clearInterval(recheck);
        clearInterval(heartbeat);
        unsubscribe();
        samples.stop();
      });
      let allowed = new Set((await visibleOrganizations(app.db, session.user_id)).map((o) => o.id));
      // An end announced before the watch began (while this request was checked) went unheard.
      if (!(await sessionFromToken(app.db, token))) return sessionEnded();
      if (socket.readyState !== socket.OPEN) return;
      unsubscribe = app.bus.subscribe((event) => {
        // A stored curve wakes the radar analysis; a page hears the analysis's findings instead.
        if (event.kind === 'radar') return;
        if (event.kind === 'notificationsSeen') {
          if (event.userId !== session.user_id) return;
        } else {
          if (!allowed.has(event.organizationId)) return;
          if (event.kind === 'notification' && event.userId !== session.user_id) return;
          if (event.kind === 'samples') {
            if (wantsSamples(subscription, event)) samples.add(event);
            return;
          }
        }
        socket.send(JSON.stringify(event));
      });
      recheck = setInterval(async () => {
        if (!(await sessionFromToken(app.db, token))) return sessionEnded();
        allowed = new Set((await visibleOrganizations(app.db, session.user_id)).map((o) => o.id));
      }, RECHECK_MS);
      let answered = true;
      socket.on('pong', () => {
        answered = true;
      });
      heartbeat = setInterval(() => {
        if (!answered) return socket.terminate();
        answered = false;
        socket.ping();
        socket.send(JSON.stringify({ kind: 'heartbeat' }));
      }, HEARTBEAT_MS);
      socket.send(JSON.stringify({ kind: 'hello', organizations: [...allowed], heartbeatMs: HEARTBEAT_MS }));
    },
  );
}
