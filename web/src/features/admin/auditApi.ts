import type { AuditPage, AuditQuery, AuditRetentionBody } from '@fieldwatch/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { query } from '@/lib/api.ts';
import { api } from '@/lib/http.ts';

/** The filter of the audit trail view: what the API takes, without the page. */
export type AuditFilter = Omit<AuditQuery, 'before'>;

const base = (id: number) => `/api/v1/admin/organization/${id}`;

export const auditApi = {
  page: (id: number, q: AuditQuery) => api.get<AuditPage>(`${base(id)}/audit${query(q)}`),
  /** The export is a download the browser makes itself (the session cookie goes with it). */
  csvUrl: (id: number, f: AuditFilter) => `${base(id)}/audit.csv${query(f)}`,
  saveRetention: (id: number, body: AuditRetentionBody) =>
    api.put<{ days: number | null }>(`${base(id)}/auditRetention`, body),
};

/** Under ['admin'], so that an admin change refreshing everything refreshes this too. */
export const auditKey = (id: number) => ['admin', id, 'audit'] as const;

/** The trail, newest first, a page at a time (`fetchNextPage` reads the next older page). */
export const useAuditTrail = (id: number, filter: AuditFilter) =>
  useInfiniteQuery({
    queryKey: [...auditKey(id), filter],
    queryFn: ({ pageParam }) => auditApi.page(id, { ...filter, before: pageParam }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    placeholderData: keepPreviousData,
  });
