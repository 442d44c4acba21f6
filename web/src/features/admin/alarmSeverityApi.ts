import type { AlarmJoinBody, AlarmSeverityBody, AlarmSeverityList, ForecastDaysBody } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { alarmSeverityKey } from '@/lib/alarmSeverities.ts';
import { api } from '@/lib/http.ts';

const path = (id: number) => `/api/v1/admin/organization/${id}/alarmSeverities`;

/** An organization's alarm type severities (own, inherited, effective): SuperUsers of it or above. */
export const alarmSeverityApi = {
  list: (id: number) => api.get<AlarmSeverityList>(path(id)),
  save: (id: number, body: AlarmSeverityBody) => api.put<AlarmSeverityList>(path(id), body),
  saveJoinHours: (id: number, body: AlarmJoinBody) =>
    api.put<AlarmSeverityList>(`/api/v1/admin/organization/${id}/alarmJoinHours`, body),
  saveForecastDays: (id: number, body: ForecastDaysBody) =>
    api.put<AlarmSeverityList>(`/api/v1/admin/organization/${id}/forecastDays`, body),
};

/** Under ['admin'], so that an admin change refreshing everything refreshes this too. */
const alarmSeverityKeys = { list: (id: number) => ['admin', id, 'alarmSeverities'] as const };

export const useAlarmSeverities = (id: number) =>
  useQuery({ queryKey: alarmSeverityKeys.list(id), queryFn: () => alarmSeverityApi.list(id) });

/** What a change refreshes: every organization's list (below ones inherit) and the effective severities. */
export const alarmSeverityRefresh = [['admin'], alarmSeverityKey] as const;
