import { fieldsOfTab, type UnitSettings } from '@fieldwatch/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { screenTexts } from '@test/screen.tsx';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from '@/lib/live.ts';
import { queryClient } from '@/lib/query.ts';

// Settings sent to a unit that do not reach it give the 'configuration failed' toast, whether the
// request is refused or the unit answers that it failed; the save itself still stands.
const world = vi.hoisted(() => ({
  toasts: [] as [string, string | undefined][],
  saved: [] as Record<string, unknown>[],
  sendRefusal: '',
  live: new Set<(m: LiveMessage) => void>(),
}));
vi.mock('@/lib/toast.ts', () => ({
  toast: (message: string, variant?: string) => world.toasts.push([message, variant]),
}));
vi.mock('@/lib/live.ts', () => ({
  onLive: (l: (m: LiveMessage) => void) => {
    world.live.add(l);
    return () => world.live.delete(l);
  },
}));
vi.mock('./devicesApi.ts', () => ({
  devicesApi: {
    saveSettings: async (_id: number, patch: Record<string, unknown>) => {
      world.saved.push(patch);
      return patch;
    },
    run: async (_id: number, operation: string) => {
      if (world.sendRefusal) throw new Error(world.sendRefusal);
      return { seq: 1, operation, state: 'requested' };
    },
    operations: async () => [],
  },
}));

const { SettingsForm } = await import('./SettingsForm.tsx');
const { useOperations } = await import('./useOperations.ts');

const UNIT = 5;
function Panel() {
  useOperations(UNIT);
  return <SettingsForm unitId={UNIT} fields={fieldsOfTab('schedule')} settings={{} as UnitSettings} canEdit canSend />;
}
const open = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <Panel />
    </QueryClientProvider>,
  );
const saveAndSend = () => {
  fireEvent.change(screen.getByLabelText('Report every'), { target: { value: '30' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save and send to unit' }));
};
const answer = (operation: string, message: string) => {
  for (const l of world.live) l({ kind: 'operation', unitId: UNIT, seq: 1, operation, state: 'failed', message });
};

beforeAll(async () => {
  await screenTexts();
});
beforeEach(() => Object.assign(world, { toasts: [], saved: [], sendRefusal: '' }));
afterEach(cleanup);

describe('sending settings to a unit', () => {
  it('says the configuration failed when the send is refused, and keeps the save', async () => {
    world.sendRefusal = 'Unit is offline';
    open();
    saveAndSend();
    await waitFor(() => expect(world.toasts).toEqual([['Configuration failed: Unit is offline', 'danger']]));
    expect(world.saved).toEqual([{ Schedule: 30 }]);
  });

  it('says the configuration failed when the unit answers that sending failed', async () => {
    open();
    saveAndSend();
    await waitFor(() => expect(world.toasts).toEqual([['Send settings requested', 'info']]));
    answer('send_settings', '');
    answer('send_settings', 'checksum mismatch');
    answer('restart', 'no answer');
    expect(world.toasts.slice(1)).toEqual([
      ['Configuration failed', 'danger'],
      ['Configuration failed: checksum mismatch', 'danger'],
      ['Restart failed: no answer', 'danger'],
    ]);
  });
});
