import type {
  DeviceDetails,
  DeviceOptions,
  Marker,
  MarkerInput,
  MarkerPatch,
  RadarCurve,
  RadarReference,
} from '@fieldwatch/core';
import { formatLegacyDate } from '@fieldwatch/core';
import { query } from '@/lib/api.ts';
import { api, type V2Envelope as V2, v2 } from '@/lib/http.ts';

/**
 * The radar view's calls: the unit (v1 details and options), GetRadarDates, the v2 curve
 * with positions, reference and difference, the reference PUT, and the v2 markers. Channels are the
 * server's (1-based) here; the page turns its 0-based indexes into them with `wireChannel`.
 */
const device = (id: number) => `/api/v2/device/legacy/devices/${id}`;

export const radarApi = {
  details: (unitId: number) => api.get<DeviceDetails>(`/api/v1/device/${unitId}/details`),
  options: (unitId: number) => api.get<DeviceOptions>(`/api/v1/device/${unitId}/options`),
  dates: (unitId: number, channel: number, start: Date, stop: Date) =>
    api.get<{ RadarDate: string }[]>(
      `/api/v1/xrequest/GetRadarDates${query({
        StartDate: formatLegacyDate(start),
        StopDate: formatLegacyDate(stop),
        ChannelID: channel,
        UnitID: unitId,
      })}`,
    ),
  /** The curve at or before `timestamp` (ISO), with the channel's reference and the difference. */
  curve: (unitId: number, channel: number, timestamp: string) =>
    v2(api.get<V2<RadarCurve>>(`${device(unitId)}/radar/${channel}${query({ timestamp })}`)),
  /** Adopts the stored curve of this time (ISO) as the channel's reference (ChannelDefaultRadar). */
  setReference: (unitId: number, channel: number, timestamp: string) =>
    v2(
      api.put<V2<{ channel: number; ChannelDefaultRadar: RadarReference }>>(`${device(unitId)}/radar/${channel}`, {
        ChannelDefaultRadar: timestamp,
      }),
    ),
  markers: (unitId: number, channel: number) =>
    v2(api.get<V2<Marker[]>>(`${device(unitId)}/channel/${channel}/markers`)),
  addMarker: (unitId: number, channel: number, input: MarkerInput) =>
    v2(api.post<V2<Marker>>(`${device(unitId)}/channel/${channel}/markers`, input)),
  editMarker: (unitId: number, channel: number, markerId: number, patch: MarkerPatch) =>
    v2(api.put<V2<Marker>>(`${device(unitId)}/channel/${channel}/markers/${markerId}`, patch)),
  deleteMarker: (unitId: number, channel: number, markerId: number) =>
    v2(api.delete<V2<Marker>>(`${device(unitId)}/channel/${channel}/markers/${markerId}`)),
};

export const radarKeys = {
  unit: (unitId: number) => ['radar', 'unit', unitId] as const,
  options: (unitId: number) => ['radar', 'options', unitId] as const,
  dates: (unitId: number, channel: number, start: string, end: string) =>
    ['radar', 'dates', unitId, channel, start, end] as const,
  curves: (unitId: number, channel: number) => ['radar', 'curve', unitId, channel] as const,
  curve: (unitId: number, channel: number, key: string) => ['radar', 'curve', unitId, channel, key] as const,
  markers: (unitId: number, channel: number) => ['radar', 'markers', unitId, channel] as const,
};
