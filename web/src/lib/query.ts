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
