import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { LiveBus } from '../../live/bus.ts';
import { analyseCurve, curvesToAnalyse } from './findings.service.ts';

/** The catch-up that finds curves whose announcement was missed (an instance down, a restart). */
const CATCH_UP_MS = 10 * 60_000;
/** Channels read per query. */
const BATCH = 100;

type RadarAnalyst = { run(): Promise<void>; stop(): Promise<void> };

/**
 * Runs the radar analysis: whenever a unit's curve is stored (live bus, after its commit), at start
 * and every ten minutes for anything missed. One channel per transaction, so ingest never waits
 * behind a whole night of curves; runs never overlap; every instance may run it, and a channel's
 * curve is analysed once (findings.repository.ts claimCurve).
 */
export function startRadarAnalyst(db: Db, bus: LiveBus, log: FastifyBaseLogger, everyMs = CATCH_UP_MS): RadarAnalyst {
  let running: Promise<void> | undefined;
  let stopped = false;
  let all = true;
  const units = new Set<number>();
  const drain = async () => {
    while (!stopped && (all || units.size > 0)) {
      const ids = all ? null : [...units];
      all = false;
      units.clear();
      let analysed = 0;
      for (;;) {
        const pending = await curvesToAnalyse(db, ids, BATCH);
        let progressed = false;
        for (const p of pending) {
          if (stopped) return;
          if (await analyseCurve(db, p, bus)) {
            analysed++;
            progressed = true;
          }
        }
        if (pending.length < BATCH || !progressed) break;
      }
      if (analysed > 0) log.debug({ analysed }, 'radar curves analysed');
    }
  };
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (!running)
      running = drain()
        .catch((err) => {
          all = true;
          log.error({ err }, 'radar analysis failed; the next run retries');
        })
        .finally(() => {
          running = undefined;
          if (!stopped && (all || units.size > 0)) void run();
        });
    return running;
  };
  const unsubscribe = bus.subscribe((e) => {
    if (e.kind !== 'radar') return;
    units.add(e.unitId);
    void run();
  });
  const timer = setInterval(() => {
    all = true;
    void run();
  }, everyMs);
  void run();
  return {
    run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await running;
    },
  };
}
