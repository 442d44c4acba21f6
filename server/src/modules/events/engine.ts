import type { FastifyBaseLogger } from 'fastify';
import { type Db, inBackground } from '../../db/db.ts';
import type { LiveBus } from '../../live/bus.ts';
import { repeating } from '../../live/repeating.ts';
import { processPendingAlarms } from './engine.service.ts';

/** The alarm check interval, here the reconciliation that catches anything missed. */
const RECONCILE_MS = 30 * 60_000;

type EventEngine = { run(): Promise<void>; stop(): Promise<void> };

/**
 * Runs the event engine: at once, whenever a unit raises an alarm (live bus, after its commit), and
 * every 30 minutes. Runs never overlap; an alarm arriving during a run starts another one after it.
 * A run for raised alarms reads only those; the start, the 30-minute run and the run after a failed
 * one read the whole outbox, so nothing raised without an announcement (or while down) is missed.
 * Those whole-outbox sweeps are background work: after a restart or a seed they can take a minute on
 * PGlite's one connection, and the requests go first (db.ts inBackground). Raised alarms do not wait.
 */
export function startEventEngine(db: Db, bus: LiveBus, log: FastifyBaseLogger, everyMs = RECONCILE_MS): EventEngine {
  const sweepDb = inBackground(db);
  let wholeOutbox = false;
  const raised = new Set<number>();
  return repeating(
    async (reason) => {
      const ids = reason === 'call' && !wholeOutbox ? [...raised] : undefined;
      wholeOutbox = false;
      raised.clear();
      try {
        const n = await processPendingAlarms(ids ? db : sweepDb, (e) => bus.publish(e), {
          ids,
          committed: (alarms) => log.debug({ alarms }, 'alarm batch committed'),
        });
        if (n > 0) log.info({ alarms: n }, 'alarms became events, notifications and tasks');
      } catch (err) {
        wholeOutbox = true;
        log.error({ err }, 'event engine failed; the next run retries');
      }
    },
    everyMs,
    {
      bus,
      take: (e) => {
        if (e.kind !== 'alarm' || e.cleared) return false;
        raised.add(e.alarmId);
        return true;
      },
    },
  );
}
