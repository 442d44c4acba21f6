import {
  type Alarm,
  alarmTypeKey,
  asFilterable,
  type BindingKind,
  bind,
  boundValue,
  type Device,
  displayTemperature,
  emptyFilter,
  type FilterSettings,
  filterAlarms,
  filterUnits,
  formatLegacyDate,
  intervalRange,
  type UnitShowValue,
  unitStatus,
  unitTypeName,
} from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceApi } from '../../lib/api.ts';
import { onLive } from '../../lib/live.ts';
import { queryClient } from '../../lib/query.ts';
import { editDashboard, useDashboardStore } from '../../stores/dashboards.ts';
import { useDeviceStore } from '../../stores/devices.ts';
import { useUserStore } from '../../stores/user.ts';
import { customerIds, devicesQuery, fleetList, showValuesQuery } from './queries.ts';

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

/** The dashboards' date interval as [start, end). */
export function useDateRange() {
  const dateInterval = useDeviceStore((s) => s.dateInterval);
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

/** The dashboard's devices after the filter logic of spec §5. */
export function useFilteredDevices(dashboardId: string, narrow?: (d: Device) => boolean) {
  const devices = useDevices();
  const filter = useDashboardFilter(dashboardId);
  const data = useMemo(() => {
    const all = (devices.data ?? []).filter((d) => !narrow || narrow(d));
    return filterUnits(all.map(asFilterable), filter, unitTypeName).map((u) => u.device);
  }, [devices.data, filter, narrow]);
  return { ...devices, data };
}

/** The dashboard's alarms after the alarm filter logic of spec §5. */
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
export function useBinding<T>(
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

/** Live changes are gathered and applied to the cached lists at most this often (see useLivePatches). */
export const LIVE_FLUSH_MS = 1000;

type AlarmChange = { type: number; cleared: boolean };
type SampleChange = { values: Record<string, number>; t: string };

/**
 * Live updates (units issue's WebSocket): a unit's new status, alarms and latest values patch the
 * cached devices and values in place, so markers and lists change without a reload. A fleet of
 * 10,000 units sends about 1,000 messages a second; each one mapping the 10,000-unit lists (and
 * every widget recomputing after it) kept the page busy all the time. Changes are therefore
 * gathered per unit and applied in one pass per list at most every LIVE_FLUSH_MS, in the order they
 * came, so the result is the same as applying them one by one.
 */
export function useLivePatches() {
  useEffect(() => {
    let alarmsTimer: ReturnType<typeof setTimeout> | undefined;
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    let alarms = new Map<number, AlarmChange[]>();
    let samples = new Map<number, SampleChange[]>();
    const flush = () => {
      flushTimer = undefined;
      const [alarmChanges, sampleChanges] = [alarms, samples];
      alarms = new Map();
      samples = new Map();
      if (alarmChanges.size > 0) {
        queryClient.setQueriesData<Device[]>({ queryKey: ['devices'] }, (list) =>
          list?.map((d) => {
            const changes = alarmChanges.get(d.id);
            if (!changes) return d;
            let alarmTypes = d.alarmTypes;
            for (const { type, cleared } of changes) {
              const others = alarmTypes.filter((a) => a !== type);
              alarmTypes = cleared ? others : [...others, type];
            }
            // The status follows from the active alarms by the same rule as on the server.
            const status = unitStatus({ UnitName: d.name, AlarmEvents: alarmTypes.map((a) => ({ AlarmType: a })) });
            return { ...d, alarmTypes, status };
          }),
        );
      }
      if (sampleChanges.size > 0) {
        queryClient.setQueriesData<UnitShowValue[]>({ queryKey: ['showValues'] }, (list) =>
          list?.map((v) => {
            const changes = sampleChanges.get(v.UnitID);
            if (!changes) return v;
            const merged = Object.assign({}, v.Values, ...changes.map((c) => c.values)) as Record<string, number>;
            return {
              ...v,
              Values: merged,
              Temperature: displayTemperature(merged) ?? v.Temperature,
              BatteryVoltage: merged.BatteryVoltage ?? v.BatteryVoltage,
              LastValueTime: formatLegacyDate(new Date((changes.at(-1) as SampleChange).t)),
            };
          }),
        );
      }
    };
    const queue = <T>(into: Map<number, T[]>, unitId: number, change: T) => {
      const list = into.get(unitId);
      if (list) list.push(change);
      else into.set(unitId, [change]);
      flushTimer ??= setTimeout(flush, LIVE_FLUSH_MS);
    };
    const off = onLive((m) => {
      if (m.unitId === undefined) return;
      if (m.kind === 'alarm') {
        queue(alarms, m.unitId, { type: m.alarmType as number, cleared: Boolean(m.cleared) });
        // Alarm lists and counts are re-read at most every 5 s however many alarms arrive.
        alarmsTimer ??= setTimeout(() => {
          alarmsTimer = undefined;
          void queryClient.invalidateQueries({ queryKey: ['alarms'] });
          void queryClient.invalidateQueries({ queryKey: ['kpiAlarms'] });
        }, 5000);
      } else if (m.kind === 'samples') {
        queue(samples, m.unitId, { values: m.values as Record<string, number>, t: m.t as string });
      }
    });
    return () => {
      off();
      clearTimeout(alarmsTimer);
      clearTimeout(flushTimer);
    };
  }, []);
}
