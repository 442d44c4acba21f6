import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventKeys } from './eventsApi.ts';
import { invalidateLive, LIVE_REFETCH_MS } from './query.ts';

// Live messages that make a shown answer stale: a storm of them refetches it once a second, not once each.
let client: QueryClient;
let reads: number;
let observer: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  reads = 0;
  const count = new QueryObserver(client, {
    queryKey: eventKeys.unseen,
    queryFn: async () => ({ unseen: ++reads }),
  });
  observer = count.subscribe(() => {});
});
afterEach(() => {
  observer();
  client.clear();
  vi.useRealTimers();
});

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('invalidateLive', () => {
  it('refetches a shown query at once on the first message', async () => {
    await settle();
    expect(reads).toBe(1);
    invalidateLive(eventKeys.notifications, client);
    await settle();
    expect(reads).toBe(2);
  });

  it('gathers the messages of the following second into one refetch at its end', async () => {
    await settle();
    for (let i = 0; i < 60; i++) invalidateLive(eventKeys.notifications, client);
    await settle();
    expect(reads).toBe(2);
    await vi.advanceTimersByTimeAsync(LIVE_REFETCH_MS - 1);
    expect(reads).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toBe(3);
    // The answer read last is the one after the last message.
    expect(client.getQueryData(eventKeys.unseen)).toEqual({ unseen: 3 });
    // Nothing more arrived: no further refetch.
    await vi.advanceTimersByTimeAsync(5 * LIVE_REFETCH_MS);
    expect(reads).toBe(3);
  });

  it('keeps each query key to its own pace', async () => {
    await settle();
    invalidateLive(eventKeys.events, client);
    invalidateLive(eventKeys.notifications, client);
    await settle();
    expect(reads).toBe(2);
  });
});
