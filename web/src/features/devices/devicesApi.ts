import type {
  AlarmLimits,
  InputKind,
  LegacyChannel,
  Operation,
  OperationStatus,
  RelayView,
  TagListEntry,
  TagView,
  UnitLogEntry,
  UnitSettings,
} from '@fieldwatch/core';
import { query } from '@/lib/api.ts';
import { api, type V2Envelope as V2, v2 } from '@/lib/http.ts';

const V2_DEVICE = '/api/v2/device';
const legacy = (id: number) => `${V2_DEVICE}/legacy/devices/${id}`;
const device = (id: number) => `${V2_DEVICE}/devices/${id}`;
const TAG_HOST = '/api/v1/taghost';

/** Channel numbers are 0-based in the browser and 1-based on the wire. */
export const wireChannel = (index: number) => index + 1;

/** The device management calls and the management additions of docs/api.md. */
export const devicesApi = {
  settings: (id: number) => v2(api.get<V2<UnitSettings>>(`${legacy(id)}/settings`)),
  saveSettings: (id: number, patch: Record<string, unknown>) =>
    v2(api.put<V2<UnitSettings>>(`${legacy(id)}/settings`, patch)),
  setInput: (id: number, kind: InputKind, index: number, data: Record<string, unknown>) =>
    v2(api.put<V2<unknown>>(`${legacy(id)}/${kind}/${index}`, { data })),
  channel: (id: number, customerId: number, index: number) =>
    api.get<LegacyChannel>(
      `/api/v1/xrequest/GetChannel${query({ ChannelID: wireChannel(index), UnitID: id, CustomerID: customerId })}`,
    ),
  editChannel: (id: number, customerId: number, index: number, columns: string) =>
    api.post<LegacyChannel>('/api/v1/xrequest/EditChannel', {
      ChannelID: wireChannel(index),
      UnitID: id,
      CustomerID: customerId,
      Columns: columns,
    }),
  alarmLimits: (id: number) => v2(api.get<V2<AlarmLimits>>(`${legacy(id)}/alarm_limits`)),
  saveAlarmLimits: (id: number, limits: AlarmLimits) =>
    v2(api.put<V2<AlarmLimits>>(`${legacy(id)}/alarm_limits`, limits)),
  operations: (id: number) => v2(api.get<V2<OperationStatus[]>>(`${device(id)}/operations`)),
  run: (id: number, operation: Operation) =>
    v2(api.post<V2<{ seq: number; operation: string }>>(`${device(id)}/operation${query({ operation })}`)),
  cancel: (id: number, seq: number, operation: string) =>
    v2(api.delete<V2<OperationStatus>>(`${device(id)}/operation${query({ sequence: seq, operation })}`)),
  relay: (id: number) => v2(api.get<V2<RelayView>>(`${device(id)}/relay`)),
  setRelay: (id: number, state: string) => v2(api.post<V2<{ seq: number }>>(`${device(id)}/relay`, { state })),
  log: (id: number, limit = 200) => v2(api.get<V2<UnitLogEntry[]>>(`${device(id)}/log${query({ limit })}`)),
};

/** The tag host calls: '' and -1 mean "none". */
export const tagHostApi = {
  tagOf: (unitId: number) => api.get<string>(`${TAG_HOST}/tag${query({ unit: unitId })}`),
  create: (unitId: number) => api.post<TagView>(`${TAG_HOST}/tag${query({ unit: unitId })}`),
  get: (uuid: string, field: 'template' | 'restriction') => api.get<number>(`${TAG_HOST}/tag/${uuid}/${field}`),
  set: (uuid: string, field: 'template' | 'restriction', id: number) =>
    api.put<TagView>(`${TAG_HOST}/tag/${uuid}/${field}${query({ id })}`),
  list: () => api.get<TagListEntry[]>(`${TAG_HOST}/tags`),
};
