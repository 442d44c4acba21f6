import { type AcceptJoinRequestBody, type AddUserResult, isAdministrator, type JoinRequest } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { useUserStore } from '@/stores/user.ts';
import { api } from './http.ts';

const A = '/api/v1/admin';

/** People asking to join an organization the user administers (the bell counts them, Users lists them). */
export const joinRequestsQuery = {
  queryKey: ['joinRequests'] as const,
  queryFn: () => api.get<JoinRequest[]>(`${A}/joinRequests`),
};

export const joinRequestApi = {
  accept: ({ id, ...body }: AcceptJoinRequestBody & { id: number }) =>
    api.post<AddUserResult>(`${A}/joinRequest/${id}/accept`, body),
  decline: (id: number) => api.post<{ success: boolean }>(`${A}/joinRequest/${id}/decline`),
};

/** The waiting requests, asked only by administrators (no one else may decide them). */
export function useJoinRequests() {
  const administrator = useUserStore((s) => s.accessResponse !== null && isAdministrator(s.accessResponse));
  return useQuery({ ...joinRequestsQuery, enabled: administrator, refetchInterval: 5 * 60_000 });
}
