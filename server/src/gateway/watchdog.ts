import { AlarmType, OPERATION_TIMEOUT_S } from '@fieldwatch/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import type { LiveBus } from '../live/bus.ts';
import { applyFindings } from '../modules/alarms/alarms.service.ts';
import { silentUnits } from '../modules/devices/devices.service.ts';
import { expireOperations } from '../modules/operations/operations.service.ts';
import type { Metrics } from '../observability/metrics.ts';
import { withSpan } from '../observability/tracing.ts';

/** A unit without info.ReportInterval may stay silent this long before a communication error. */
export const DEFAULT_REPORT_INTERVAL_MIN = 60;

/**
 * Periodic checks: units that missed their reporting schedule get a communication error
 * (type 19), and operations without an answer in time fail.
 */
export async function runWatchdog(db: Db, bus: LiveBus, now = new Date(), metrics?: Metrics) {
  for (const op of await expireOperations(db, new Date(now.getTime() - OPERATION_TIMEOUT_S * 1000))) {
    bus.publish({
      kind: 'operation',
      unitId: op.unit_id,
      organizationId: op.organization_id,
      seq: op.seq,
      operation: op.operation,
      state: op.state,
      message: op.message,
    });
  }
  for (const unit of await silentUnits(db, now, DEFAULT_REPORT_INTERVAL_MIN)) {
    // Raised again while already active (the unit reported once, then fell silent): its hysteresis
    // hold time starts over at the next report, so it stays one problem.
    const finding = { channel: 0, type: AlarmType.Communication, value: null, limit: null };
    const { raised } = await applyFindings(db, unit, [finding], [finding], now, bus);
    metrics?.alarmsRaised.inc(raised.length);
  }
}

/** Starts the periodic checks; the returned stop resolves once a check in progress has finished. */
export function startWatchdog(db: Db, bus: LiveBus, log: FastifyBaseLogger, everyMs = 30_000, metrics?: Metrics) {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    // One trace per check, holding its queries.
    running ??= withSpan('watchdog', { root: true }, () => runWatchdog(db, bus, new Date(), metrics))
      .catch((e) => log.error({ err: e }, 'watchdog failed'))
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
