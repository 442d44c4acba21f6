import type { QueryClient } from '@tanstack/react-query';

/**
 * The first part of the query keys whose data live push keeps current: the fleet's devices, their
 * map positions, types, status and temperature figures and latest values, alarms and their counts, unit data of charts,
 * the event engine's events, notifications and tasks, and a unit's operations, relay and log. An
 * event sent while the socket was down is never sent again, so after a reconnection these are re-read.
 */
const LIVE_FED_QUERIES: ReadonlySet<string> = new Set([
  'devices',
  'statusCounts',
  'mapUnits',
  'typeCodes',
  'temperatureSummary',
  'showValues',
  'alarms',
  'kpiAlarms',
  'kpiBattery',
  'unitData',
  'events',
  'notifications',
  'tasks',
  'deviceOperations',
  'deviceRelay',
  'deviceLog',
]);

/**
 * After the live socket opened again following a drop: marks the live-fed queries stale, and the
 * ones on screen are fetched again at once (others when next shown). Each is re-read once, however
 * long the drop was.
 */
export function refetchMissedLive(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (q) => LIVE_FED_QUERIES.has(String(q.queryKey[0])) });
}
