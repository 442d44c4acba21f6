import { unitKeys } from '@/lib/units.ts';
import { devicesApi, tagHostApi } from './devicesApi.ts';

/**
 * Device management's reads as query options (key and call together): a tab reads and a change
 * invalidates the same key, so every tab showing the value follows.
 */
export const deviceQueries = {
  settings: (id: number) => ({ queryKey: unitKeys.settings(id), queryFn: () => devicesApi.settings(id) }),
  operations: (id: number) => ({
    queryKey: ['deviceOperations', id] as const,
    queryFn: () => devicesApi.operations(id),
  }),
  alarmLimits: (id: number) => ({
    queryKey: ['deviceAlarmLimits', id] as const,
    queryFn: () => devicesApi.alarmLimits(id),
  }),
  log: (id: number) => ({ queryKey: ['deviceLog', id] as const, queryFn: () => devicesApi.log(id) }),
  channel: (id: number, customerId: number, index: number) => ({
    queryKey: ['deviceChannel', id, index] as const,
    queryFn: () => devicesApi.channel(id, customerId, index),
  }),
  /** The unit's tag uuid ('' when it has none); `failed` runs when the call fails. */
  tag: (unitId: number, failed: () => void) => ({
    queryKey: ['nfcTag', unitId] as const,
    queryFn: () => tagHostApi.tagOf(unitId).catch(orElse(failed)),
  }),
  /** A tag's template or restriction; `failed` runs when the call fails. */
  tagField: (unitId: number, tag: string, name: 'template' | 'restriction', failed: () => void) => ({
    queryKey: ['nfcTag', unitId, tag, name] as const,
    queryFn: () => tagHostApi.get(tag, name).catch(orElse(failed)),
    enabled: tag !== '',
  }),
};

/** Runs `failed` (a toast) and keeps the query failed. */
const orElse =
  (failed: () => void) =>
  (e: unknown): never => {
    failed();
    throw e;
  };
