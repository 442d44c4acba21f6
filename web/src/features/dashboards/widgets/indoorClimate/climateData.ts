import type { Customer } from '@fieldwatch/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useUserStore } from '@/stores/user.ts';
import { useCustomerIds } from '../../data.ts';
import type { ClimateProps } from './climate.ts';
import { floorPlanApi } from './floorPlanApi.ts';

/**
 * The organization a widget shows: its setting; else the first selected customer (else the first
 * customer) that has floor plans, so a utility's root shows the plans of the sub-organization that
 * has them; else the first of those. `undefined` while their plan lists load, `null` without customers.
 */
export function useClimateOrg(props: ClimateProps): number | null | undefined {
  const selected = useCustomerIds();
  const customers = useUserStore((s) => s.accessResponse?.Customers);
  const candidates =
    props.orgId != null ? [props.orgId] : selected.length ? selected : (customers ?? []).map((c) => c.CustomerID);
  const lists = useQueries({ queries: candidates.map(floorPlansQuery) });
  const first = candidates[0];
  if (first === undefined) return null;
  if (props.orgId != null) return props.orgId;
  const withPlans = candidates.find((_, i) => (lists[i]?.data?.length ?? 0) > 0);
  if (withPlans !== undefined) return withPlans;
  return lists.some((l) => l.isPending) ? undefined : first;
}

/** The organization and its descendants among the customers the user sees. */
export function subtreeOf(customers: readonly Customer[], orgId: number): Set<number> {
  const inside = new Set([orgId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of customers) {
      if (c.ParentCustomerID !== null && inside.has(c.ParentCustomerID) && !inside.has(c.CustomerID)) {
        inside.add(c.CustomerID);
        grew = true;
      }
    }
  }
  return inside;
}

/** Keys of an organization's floor plan list, and (a prefix) of its plans' sensors and values. */
export const floorPlanKeys = {
  plans: (orgId: number | null | undefined) => ['floorPlans', orgId] as const,
  data: (orgId: number | null | undefined) => ['floorPlanData', orgId] as const,
};

const floorPlansQuery = (orgId: number) => ({
  queryKey: floorPlanKeys.plans(orgId),
  queryFn: () => floorPlanApi.list(orgId),
  staleTime: 60_000,
});

export function useFloorPlans(orgId: number | null | undefined) {
  return useQuery({ ...floorPlansQuery(orgId ?? 0), enabled: orgId != null });
}

/** A plan's sensors with their values; the last answer stays on screen while a refresh loads. */
export function useFloorPlanData(orgId: number | null | undefined, planId: number | undefined, refreshKey: number) {
  return useQuery({
    queryKey: [...floorPlanKeys.data(orgId), planId, refreshKey],
    queryFn: () => floorPlanApi.data(orgId ?? 0, planId),
    enabled: orgId != null && planId !== undefined,
    placeholderData: (previous) => previous,
  });
}
