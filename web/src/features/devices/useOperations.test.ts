import { describe, expect, it } from 'vitest';
import { latestByOperation } from './useOperations.ts';

const op = (seq: number, operation: string, state: 'requested' | 'succeeded' | 'failed') => ({
  seq,
  operation,
  state,
  message: '',
  requestedAt: '2026-01-01T00:00:00Z',
  finishedAt: null,
});

describe('operations panel state', () => {
  it('shows the newest run of each operation', () => {
    const latest = latestByOperation([
      op(5, 'get_data', 'requested'),
      op(4, 'restart', 'failed'),
      op(3, 'get_data', 'succeeded'),
    ]);
    expect(latest.get('get_data')?.seq).toBe(5);
    expect(latest.get('restart')?.state).toBe('failed');
    expect(latest.has('sync_clock')).toBe(false);
  });
});
