import type { FloorPlan, FloorPlanData } from '@fieldwatch/core';
import { ApiError, api, notifyUnauthorized } from '../../../../lib/http.ts';

const base = (orgId: number) => `/api/v3/user/organization/${orgId}`;

/** The floor-plan calls of spec §7 (User). */
export const floorPlanApi = {
  list: (orgId: number) => api.get<FloorPlan[]>(`${base(orgId)}/floor-plan`),
  data: (orgId: number, planId?: number) =>
    api.get<FloorPlanData>(`${base(orgId)}/floor-plan-data${planId ? `?planId=${planId}` : ''}`),
  savePlacements: (orgId: number, planId: number, placements: { unitId: number; x: number; y: number }[]) =>
    api.put<FloorPlanData>(`${base(orgId)}/floor-plan-data`, { planId, placements }),
  remove: (orgId: number, ids: number[]) =>
    api.delete<{ success: boolean; deleted: number[] }>(`${base(orgId)}/floor-plan`, { files: ids }),
  /** PUT multipart with a 'file' field (the browser sets the boundary), plus the plan's name. */
  upload: async (orgId: number, file: File, name: string): Promise<FloorPlan> => {
    const form = new FormData();
    if (name.trim()) form.append('name', name.trim());
    form.append('file', file);
    let res: Response;
    try {
      res = await fetch(`${base(orgId)}/floor-plan`, { method: 'PUT', credentials: 'same-origin', body: form });
    } catch (e) {
      throw new ApiError(0, e instanceof Error ? e.message : String(e));
    }
    const body = (await res.json().catch(() => undefined)) as (FloorPlan & { message?: string }) | undefined;
    if (res.status === 401) notifyUnauthorized();
    if (!res.ok) throw new ApiError(res.status, body?.message ?? res.statusText);
    return body as FloorPlan;
  },
};
