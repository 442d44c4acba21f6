import {
  type AlarmSeverities,
  type EffectiveAlarmSeverities,
  type Severity,
  severitiesOf,
  severityOfAlarmType,
} from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { api } from './http.ts';

export const alarmSeverityKey = ['alarmSeverities'] as const;

/**
 * The severity of a unit alarm in its organization: the alarm types set there or above it (the
 * server answers them for every organization the user sees), else the spec default. Events carry
 * their own category; this is for alarms themselves (alarm list and monitor widgets).
 */
export function useAlarmSeverity(): (organizationId: number | undefined, alarmType: number) => Severity {
  const query = useQuery({
    queryKey: alarmSeverityKey,
    queryFn: () => api.get<EffectiveAlarmSeverities>('/api/v3/alarmSeverities'),
    staleTime: 5 * 60_000,
  });
  const byOrg = useMemo(
    () =>
      new Map<number, AlarmSeverities>((query.data ?? []).map((o) => [o.organizationId, severitiesOf(o.severities)])),
    [query.data],
  );
  return useCallback(
    (organizationId, alarmType) =>
      severityOfAlarmType(alarmType, organizationId === undefined ? undefined : byOrg.get(organizationId)),
    [byOrg],
  );
}
