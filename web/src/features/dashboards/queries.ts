import {
  combineTemperatureSummaries,
  DAY_MS,
  type DashboardModel,
  emptyFilter,
  type FilterSettings,
  filterParams,
  formatLegacyDate,
  intervalRange,
  type MapVariant,
  OVERVIEW_KEY,
  readInChunks,
} from '@fieldwatch/core';
import { deviceApi } from '@/lib/api.ts';
import { queryClient } from '@/lib/query.ts';
import { useDeviceStore } from '@/stores/devices.ts';
import { useUserStore } from '@/stores/user.ts';
import { alarmsPeriod, alarmsProps } from './widgets/common/props.ts';

/** The fleet-wide reads the dashboards share, and their start ahead of the screen. */

/** The selected customers' ids in order: part of every fleet query's key. */
export const customerIds = (selected: readonly { CustomerID: number }[]) =>
  selected.map((c) => c.CustomerID).sort((a, b) => a - b);

/**
 * Fleet-wide lists are replaced whole, never compared: TanStack's structural sharing walks every
 * field of the old and new list (for 10,000 units a 700 ms main-thread task on each refetch).
 */
export const fleetList = { staleTime: Number.POSITIVE_INFINITY, structuralSharing: false } as const;

/**
 * One unit's measurements over the range. The chart, multichart and water-level widgets share the
 * entry, so a unit shown by several is read once; a refresh or a new range keeps the old lines on
 * screen until the new ones arrive.
 */
export const unitDataQuery = (unitId: number, range: { start: Date; end: Date }, refreshKey: number) => ({
  queryKey: ['unitData', unitId, range.start.toISOString(), range.end.toISOString(), refreshKey] as const,
  queryFn: () => deviceApi.unitData(unitId, range.start, range.end),
  placeholderData: <T>(previous: T) => previous,
  staleTime: 60_000,
});

/** How far back the multichart's form looks for the columns a unit reports. */
const COLUMNS_LOOKBACK_MS = 365 * DAY_MS;

export type UnitColumn = { column: string; key: string; unit: string; channel: number | null };

/** The columns a unit reported in the last year: the data call with one point per series. */
export const unitColumnsQuery = (unitId: number | null) => ({
  queryKey: ['unitColumns', unitId] as const,
  queryFn: async (): Promise<UnitColumn[]> => {
    const end = new Date();
    const data = await deviceApi.unitData(unitId ?? 0, new Date(end.getTime() - COLUMNS_LOOKBACK_MS), end, 1);
    return data.series.map(({ column, key, unit, channel }) => ({ column, key, unit, channel }));
  },
  enabled: unitId !== null,
  staleTime: 5 * 60_000,
});

/** The current devices of the customers. */
export const devicesQuery = (customers: readonly number[], refreshKey: number) => ({
  queryKey: ['devices', customers, refreshKey] as const,
  queryFn: () => deviceApi.devices(customers),
  ...fleetList,
});

/** The forecast crossings of the customers' units (the forecaster updates them hourly). */
export const forecastsQuery = (customers: readonly number[]) => ({
  queryKey: ['forecasts', customers] as const,
  queryFn: () => deviceApi.forecasts(customers),
  staleTime: 10 * 60_000,
});

/** The customers' suggested faults (for the maps), read again when the radar analysis announces a change. */
export const faultsQuery = (customers: readonly number[]) => ({
  queryKey: ['faults', customers] as const,
  queryFn: () => deviceApi.faults(customers),
  staleTime: 10 * 60_000,
});

/** Latest display values (temperature by priority, battery voltage) per unit. */
export const showValuesQuery = (customers: readonly number[], refreshKey: number) => ({
  queryKey: ['showValues', customers, refreshKey] as const,
  queryFn: () => deviceApi.showValues(customers),
  ...fleetList,
});

/**
 * The customers' units counted by status after the filter's other parts (the status KPI): the
 * statuses are left out of the request, the counts show every one.
 */
export const statusCountsQuery = (customers: readonly number[], filter: FilterSettings, refreshKey: number) => {
  const params = { ...filterParams(filter), statuses: undefined };
  return {
    queryKey: ['statusCounts', customers, params, refreshKey] as const,
    queryFn: () => deviceApi.statusCounts(customers, params),
  };
};

/**
 * What a unit map draws (id, position and status of each unit after the filter and the map's
 * variant): a tenth of the device list's bytes, so a map of 10,000 units draws without them.
 */
export const mapUnitsQuery = (
  customers: readonly number[],
  filter: FilterSettings,
  variant: MapVariant,
  refreshKey: number,
) => {
  const params = { ...filterParams(filter), variant };
  return {
    queryKey: ['mapUnits', customers, params, refreshKey] as const,
    queryFn: () => deviceApi.mapUnits(customers, params),
    structuralSharing: false,
  };
};

/** The unit types among the customers' units (the filter's type choice). */
export const typeCodesQuery = (customers: readonly number[], refreshKey: number) => ({
  queryKey: ['typeCodes', customers, refreshKey] as const,
  queryFn: async () => (await deviceApi.typeCodes(customers)).codes,
});

/**
 * Ids of a selection per temperature request: a long selection is asked for in parts whose
 * summaries are combined, so no request's address outgrows what a server accepts (16 KB).
 */
const SELECTION_IDS_PER_REQUEST = 1000;

/** The temperature KPI's figures: of the units given, else of the customers' units after the filter. */
export const temperatureSummaryQuery = (
  customers: readonly number[],
  filter: FilterSettings,
  units: readonly number[] | undefined,
  refreshKey: number,
) => {
  const picked = units && [...units].sort((a, b) => a - b);
  const params = picked ? { units: picked.join(',') } : filterParams(filter);
  return {
    queryKey: ['temperatureSummary', customers, params, refreshKey] as const,
    queryFn: async () =>
      picked
        ? combineTemperatureSummaries(
            await readInChunks(
              picked,
              (ids) => deviceApi.temperatureSummary(customers, { units: ids.join(',') }),
              SELECTION_IDS_PER_REQUEST,
            ),
          )
        : deviceApi.temperatureSummary(customers, params),
  };
};

/** One unit's show value (the temperature KPI of a single selected unit); kept current by live samples. */
export const unitShowValueQuery = (unitId: number, refreshKey: number) => ({
  queryKey: ['showValues', 'unit', unitId, refreshKey] as const,
  queryFn: () => deviceApi.unitShowValues([unitId]),
});

/** A dashboard's filter before its own is known: the stored default and the current text search. */
const defaultFilter = (): FilterSettings => {
  const { filterSettings, textSearch } = useDeviceStore.getState();
  return { ...(filterSettings ?? emptyFilter()), textSearch };
};

/** The latest battery voltage and alarm level of each unit (KPI battery). */
export const kpiBatteryQuery = (customers: readonly number[], refreshKey: number) => ({
  queryKey: ['kpiBattery', customers, refreshKey] as const,
  queryFn: () => deviceApi.kpiBattery(customers),
});

/**
 * Alarms raised per day since `start`, taken to the minute: the read started with the app and the
 * widget's own then ask for the same (to the second, they never met).
 */
export const kpiAlarmsQuery = (customers: readonly number[], start: Date) => {
  const startDate = formatLegacyDate(new Date(Math.floor(start.getTime() / 60_000) * 60_000));
  return {
    queryKey: ['kpiAlarms', customers, startDate] as const,
    queryFn: () => deviceApi.kpiAlarms(customers, startDate),
  };
};

/**
 * Called as the app starts on a dashboard: its fleet-wide reads are requested at once instead of
 * after the screen's code, the dashboards and each widget's code have loaded one after the other.
 * The overview needs no unit's row: its map, filter and KPIs read positions, types, counts and
 * figures; other dashboards' lists read the device list. For 10,000 units these are the slowest
 * answers of a dashboard; the widgets then find them in the cache under the same keys.
 */
export function prefetchDashboardData(dashboard: DashboardModel) {
  const customers = customerIds(useUserStore.getState().selectedCustomers);
  if (customers.length === 0) return;
  const { refreshKey, dateInterval, customRange } = useDeviceStore.getState();
  if (dashboard.static !== OVERVIEW_KEY) {
    void queryClient.prefetchQuery(devicesQuery(customers, refreshKey));
    return;
  }
  void queryClient.prefetchQuery(mapUnitsQuery(customers, defaultFilter(), 'deviceMap', refreshKey));
  void queryClient.prefetchQuery(typeCodesQuery(customers, refreshKey));
  void queryClient.prefetchQuery(statusCountsQuery(customers, defaultFilter(), refreshKey));
  void queryClient.prefetchQuery(temperatureSummaryQuery(customers, defaultFilter(), undefined, refreshKey));
  void queryClient.prefetchQuery(kpiBatteryQuery(customers, refreshKey));
  const now = new Date();
  const range = intervalRange(dateInterval, now, customRange);
  for (const widget of Object.values(dashboard.widgets)) {
    if (widget.component !== 'alarms') continue;
    const { start } = alarmsPeriod(alarmsProps(widget.props).period, range, now);
    void queryClient.prefetchQuery(kpiAlarmsQuery(customers, start));
  }
}
