import type { FloorPlan, FloorPlanData } from '@fieldwatch/core';
import { api } from '@/lib/http.ts';

const base = (orgId: number) => `/api/v3/user/organization/${orgId}`;

/** The floor-plan calls (User). */
export const floorPlanApi = {
  list: (orgId: number) => api.get<FloorPlan[]>(`${base(orgId)}/floor-plan`),
  data: (orgId: number, planId?: number) =>
    api.get<FloorPlanData>(`${base(orgId)}/floor-plan-data${planId ? `?planId=${planId}` : ''}`),
  savePlacements: (orgId: number, planId: number, placements: { unitId: number; x: number; y: number }[]) =>
    api.put<FloorPlanData>(`${base(orgId)}/floor-plan-data`, { planId, placements }),
  remove: (orgId: number, ids: number[]) =>
    api.delete<{ success: boolean; deleted: number[] }>(`${base(orgId)}/floor-plan`, { files: ids }),
  /** PUT multipart with a 'file' field (the browser sets the boundary), plus the plan's name. */
  upload: (orgId: number, file: File, name: string) => {
    const form = new FormData();
    if (name.trim()) form.append('name', name.trim());
    form.append('file', file);
    return api.put<FloorPlan>(`${base(orgId)}/floor-plan`, form);
  },
};
