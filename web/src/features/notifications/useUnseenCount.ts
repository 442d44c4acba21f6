import { useQuery } from '@tanstack/react-query';
import { eventKeys, notificationApi } from '../../lib/eventsApi.ts';

/** The user's unread notifications, for the shell's bell; live updates refresh it. */
export function useUnseenCount(): number {
  const q = useQuery({ queryKey: eventKeys.unseen, queryFn: notificationApi.count, refetchInterval: 5 * 60_000 });
  return q.data?.unseen ?? 0;
}
