import type { DeviceGroup } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../../lib/http.ts';
import { useDeviceStore } from '../../../../stores/devices.ts';

type Envelope<T> = { success: boolean; result?: T; error?: string };

/** The unit groups the user may see (v2 GET groups, spec §7); a refresh tick reads them again. */
export function useDeviceGroups() {
  const refreshKey = useDeviceStore((s) => s.refreshKey);
  return useQuery({
    queryKey: ['deviceGroups', refreshKey],
    queryFn: async () => {
      const answer = await api.get<Envelope<DeviceGroup[]>>('/api/v2/device/groups');
      if (!answer.success || !answer.result) throw new ApiError(400, answer.error ?? 'Request failed');
      return answer.result;
    },
    placeholderData: (previous) => previous,
    staleTime: 60_000,
  });
}
