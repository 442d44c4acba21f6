import {
  type Alarm,
  alarmTypeKey,
  asFilterable,
  type BindingKind,
  bind,
  boundValue,
  type Device,
  emptyFilter,
  type FilterSettings,
  filterAlarms,
  filterUnits,
  formatLegacyDate,
  intervalRange,
  type UnitShowValue,
  unitTypeName,
} from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceApi } from '@/lib/api.ts';
import { soonestForecasts } from '@/lib/forecasts.ts';
import { onLive } from '@/lib/live.ts';
import { invalidateLive, queryClient } from '@/lib/query.ts';
import { editDashboard, useDashboardStore } from '@/stores/dashboards.ts';
import { useDeviceStore } from '@/stores/devices.ts';
import { useUserStore } from '@/stores/user.ts';
import { applyAlarms, applySamples, byUnit, type LiveSample } from './livePatches.ts';
import { customerIds, devicesQuery, faultsQuery, fleetList, forecastsQuery, showValuesQuery } from './queries.ts';
import { useDateInterval } from './rangeChoices.ts';

/** The data every dashboard widget shares: current devices, their latest values and alarms. */

export const useCustomerIds = () => {
  const selected = useUserStore((s) => s.selectedCustomers);
  return useMemo(() => customerIds(selected), [selected]);
};

/** The current devices of the selected customers; toggling a customer or a refresh tick re-fetches. */
export function useDevices() {
  const customers = useCustomerIds();
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  return useQuery({
    ...devicesQuery(customers, refreshKey),
    enabled: customers.length > 0,
    placeholderData: (previous) => previous,
  });
}

/** The selected customers' forecasts, each unit's soonest first in the map (`byUnit`); fetched only when `enabled`. */
export function useForecasts(enabled = true) {
  const customers = useCustomerIds();
  const query = useQuery({ ...forecastsQuery(customers), enabled: enabled && customers.length > 0 });
  const soonest = useMemo(() => soonestForecasts(query.data ?? []), [query.data]);
  return { query, soonest };
}

/** The selected customers' suggested faults; a change the radar analysis announces reads them again. */
export function useSuspectedFaults(enabled = true) {
  const customers = useCustomerIds();
  useEffect(
    () =>
      onLive((m) => {
        if (m.kind === 'findings') void queryClient.invalidateQueries({ queryKey: ['faults'] });
      }),
    [],
  );
  return useQuery({ ...faultsQuery(customers), enabled: enabled && customers.length > 0 });
}

/** Latest display values (temperature by priority, battery voltage) per unit. */
export function useShowValues() {
  const customers = useCustomerIds();
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  return useQuery({
    ...showValuesQuery(customers, refreshKey),
    enabled: customers.length > 0,
    placeholderData: (previous) => previous,
  });
}

/** The date interval in effect on the dashboard in view as [start, end). */
export function useDateRange() {
  const dateInterval = useDateInterval();
  const custom = useDeviceStore((s) => s.customRange);
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a refresh moves "now"
  return useMemo(() => intervalRange(dateInterval, new Date(), custom), [dateInterval, custom, refreshKey]);
}

/** Alarms of the selected customers since the start of the date interval, newest first. */
export function useAlarms() {
  const customers = useCustomerIds();
  const { start } = useDateRange();
  const startDate = formatLegacyDate(start);
  return useQuery({
    queryKey: ['alarms', customers, startDate],
    queryFn: () => deviceApi.alarms(customers, startDate),
    structuralSharing: fleetList.structuralSharing,
    enabled: customers.length > 0,
    placeholderData: (previous) => previous,
  });
}

/** The filter of a dashboard (its own, else the stored default) with the transient text search. */
export function useDashboardFilter(dashboardId: string): FilterSettings {
  const own = useDashboardStore((s) => s.filters[dashboardId]);
  const stored = useDeviceStore((s) => s.filterSettings);
  const textSearch = useDeviceStore((s) => s.textSearch);
  return useMemo(() => ({ ...(own ?? stored ?? emptyFilter()), textSearch }), [own, stored, textSearch]);
}

/** The dashboard's devices after the filter logic. */
export function useFilteredDevices(dashboardId: string, narrow?: (d: Device) => boolean) {
  const devices = useDevices();
  const filter = useDashboardFilter(dashboardId);
  const data = useMemo(() => {
    const all = (devices.data ?? []).filter((d) => !narrow || narrow(d));
    return filterUnits(all.map(asFilterable), filter, unitTypeName).map((u) => u.device);
  }, [devices.data, filter, narrow]);
  return { ...devices, data };
}

/** The dashboard's alarms after the alarm filter logic. */
export function useFilteredAlarms(dashboardId: string) {
  const alarms = useAlarms();
  const filter = useDashboardFilter(dashboardId);
  const { t } = useTranslation();
  const data = useMemo(
    () =>
      filterAlarms(
        (alarms.data ?? []).map((a) => ({ ...a, UnitType: a.Units[0]?.UnitType ?? 0 })),
        filter,
        (type) => t(alarmTypeKey(type)),
        unitTypeName,
      ) as Alarm[],
    [alarms.data, filter, t],
  );
  return { ...alarms, data };
}

/** A value a widget sees through its link group, and the setter that binds it there. */
function useBinding<T>(
  dashboardId: string,
  widgetId: string,
  kind: BindingKind,
): [T | undefined, (v: T | undefined) => void] {
  const value = useDashboardStore((s) => {
    const d = s.dashboards[dashboardId];
    return d ? (boundValue(d, widgetId, kind) as T | undefined) : undefined;
  });
  const set = (v: T | undefined) => editDashboard(dashboardId, (d) => bind(d, widgetId, kind, v));
  return [value, set];
}

/** The units a widget's link group has selected (list or map selection). */
export const useSelectedUnits = (dashboardId: string, widgetId: string) =>
  useBinding<number[]>(dashboardId, widgetId, 'units');

/** Live alarm changes are gathered and applied to the cached devices at most this often. */
const LIVE_FLUSH_MS = 1000;
/**
 * A fleet's temperature figures are read again at most this often while samples arrive: a fleet of
 * 10,000 units reports every second, and its mean needs no second's freshness.
 */
const TEMPERATURE_REFETCH_MS = 10_000;

/**
 * Live updates (units issue's WebSocket): a unit's new status, alarms and latest values patch the
 * cached devices and values in place, so markers and lists change without a reload. A fleet of
 * 10,000 units reports about 1,000 samples a second; the server sends them gathered, one
 * `sampleBatch` message a tick, and each batch is applied to the cached values in one pass.
 * Alarms come one message each and are gathered here the same way (livePatches.ts). Either way
 * the result is the same as applying the changes one by one in the order they came.
 */
export function useLivePatches() {
  useEffect(() => {
    let alarmsTimer: ReturnType<typeof setTimeout> | undefined;
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    let alarms: { unitId: number; type: number; cleared: boolean }[] = [];
    const flush = () => {
      flushTimer = undefined;
      const changes = byUnit(alarms);
      alarms = [];
      queryClient.setQueriesData<Device[]>({ queryKey: ['devices'] }, (list) => list && applyAlarms(list, changes));
      // The server's status counts and map units follow the same changes: read again, at most
      // once a second.
      invalidateLive(['statusCounts']);
      invalidateLive(['mapUnits']);
    };
    const off = onLive((m) => {
      if (m.kind === 'sampleBatch') {
        const samples = byUnit(m.samples as LiveSample[]);
        queryClient.setQueriesData<UnitShowValue[]>({ queryKey: ['showValues'] }, (list) =>
          list ? applySamples(list, samples) : list,
        );
        invalidateLive(['temperatureSummary'], queryClient, TEMPERATURE_REFETCH_MS);
      } else if (m.kind === 'alarm' && m.unitId !== undefined) {
        alarms.push({ unitId: m.unitId, type: m.alarmType as number, cleared: Boolean(m.cleared) });
        flushTimer ??= setTimeout(flush, LIVE_FLUSH_MS);
        // Alarm lists and counts are re-read at most every 5 s however many alarms arrive.
        alarmsTimer ??= setTimeout(() => {
          alarmsTimer = undefined;
          void queryClient.invalidateQueries({ queryKey: ['alarms'] });
          void queryClient.invalidateQueries({ queryKey: ['kpiAlarms'] });
        }, 5000);
      }
    });
    return () => {
      off();
      clearTimeout(alarmsTimer);
      clearTimeout(flushTimer);
    };
  }, []);
}
