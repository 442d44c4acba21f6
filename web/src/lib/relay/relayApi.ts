import type { RelayView } from '@fieldwatch/core';
import { api, type V2Envelope as Envelope, v2 } from '../http.ts';

/** The relay calls (v2 device API). */
export const relayApi = {
  read: (unitId: number) => v2(api.get<Envelope<RelayView>>(`/api/v2/device/devices/${unitId}/relay`)),
  set: (unitId: number, state: string) =>
    v2(api.post<Envelope<{ seq: number; state: 'pending' }>>(`/api/v2/device/devices/${unitId}/relay`, { state })),
};
