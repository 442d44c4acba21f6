import type { TaskRecord, TaskStatus, TaskUpdateBody } from '@fieldwatch/core';
import { useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { errorText } from '@/lib/errorText.ts';
import { eventApi, eventKeys, taskApi } from '@/lib/eventsApi.ts';
import { queryClient } from '@/lib/query.ts';
import { toast } from '@/lib/toast.ts';

export type TaskWithOrg = TaskRecord & { organizationId?: number };

/**
 * The task screen's queries and changes over the task calls of lib/eventsApi.ts (which the
 * notifications screen shares). Every key starts with eventKeys.tasks, so a change anywhere
 * reloads every task list and view.
 */
const taskKeys = {
  list: (archived: boolean) => [...eventKeys.tasks, archived ? 'archive' : 'mine'] as const,
  one: (id: string) => [...eventKeys.tasks, 'one', id] as const,
  files: (id: string) => [...eventKeys.tasks, 'files', id] as const,
  assignees: (organizationId: number | undefined) => ['assignees', organizationId] as const,
};

const reloadTasks = () => queryClient.invalidateQueries({ queryKey: eventKeys.tasks });
const failed = (e: Error) => toast(errorText(e), 'danger');

export const useTasks = (archived: boolean) =>
  useQuery({ queryKey: taskKeys.list(archived), queryFn: () => taskApi.list(archived) as Promise<TaskWithOrg[]> });

export const useTask = (id: string) =>
  useQuery({ queryKey: taskKeys.one(id), queryFn: () => taskApi.get(id) as Promise<TaskWithOrg> });

/** Who a task of the organization can be given to; asked only when `enabled`. */
export const useAssignees = (organizationId: number | undefined, enabled: boolean) =>
  useQuery({
    queryKey: taskKeys.assignees(organizationId),
    queryFn: () => taskApi.assignees(organizationId ?? 0),
    enabled: enabled && organizationId !== undefined,
    staleTime: 60_000,
  });

/** The events linked to a task, each read on its own (an event may be gone). */
export const useLinkedEvents = (ids: readonly string[]) =>
  useQueries({
    queries: ids.map((id) => ({
      queryKey: [...eventKeys.events, id],
      queryFn: () => eventApi.get(id),
      staleTime: 60_000,
    })),
  });

/** A change of one task's fields, assignees or notes; the view shows the answer at once. */
export const useTaskChange = (id: string) =>
  useMutation({
    mutationFn: (body: TaskUpdateBody) => taskApi.update(id, body),
    onSuccess: (updated) => {
      queryClient.setQueryData(taskKeys.one(id), updated);
      void reloadTasks();
    },
    onError: failed,
  });

/** One status for the checked tasks, one after another; the lists reload however it ended. */
export const useBulkStatus = (ids: Iterable<string>, onDone: () => void) =>
  useMutation({
    mutationFn: async (status: TaskStatus) => {
      for (const id of ids) await taskApi.update(id, { status });
    },
    onSuccess: onDone,
    onError: failed,
    onSettled: reloadTasks,
  });

export const useTaskCreation = (onCreated: (id: string) => void) =>
  useMutation({
    mutationFn: taskApi.create,
    onSuccess: (task) => {
      void reloadTasks();
      onCreated(task.id);
    },
    onError: failed,
  });

export const useTaskRemoval = (id: string, onRemoved: () => void) =>
  useMutation({
    mutationFn: () => taskApi.remove(id),
    onSuccess: () => {
      void reloadTasks();
      onRemoved();
    },
    onError: failed,
  });

/** A task's files, with attaching and removing one; the list reloads after each. */
export function useTaskFiles(taskId: string) {
  const files = useQuery({ queryKey: taskKeys.files(taskId), queryFn: () => taskApi.files(taskId) });
  const reload = () => void queryClient.invalidateQueries({ queryKey: taskKeys.files(taskId) });
  const attach = useMutation({
    mutationFn: (file: File) => taskApi.attach(taskId, file),
    onSuccess: reload,
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (fileId: string) => taskApi.removeFile(taskId, fileId),
    onSuccess: reload,
    onError: failed,
  });
  return { files, attach, remove };
}
