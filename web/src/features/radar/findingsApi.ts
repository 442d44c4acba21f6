import type { AcceptFindingBody, RadarFinding } from '@fieldwatch/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, type V2Envelope as V2, v2 } from '@/lib/http.ts';
import { onLive } from '@/lib/live.ts';
import { radarKeys } from './radarApi.ts';

/** The radar analysis's findings of a channel (channels are the server's, 1-based). */
const base = (unitId: number, channel: number) => `/api/v2/device/legacy/devices/${unitId}/channel/${channel}/findings`;

const findingsApi = {
  list: (unitId: number, channel: number) => v2(api.get<V2<RadarFinding[]>>(base(unitId, channel))),
  accept: (unitId: number, channel: number, id: number, body: AcceptFindingBody) =>
    v2(api.post<V2<RadarFinding>>(`${base(unitId, channel)}/${id}/accept`, body)),
  dismiss: (unitId: number, channel: number, id: number) =>
    v2(api.post<V2<RadarFinding>>(`${base(unitId, channel)}/${id}/dismiss`)),
};

export const findingsQuery = (unitId: number, channel: number) => ({
  queryKey: ['radar', 'findings', unitId, channel] as const,
  queryFn: () => findingsApi.list(unitId, channel),
});

/** The channel's open suggestions, nearest first, read again when the analysis announces a change. */
export function useSuggestedFaults(unitId: number, channel: number) {
  const queryClient = useQueryClient();
  const query = useQuery(findingsQuery(unitId, channel));
  useEffect(
    () =>
      onLive((m) => {
        if (m.kind === 'findings' && m.unitId === unitId && m.channel === channel)
          void queryClient.invalidateQueries({ queryKey: findingsQuery(unitId, channel).queryKey });
      }),
    [queryClient, unitId, channel],
  );
  const suggested = (query.data ?? []).filter((f) => f.state === 'suggested');
  return { query, suggested };
}

/** Accepting (a marker named by the user) or dismissing a suggestion; both lists are read again after. */
export function useFindingDecisions(
  unitId: number,
  channel: number,
  report: { accepted: (name: string) => void; dismissed: () => void; failed: (e: unknown) => void },
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: findingsQuery(unitId, channel).queryKey }),
      queryClient.invalidateQueries({ queryKey: radarKeys.markers(unitId, channel) }),
    ]);
  const accept = useMutation({
    mutationFn: ({ finding, name }: { finding: RadarFinding; name: string }) =>
      findingsApi.accept(unitId, channel, finding.id, { name }),
    onSuccess: async (_, { name }) => {
      await refresh();
      report.accepted(name);
    },
    onError: async (e) => {
      await refresh();
      report.failed(e);
    },
  });
  const dismiss = useMutation({
    mutationFn: (finding: RadarFinding) => findingsApi.dismiss(unitId, channel, finding.id),
    onSuccess: async () => {
      await refresh();
      report.dismissed();
    },
    onError: async (e) => {
      await refresh();
      report.failed(e);
    },
  });
  return { accept, dismiss };
}
