import type { RelayView } from '@fieldwatch/core';
import { api, type V2Envelope as Envelope, v2 } from '../http.ts';

/** The relay calls (v2 device API). */
export const relayApi = {
  read: (unitId: number) => v2(api.get<Envelope<RelayView>>(`/api/v2/device/devices/${unitId}/relay`)),
  set: (unitId: number, state: string) =>
    v2(api.post<Envelope<{ seq: number; state: 'pending' }>>(`/api/v2/device/devices/${unitId}/relay`, { state })),
};

/** A relay unit's outputs for the widget's settings (none asked without a unit; a failure is not retried). */
export const relaySettingsQuery = (unitId: number | null) => ({
  queryKey: ['relaySettings', unitId] as const,
  queryFn: () => relayApi.read(unitId ?? 0),
  enabled: unitId !== null,
  retry: false,
});
