import { type GisFeature, gisCustomers } from '@fieldwatch/core';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { query } from '@/lib/api.ts';
import { api } from '@/lib/http.ts';
import { useUserStore } from '@/stores/user.ts';
import { groupByType } from './gisModel.ts';

const gisApi = (customerId: number) =>
  api.get<GisFeature[]>(`/api/v1/xrequest/GetGISData${query({ CustomerID: customerId })}`);

/** The selected customers holding the GIS right (the GIS list is limited to them). */
export function useGisCustomers(): number[] {
  const selected = useUserStore((s) => s.selectedCustomers);
  const permissions = useUserStore((s) => s.permissions);
  const ids = permissions ? gisCustomers(selected, permissions) : [];
  const key = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list changes only when its ids do
  return useMemo(() => ids, [key]);
}

/** Each GIS customer's features (kept 10 minutes), grouped by type once every answer is in. */
export function useGisData(customers: readonly number[]) {
  const results = useQueries({
    queries: customers.map((id) => ({
      queryKey: ['gisData', id],
      queryFn: () => gisApi(id),
      staleTime: 10 * 60_000,
    })),
  });
  const loading = results.some((r) => r.isPending);
  const failed = results.filter((r) => r.isError);
  const dataKey = results.map((r) => r.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: regrouped only when some answer changes
  const groups = useMemo(() => groupByType(results.flatMap((r) => r.data ?? [])), [dataKey]);
  return { loading, failed, groups };
}
