import type { App } from '../../http.ts';
import { endExpiredSessions } from './auth.service.ts';

/** Expired sessions are deleted this often, and once at start. */
const SESSION_SWEEP_MS = 3_600_000;

/** Deletes the expired sessions and announces them like any other end; returns how many. */
export function sweepExpiredSessions(app: App): Promise<number> {
  return endExpiredSessions(app.db, app.bus);
}

/**
 * An expired session no longer signs anyone in and its sockets closed at its expiry; the sweep
 * removes the row. Every instance sweeps (a row is deleted once, whoever comes first).
 */
export function registerSessionSweep(app: App) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepExpiredSessions(app).catch((err) => app.log.warn({ err }, 'expired session sweep failed'));
  };
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SESSION_SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
