import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { eventKeys } from './eventsApi.ts';
import { refetchMissedLive } from './liveRefetch.ts';

// What a tab re-reads after its live socket was down: an alarm sent meanwhile is never sent again.
const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
afterEach(() => client.clear());

const fleet = [1, 2];
const liveFed = [
  ['devices', fleet, 0],
  ['showValues', fleet, 0],
  ['alarms', fleet, '2026-01-01'],
  ['kpiAlarms', fleet, '2026-01-01'],
  ['kpiBattery', fleet, 0],
  ['unitData', 7, 'a', 'b', 0],
  eventKeys.events,
  eventKeys.notifications,
  eventKeys.unseen,
  [...eventKeys.tasks, 'open'],
  ['deviceOperations', 7],
  ['deviceRelay', 7],
  ['deviceLog', 7],
];
const other = [['userSession'], ['clientConfig'], ['dashboards'], ['floorPlans', 3], ['radarCurves', 7]];

describe('re-reading what live push keeps current, after a reconnection', () => {
  it('marks the live-fed queries stale and leaves the others alone', async () => {
    for (const key of [...liveFed, ...other]) client.setQueryData(key, 'cached');
    await refetchMissedLive(client);
    for (const key of liveFed) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    for (const key of other) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(false);
  });

  it('fetches the ones on screen again at once, even those never stale otherwise (the fleet lists)', async () => {
    let devicesRead = 0;
    let configRead = 0;
    const devices = new QueryObserver(client, {
      queryKey: ['devices', fleet, 0],
      queryFn: async () => ++devicesRead,
      staleTime: Number.POSITIVE_INFINITY,
    });
    const config = new QueryObserver(client, {
      queryKey: ['clientConfig'],
      queryFn: async () => ++configRead,
      staleTime: Number.POSITIVE_INFINITY,
    });
    const offs = [devices.subscribe(() => {}), config.subscribe(() => {})];
    await expect.poll(() => [devicesRead, configRead]).toEqual([1, 1]);

    await refetchMissedLive(client);
    expect(devicesRead).toBe(2);
    expect(devices.getCurrentResult().data).toBe(2);
    expect(configRead).toBe(1);
    for (const off of offs) off();
  });
});
