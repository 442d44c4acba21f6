import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { LiveBus } from '../../live/bus.ts';
import { repeating } from '../../live/repeating.ts';
import { forecastAll } from './forecasts.service.ts';

/** Forecasts move with hourly roll-ups: once an hour is enough. */
const EVERY_MS = 60 * 60_000;

/** Runs the forecasts at start and every hour; runs never overlap (docs/analytics.md). */
export function startForecaster(db: Db, bus: LiveBus, log: FastifyBaseLogger, everyMs = EVERY_MS) {
  return repeating(async () => {
    try {
      log.debug({ units: await forecastAll(db, bus) }, 'forecasts updated');
    } catch (err) {
      log.error({ err }, 'forecasts failed; the next run retries');
    }
  }, everyMs);
}
