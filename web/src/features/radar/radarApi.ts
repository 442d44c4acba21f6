import type { Marker, MarkerInput, MarkerPatch, RadarCurve, RadarReference } from '@fieldwatch/core';
import { formatLegacyDate } from '@fieldwatch/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { query } from '@/lib/api.ts';
import { api, type V2Envelope as V2, v2 } from '@/lib/http.ts';
import type { MarkerTarget } from './MarkerDialog.tsx';
import { curveTimeOf, type MarkerValues, markerPatches } from './radarMath.ts';

/**
 * The radar view's calls (the unit itself: lib/units.ts): GetRadarDates, the v2 curve
 * with positions, reference and difference, the reference PUT, and the v2 markers. Channels are the
 * server's (1-based) here; the page turns its 0-based indexes into them with `wireChannel`.
 */
const device = (id: number) => `/api/v2/device/legacy/devices/${id}`;

const radarApi = {
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
  dates: (unitId: number, channel: number, start: string, end: string) =>
    ['radar', 'dates', unitId, channel, start, end] as const,
  curves: (unitId: number, channel: number) => ['radar', 'curve', unitId, channel] as const,
  curve: (unitId: number, channel: number, key: string) => ['radar', 'curve', unitId, channel, key] as const,
  markers: (unitId: number, channel: number) => ['radar', 'markers', unitId, channel] as const,
};

/** The stored curve dates of a channel in the period; the last list stays while another period loads. */
export const useRadarDates = (unitId: number, channel: number, range: { start: Date; end: Date }) =>
  useQuery({
    queryKey: radarKeys.dates(unitId, channel, range.start.toISOString(), range.end.toISOString()),
    queryFn: () => radarApi.dates(unitId, channel, range.start, range.end),
    placeholderData: (previous) => previous,
  });

/** The curve of a listed date (by its key); none asked without one. */
export const useRadarCurve = (unitId: number, channel: number, key: string | undefined) =>
  useQuery({
    queryKey: radarKeys.curve(unitId, channel, key ?? ''),
    queryFn: () => radarApi.curve(unitId, channel, curveTimeOf(key ?? '') ?? ''),
    enabled: !!key,
    staleTime: 60_000,
  });

/** The channel's markers (`list`: along the cable, then by id) and their query's state. */
export function useRadarMarkers(unitId: number, channel: number) {
  const query = useQuery({
    queryKey: radarKeys.markers(unitId, channel),
    queryFn: () => radarApi.markers(unitId, channel),
  });
  const list = useMemo(
    () => [...(query.data ?? [])].sort((a, b) => a.position - b.position || a.id - b.id),
    [query.data],
  );
  return { query, list };
}

/** What the view says after each change; a failed marker change has the list read again first. */
interface RadarChangeReports {
  referenceSet: () => void;
  markerSaved: (marker: Marker, isNew: boolean) => void;
  markerMoved: (marker: Marker) => void;
  markerDeleted: (marker: Marker) => void;
  failed: (error: unknown) => void;
}

/**
 * The changes of the radar view: the reference, and adding, editing, moving and deleting markers. A
 * move shows at once and the list is read again after every marker change, whatever its outcome.
 */
export function useRadarChanges(unitId: number, channel: number, report: RadarChangeReports) {
  const queryClient = useQueryClient();
  const refreshMarkers = () => queryClient.invalidateQueries({ queryKey: radarKeys.markers(unitId, channel) });
  const failedAfterRefresh = async (e: unknown) => {
    await refreshMarkers();
    report.failed(e);
  };
  const setReference = useMutation({
    mutationFn: (c: RadarCurve) => radarApi.setReference(unitId, channel, c.timestamp),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: radarKeys.curves(unitId, channel) });
      report.referenceSet();
    },
    onError: report.failed,
  });
  const saveMarker = useMutation({
    mutationFn: async ({ target, values }: { target: MarkerTarget; values: MarkerValues }) => {
      if (target.kind === 'new') return radarApi.addMarker(unitId, channel, values);
      const m = target.marker;
      let last: Marker = m;
      for (const patch of markerPatches(m, values)) {
        last = await radarApi.editMarker(unitId, channel, m.id, patch as MarkerPatch);
      }
      return last;
    },
    onSuccess: async (m, { target }) => {
      await refreshMarkers();
      report.markerSaved(m, target.kind === 'new');
    },
    onError: failedAfterRefresh,
  });
  const moveMarker = useMutation({
    mutationFn: ({ marker, position }: { marker: Marker; position: number }) =>
      radarApi.editMarker(unitId, channel, marker.id, { position }),
    onMutate: ({ marker, position }) => {
      queryClient.setQueryData<Marker[]>(radarKeys.markers(unitId, channel), (list) =>
        list?.map((m) => (m.id === marker.id ? { ...m, position } : m)),
      );
    },
    onSuccess: report.markerMoved,
    onError: report.failed,
    onSettled: () => refreshMarkers(),
  });
  const deleteMarker = useMutation({
    mutationFn: (m: Marker) => radarApi.deleteMarker(unitId, channel, m.id),
    onSuccess: async (m) => {
      await refreshMarkers();
      report.markerDeleted(m);
    },
    onError: failedAfterRefresh,
  });
  return { setReference, saveMarker, moveMarker, deleteMarker };
}
