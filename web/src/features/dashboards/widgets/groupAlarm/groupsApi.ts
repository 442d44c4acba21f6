import type { DeviceGroup } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { api, type V2Envelope, v2 } from '@/lib/http.ts';
import { useDeviceStore } from '@/stores/devices.ts';

/** The unit groups the user may see (v2 GET groups); a refresh tick reads them again. */
export function useDeviceGroups() {
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  return useQuery({
    queryKey: ['deviceGroups', refreshKey],
    queryFn: () => v2(api.get<V2Envelope<DeviceGroup[]>>('/api/v2/device/groups')),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
}
