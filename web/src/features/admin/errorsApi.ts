import type { ErrorReportPage, ErrorSource } from '@fieldwatch/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { query } from '@/lib/api.ts';
import { api } from '@/lib/http.ts';

/** Error reports: the platform administrator's list and resolve calls. */
export const ERRORS_PAGE_SIZE = 25;
export type SourceFilter = ErrorSource | 'all';

export const errorsApi = {
  list: (source: SourceFilter, offset: number) =>
    api.get<ErrorReportPage>(
      `/api/v1/admin/errors${query({ source: source === 'all' ? undefined : source, limit: ERRORS_PAGE_SIZE, offset })}`,
    ),
  resolve: (id: number) => api.delete<{ success: boolean }>(`/api/v1/admin/errors/${id}`),
};

export const errorsKey = ['admin', 'errors'] as const;

export const useErrorReports = (source: SourceFilter, offset: number) =>
  useQuery({
    queryKey: [...errorsKey, source, offset],
    queryFn: () => errorsApi.list(source, offset),
    placeholderData: keepPreviousData,
  });
