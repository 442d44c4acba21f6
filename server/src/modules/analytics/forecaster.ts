import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { LiveBus } from '../../live/bus.ts';
import { forecastAll } from './forecasts.service.ts';

/** Forecasts move with hourly roll-ups: once an hour is enough. */
const EVERY_MS = 60 * 60_000;

/** Runs the forecasts at start and every hour; runs never overlap (docs/analytics.md). */
export function startForecaster(db: Db, bus: LiveBus, log: FastifyBaseLogger, everyMs = EVERY_MS) {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= forecastAll(db, bus)
      .then((units) => log.debug({ units }, 'forecasts updated'))
      .catch((err) => log.error({ err }, 'forecasts failed; the next run retries'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void run(), everyMs);
  void run();
  return {
    run,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
