import { useMutation, useQuery } from '@tanstack/react-query';
import { errorText } from '@/lib/errorText.ts';
import { eventApi, eventKeys, notificationApi, taskApi } from '@/lib/eventsApi.ts';
import { queryClient } from '@/lib/query.ts';
import { toast } from '@/lib/toast.ts';

/**
 * The notification centre's queries and changes over the event calls of lib/eventsApi.ts (whose
 * keys the live updates refresh). The shell's bell count is useUnseenCount.ts: it loads with the
 * shell, these with the page.
 */

export const useNotifications = () =>
  useQuery({ queryKey: eventKeys.notifications, queryFn: () => notificationApi.list() });

export const useEvents = () => useQuery({ queryKey: eventKeys.events, queryFn: () => eventApi.list() });

/** The open tasks, to find the one an event belongs to. */
export const useOpenTasks = () =>
  useQuery({ queryKey: [...eventKeys.tasks, 'open'], queryFn: () => taskApi.list(false) });

const failed = (e: Error) => toast(errorText(e), 'danger');

/** Marks these notifications seen (all of them without ids). */
export const useMarkSeen = () =>
  useMutation({
    mutationFn: (ids?: string[]) => notificationApi.markSeen(ids),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.notifications }),
    onError: failed,
  });

/**
 * Acknowledges the event with a comment. Acknowledged means handled: the server marked this user's
 * notification of it seen, so events, tasks and notifications are read again.
 */
export const useAcknowledge = (eventId: string, onDone: () => void) =>
  useMutation({
    mutationFn: (comment: string) => eventApi.acknowledge(eventId, comment),
    onSuccess: () => {
      onDone();
      void queryClient.invalidateQueries({ queryKey: eventKeys.events });
      void queryClient.invalidateQueries({ queryKey: eventKeys.tasks });
      void queryClient.invalidateQueries({ queryKey: eventKeys.notifications });
    },
    onError: failed,
  });
