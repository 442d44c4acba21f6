import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { LiveBus } from '../../live/bus.ts';
import { repeating } from '../../live/repeating.ts';
import { analyseCurves, curvesToAnalyse } from './findings.service.ts';

/** The catch-up that finds curves whose announcement was missed (an instance down, a restart). */
const CATCH_UP_MS = 10 * 60_000;
/** Channels read per query. */
const BATCH = 200;
/** Channels analysed per transaction: a few tens of milliseconds, so ingest never waits long. */
const PER_TRANSACTION = 50;

/**
 * Runs the radar analysis: whenever a unit's curve is stored (live bus, after its commit), at start
 * and every ten minutes for anything missed. A few dozen channels per transaction, so ingest never
 * waits behind a whole night of curves; runs never overlap; every instance may run it, and a channel's
 * curve is analysed once (findings.repository.ts claimCurves).
 */
export function startRadarAnalyst(
  db: Db,
  bus: LiveBus,
  log: FastifyBaseLogger,
  everyMs = CATCH_UP_MS,
  analysedCount?: { inc(n: number): void },
) {
  const units = new Set<number>();
  return repeating(
    async (reason) => {
      const ids = reason === 'call' ? [...units] : null;
      units.clear();
      try {
        let analysed = 0;
        for (;;) {
          const pending = await curvesToAnalyse(db, ids, BATCH);
          let progressed = false;
          for (let i = 0; i < pending.length; i += PER_TRANSACTION) {
            const n = await analyseCurves(db, pending.slice(i, i + PER_TRANSACTION), bus);
            analysed += n;
            progressed ||= n > 0;
          }
          if (pending.length < BATCH || !progressed) break;
        }
        if (analysed > 0) {
          analysedCount?.inc(analysed);
          log.debug({ analysed }, 'radar curves analysed');
        }
      } catch (err) {
        log.error({ err }, 'radar analysis failed; the next run retries');
      }
    },
    everyMs,
    {
      bus,
      take: (e) => {
        if (e.kind === 'radar') units.add(e.unitId);
        return e.kind === 'radar';
      },
    },
  );
}
