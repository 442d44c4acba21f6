import type { ContainerType, ContainerView, DeviceGroup, GroupImportResult } from '@fieldwatch/core';
import { api, type V2Envelope as V2, v2 } from '@/lib/http.ts';

const C = '/api/v3/containers';
const GROUPS = '/api/v2/device/groups';

/** Groups through the v2 group calls, locations and group import through the container calls. */
export const containersApi = {
  list: () => api.get<ContainerView[]>(C),
  createGroup: (organization: number, name: string) => v2(api.post<V2<DeviceGroup>>(GROUPS, { organization, name })),
  renameGroup: (id: number, organization: number, name: string) =>
    v2(api.put<V2<DeviceGroup>>(GROUPS, { id, organization, name })),
  deleteGroup: (id: number, organization: number) => v2(api.delete<V2<{ id: number }>>(GROUPS, { id, organization })),
  setGroupUnits: (groupId: number, devices: readonly number[]) =>
    v2(api.put<V2<DeviceGroup>>('/api/v2/device/devices/updateGroup', { groupId, devices })),
  create: (type: ContainerType, organization: number, name: string) =>
    api.post<ContainerView>(C, { type, organization, name }),
  update: (id: string, change: { name?: string; locations?: string[] }) => api.put<ContainerView>(`${C}/${id}`, change),
  remove: (id: string) => api.delete<{ id: string }>(`${C}/${id}`),
  placeUnits: (id: string, units: readonly number[]) => api.put<ContainerView>(`${C}/${id}/units`, { units }),
  takeUnits: (id: string, units: readonly number[]) => api.delete<ContainerView>(`${C}/${id}/units`, { units }),
  importGroup: (customerId: number, groupName: string) =>
    api.post<GroupImportResult>(`${C}/import`, { customerId, groupName }),
};

/** Every group and location the user may see: the key the screens read and every write refreshes. */
export const containersQuery = { queryKey: ['containers'] as const, queryFn: containersApi.list };
