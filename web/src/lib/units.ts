import type { Device, DeviceDetails, DeviceOptions } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { api } from './http.ts';
import { queryClient } from './query.ts';

/**
 * A unit as several screens read it (the dashboards' popups and captions, device and container
 * management, the radar view): one call and one cache key each, so what one screen reloads after a
 * change the others show too.
 */
export const unitKeys = {
  all: ['devices', 'all'] as const,
  details: (unitId: number | undefined) => ['deviceDetails', unitId] as const,
  options: (unitId: number | undefined) => ['deviceOptions', unitId] as const,
  /** The settings the unit last reported (read by device management, devicesApi.settings). */
  settings: (unitId: number) => ['deviceSettings', unitId] as const,
};

/** A unit's name, position or type reaches the fleet lists, the maps, the filter's types and the counts. */
export function refreshUnitLists() {
  for (const root of ['devices', 'mapUnits', 'typeCodes', 'statusCounts'])
    void queryClient.invalidateQueries({ queryKey: [root] });
}

const unitApi = {
  all: () => api.get<Device[]>('/api/v1/device'),
  details: (unitId: number) => api.get<DeviceDetails>(`/api/v1/device/${unitId}/details`),
  options: (unitId: number) => api.get<DeviceOptions>(`/api/v1/device/${unitId}/options`),
};

/** Every unit the user may see, whatever customers are in view. */
export const useAllUnits = () => useQuery({ queryKey: unitKeys.all, queryFn: unitApi.all });

/** One unit's details (name, type, location, organization); none asked while `unitId` is undefined. */
export const useUnitDetails = (unitId: number | undefined, staleTime?: number) =>
  useQuery({
    queryKey: unitKeys.details(unitId),
    queryFn: () => unitApi.details(unitId as number),
    enabled: unitId !== undefined,
    staleTime,
  });

/** One unit's options (its channels and unit groups); none asked while `unitId` is undefined. */
export const useUnitOptions = (unitId: number | undefined, staleTime?: number) =>
  useQuery({
    queryKey: unitKeys.options(unitId),
    queryFn: () => unitApi.options(unitId as number),
    enabled: unitId !== undefined,
    staleTime,
  });
