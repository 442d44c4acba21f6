import type {
  Assignee,
  EventRecord,
  NewTaskBody,
  NotificationRecord,
  TaskFile,
  TaskRecord,
  TaskUpdateBody,
} from '@fieldwatch/core';
import { query } from './api.ts';
import { api } from './http.ts';

/** The calls of events, notifications and tasks: what the server's event engine made of alarms. */
export const eventApi = {
  list: (limit = 500) => api.get<EventRecord[]>(`/api/v3/events${query({ limit })}`),
  get: (id: string) => api.get<EventRecord>(`/api/v3/events/${encodeURIComponent(id)}`),
  acknowledge: (id: string, comment: string) =>
    api.put<EventRecord>(`/api/v3/events/${encodeURIComponent(id)}/acknowledge`, { comment }),
};

export const notificationApi = {
  list: (unseen?: boolean) => api.get<NotificationRecord[]>(`/api/v3/notifications${query({ limit: 500, unseen })}`),
  count: () => api.get<{ unseen: number }>('/api/v3/notifications/count'),
  /** Marks the given ones seen, or all of the user's without ids. */
  markSeen: (ids?: string[]) => api.put<NotificationRecord[]>('/api/v3/notifications/seen', ids ? { ids } : {}),
};

export const taskApi = {
  list: (archived: boolean) => api.get<TaskRecord[]>(`/api/v3/tasks${query({ archived, limit: 500 })}`),
  get: (id: string) => api.get<TaskRecord>(`/api/v3/tasks/${encodeURIComponent(id)}`),
  create: (body: NewTaskBody) => api.post<TaskRecord>('/api/v3/tasks', body),
  update: (id: string, body: TaskUpdateBody) => api.put<TaskRecord>(`/api/v3/tasks/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.delete<{ success: boolean }>(`/api/v3/tasks/${encodeURIComponent(id)}`),
  assignees: (organizationId: number) => api.get<Assignee[]>(`/api/v3/tasks/assignees${query({ organizationId })}`),
  files: (id: string) => api.get<TaskFile[]>(`${files(id)}`),
  fileUrl: (id: string, fileId: string) => `${files(id)}/${encodeURIComponent(fileId)}`,
  removeFile: (id: string, fileId: string) =>
    api.delete<{ success: boolean }>(`${files(id)}/${encodeURIComponent(fileId)}`),
  /** The file itself is the body; its name and type ride in the query. */
  attach: (id: string, file: File) =>
    api.post<TaskFile>(`${files(id)}${query({ name: file.name, type: file.type || undefined })}`, file),
};

const files = (id: string) => `/api/v3/tasks/${encodeURIComponent(id)}/files`;

/** Query keys, shared by the screens, the shell's badge and the live updates. */
export const eventKeys = {
  events: ['events'] as const,
  notifications: ['notifications'] as const,
  unseen: ['notifications', 'count'] as const,
  tasks: ['tasks'] as const,
};
