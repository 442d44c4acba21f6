import type { RelayView } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import {
  canSwitch,
  initialRelay,
  outputsOf,
  type RelayEvent,
  type RelayMachine,
  relayReducer,
  withOutput,
} from './relayMachine.ts';

const view = (over: Partial<RelayView> = {}): RelayView => ({
  state: '1010',
  status: 'ready',
  requested: null,
  seq: null,
  message: '',
  ...over,
});
const run = (events: RelayEvent[], from: RelayMachine = initialRelay) => events.reduce(relayReducer, from);
const ready = run([{ type: 'loaded', view: view() }]);

describe('relay state machine', () => {
  it('starts initializing and is ready with the reported outputs after the first read', () => {
    expect(initialRelay.phase).toBe('initializing');
    expect(canSwitch(initialRelay)).toBe(false);
    expect(ready).toMatchObject({ phase: 'ready', confirmed: '1010', shown: '1010' });
    expect(canSwitch(ready)).toBe(true);
  });

  it('stays initializing while the unit never reported, until its first relay report', () => {
    const m = run([{ type: 'loaded', view: view({ state: null, status: 'initializing' }) }]);
    expect(m.phase).toBe('initializing');
    expect(run([{ type: 'reported', state: '01' }], m)).toMatchObject({ phase: 'ready', shown: '01' });
  });

  it('is pending with the requested outputs shown, then confirmed by the operation result', () => {
    const sent = run([{ type: 'send', state: '0010' }], ready);
    expect(sent).toMatchObject({ phase: 'pending', shown: '0010', confirmed: '1010', seq: null });
    expect(canSwitch(sent)).toBe(false);
    // A second switch while pending is ignored.
    expect(relayReducer(sent, { type: 'send', state: '1111' })).toBe(sent);
    const accepted = relayReducer(sent, { type: 'accepted', seq: 7 });
    expect(accepted).toMatchObject({ phase: 'pending', seq: 7 });
    // Another command's result does not settle this one.
    expect(relayReducer(accepted, { type: 'operation', seq: 6, ok: false, message: 'x' })).toBe(accepted);
    const done = relayReducer(accepted, { type: 'operation', seq: 7, ok: true, message: '' });
    expect(done).toMatchObject({ phase: 'ready', confirmed: '0010', shown: '0010', seq: null });
  });

  it("is confirmed by the unit's relay report of the requested outputs", () => {
    const m = run(
      [
        { type: 'send', state: '0010' },
        { type: 'accepted', seq: 3 },
        { type: 'reported', state: '0010' },
      ],
      ready,
    );
    expect(m).toMatchObject({ phase: 'ready', confirmed: '0010', shown: '0010' });
    // The late result of the settled command changes nothing.
    expect(relayReducer(m, { type: 'operation', seq: 3, ok: true, message: '' })).toBe(m);
  });

  it('applies a result that arrived before the sequence number was known', () => {
    const m = run(
      [
        { type: 'send', state: '0000' },
        { type: 'operation', seq: 9, ok: false, message: 'unit busy' },
        { type: 'accepted', seq: 9 },
      ],
      ready,
    );
    expect(m).toMatchObject({ phase: 'error', failure: 'unit busy', shown: '0000' });
  });

  it('goes to error on a failed result, a rejected request or a time-out, then resets to the confirmed outputs', () => {
    const pending = run(
      [
        { type: 'send', state: '0110' },
        { type: 'accepted', seq: 4 },
      ],
      ready,
    );
    const failed = relayReducer(pending, { type: 'operation', seq: 4, ok: false, message: 'unit has no relays' });
    expect(failed).toMatchObject({ phase: 'error', failure: 'unit has no relays', shown: '0110' });
    expect(canSwitch(failed)).toBe(false);
    expect(relayReducer(pending, { type: 'timeout', seq: 4 }).phase).toBe('error');
    // A time-out of an older command does not fail this one.
    expect(relayReducer(pending, { type: 'timeout', seq: 3 })).toBe(pending);
    const rejected = run(
      [
        { type: 'send', state: '0110' },
        { type: 'rejected', message: 'forbidden' },
      ],
      ready,
    );
    expect(rejected).toMatchObject({ phase: 'error', failure: 'forbidden' });

    const resetting = relayReducer(failed, { type: 'reset' });
    expect(resetting).toMatchObject({ phase: 'resetting', shown: '1010', requested: null });
    const back = relayReducer(resetting, {
      type: 'loaded',
      view: view({ status: 'error', message: 'unit has no relays' }),
    });
    expect(back).toMatchObject({ phase: 'ready', shown: '1010', failure: 'unit has no relays' });
    // The next switch clears the failure.
    expect(relayReducer(back, { type: 'send', state: '1011' }).failure).toBe('');
    // A failed re-read keeps the confirmed outputs on screen.
    expect(relayReducer(resetting, { type: 'loadFailed' })).toMatchObject({ phase: 'ready', shown: '1010' });
  });

  it('keeps a new report while pending or in error as the confirmed state for the reset', () => {
    const failed = run(
      [
        { type: 'send', state: '1111' },
        { type: 'reported', state: '0000' },
        { type: 'rejected', message: '' },
      ],
      ready,
    );
    expect(failed).toMatchObject({ phase: 'error', confirmed: '0000' });
    expect(relayReducer(failed, { type: 'reset' }).shown).toBe('0000');
  });

  it("shows another user's command under way after a read as pending", () => {
    const m = run([{ type: 'loaded', view: view({ status: 'pending', requested: '0000', seq: 12 }) }]);
    expect(m).toMatchObject({ phase: 'pending', shown: '0000', seq: 12, confirmed: '1010' });
    expect(relayReducer(m, { type: 'operation', seq: 12, ok: true, message: '' })).toMatchObject({
      phase: 'ready',
      shown: '0000',
    });
  });

  it('ignores malformed states', () => {
    expect(relayReducer(ready, { type: 'send', state: '12' })).toBe(ready);
    expect(relayReducer(ready, { type: 'reported', state: '' })).toBe(ready);
    expect(run([{ type: 'loaded', view: view({ state: 'xx' }) }]).phase).toBe('initializing');
  });
});

describe('relay helpers', () => {
  it('reads and switches outputs', () => {
    expect(outputsOf('101')).toEqual([true, false, true]);
    expect(outputsOf(null)).toEqual([]);
    expect(withOutput('1010', 1, true)).toBe('1110');
    expect(withOutput('1010', 0, false)).toBe('0010');
    expect(withOutput('1010', 9, true)).toBe('1010');
  });
});
