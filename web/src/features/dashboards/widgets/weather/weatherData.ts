import { emptyFilter, unitsOfMap, type WeatherReport } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { weatherApi } from '@/lib/api.ts';
import { ApiError } from '@/lib/http.ts';
import { useDeviceStore } from '@/stores/devices.ts';
import { useCustomerIds, useDashboardFilter, useSelectedUnits } from '../../data.ts';
import { mapUnitsQuery } from '../../queries.ts';
import { centroid } from './weatherMath.ts';

/** Weather changes slowly; the server caches it 30 minutes too. */
const STALE_MS = 30 * 60 * 1000;
/** The provider's state is asked again at most this often (the server waits minutes after a failure). */
const STATUS_STALE_MS = 60 * 1000;

type Place =
  | { kind: 'unit'; id: number }
  | { kind: 'centre'; lat: number; lon: number; count: number; selected: boolean };

/** Where the weather is read: units' positions as the unit map has them, never every unit's row. */
export function usePlace(dashboardId: string, widgetId: string, unitId: number | undefined) {
  const customers = useCustomerIds();
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  const filter = useDashboardFilter(dashboardId);
  const [selected] = useSelectedUnits(dashboardId, widgetId);
  const enabled = customers.length > 0;
  const inView = useQuery({ ...mapUnitsQuery(customers, filter, 'deviceMap', refreshKey), enabled });
  // A fixed unit or a selection is found among all the customers' units, whatever the filter.
  const picking = unitId !== undefined || Boolean(selected?.length);
  const all = useQuery({
    ...mapUnitsQuery(customers, emptyFilter(), 'deviceMap', refreshKey),
    enabled: enabled && picking,
  });
  const pending = inView.isPending || (picking && all.isPending);
  const place = useMemo((): Place | undefined => {
    const placed = unitsOfMap(all.data);
    if (unitId !== undefined && placed.some((u) => u.id === unitId)) return { kind: 'unit', id: unitId };
    const picked = selected?.length ? placed.filter((u) => selected.includes(u.id)) : [];
    const one = picked.length === 1 ? picked[0] : undefined;
    if (one) return { kind: 'unit', id: one.id };
    const c = centroid(picked.length ? picked : unitsOfMap(inView.data));
    return c && { kind: 'centre', ...c, selected: picked.length > 0 };
  }, [selected, all.data, inView.data, unitId]);
  return { place, pending };
}

/** Asked first: a provider the server knows to be down is said so without a failing call. */
export const useWeatherStatus = () =>
  useQuery({ queryKey: ['weather', 'status'], queryFn: weatherApi.status, staleTime: STATUS_STALE_MS });

/** The past `days` at the place, once the provider is `available`. */
export const useWeatherReport = (place: Place | undefined, days: number, lang: string, available: boolean) =>
  useQuery({
    queryKey:
      place?.kind === 'unit'
        ? ['weather', 'unit', place.id, days]
        : ['weather', place?.kind === 'centre' ? [place.lat, place.lon] : null, days, lang],
    queryFn: (): Promise<WeatherReport> =>
      place?.kind === 'unit'
        ? weatherApi.unit(place.id, days)
        : weatherApi.at(place?.lat ?? 0, place?.lon ?? 0, days, lang),
    enabled: place !== undefined && available,
    staleTime: STALE_MS,
    // The server already waited for the provider; a 503 is shown at once with its retry button.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400) && count < 1,
  });
