import { useQuery } from '@tanstack/react-query';
import { eventKeys, notificationApi } from '@/lib/eventsApi.ts';
import { useJoinRequests } from '@/lib/joinRequestsApi.ts';

/**
 * What waits for the user, for the shell's bell: unread notifications (live updates refresh them)
 * and, for administrators, people asking to join.
 */
export function useUnseenCount(): number {
  const q = useQuery({ queryKey: eventKeys.unseen, queryFn: notificationApi.count, refetchInterval: 5 * 60_000 });
  const requests = useJoinRequests();
  return (q.data?.unseen ?? 0) + (requests.data?.length ?? 0);
}
