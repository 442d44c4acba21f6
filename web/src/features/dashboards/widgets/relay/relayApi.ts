import type { RelayView } from '@fieldwatch/core';
import { ApiError, api } from '../../../../lib/http.ts';

type Envelope<T> = { success: boolean; result?: T; error?: string };

/** v2 answers are an envelope; success false (or a 4xx with its `error`) is an error (spec §7). */
async function v2<T>(call: Promise<Envelope<T>>): Promise<T> {
  const answer = await call;
  if (!answer.success || answer.result === undefined) throw new ApiError(400, answer.error ?? 'Request failed');
  return answer.result;
}

/** The relay calls of spec §7 (v2 device API). */
export const relayApi = {
  read: (unitId: number) => v2(api.get<Envelope<RelayView>>(`/api/v2/device/devices/${unitId}/relay`)),
  set: (unitId: number, state: string) =>
    v2(api.post<Envelope<{ seq: number; state: 'pending' }>>(`/api/v2/device/devices/${unitId}/relay`, { state })),
};
