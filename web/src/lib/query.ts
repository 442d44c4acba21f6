import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

/**
 * After a language change the profile has saved: the server's answers hold texts in the language
 * they were asked in (notifications, events, alarm and task texts, weather), so every cached answer
 * is marked stale and those on screen are fetched again.
 */
export const refetchForLanguage = () => queryClient.invalidateQueries();

/** Shortest time between two refetches of one query that live messages ask for. */
export const LIVE_REFETCH_MS = 1_000;
const liveWindows = new WeakMap<QueryClient, Map<string, { again: boolean }>>();

/**
 * A live message made the query's answer out of date: marks it stale (refetched if shown) at once,
 * and the further messages of the next second (or `windowMs`) together once at its end. Each invalidation cancels
 * the fetch under way and starts another, so an alarm storm (1,000 units) refetched the unread
 * count some 60 times in 8 s, each a round trip queued behind the dashboard's own reads.
 */
export function invalidateLive(queryKey: readonly unknown[], client = queryClient, windowMs = LIVE_REFETCH_MS) {
  const windows = liveWindows.get(client) ?? new Map<string, { again: boolean }>();
  liveWindows.set(client, windows);
  const id = JSON.stringify(queryKey);
  const open = windows.get(id);
  if (open) {
    open.again = true;
    return;
  }
  windows.set(id, { again: false });
  void client.invalidateQueries({ queryKey });
  setTimeout(() => {
    const again = windows.get(id)?.again;
    windows.delete(id);
    if (again) invalidateLive(queryKey, client, windowMs);
  }, windowMs);
}
