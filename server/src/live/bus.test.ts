import { describe, expect, it } from 'vitest';
import { LiveBus } from './bus.ts';

describe('LiveBus ended sessions', () => {
  it('reach the watchers of those sessions only, never the event subscribers', () => {
    const bus = new LiveBus();
    const events: unknown[] = [];
    bus.subscribe((e) => events.push(e));
    const heard: string[] = [];
    bus.watchSession('a', () => heard.push('a'));
    const stopB = bus.watchSession('b', () => heard.push('b'));
    bus.watchSession('c', () => heard.push('c'));
    stopB();
    bus.sessionsEnded(['a', 'b']);
    expect(heard).toEqual(['a']);
    expect(events).toEqual([]);
  });

  it('go through the relay in messages of at most 100 sessions', () => {
    const bus = new LiveBus();
    const sent: unknown[][] = [];
    bus.useRelay({ send: (m) => void (m.kind === 'sessionsEnded' && sent.push(m.sessionIds)) });
    bus.sessionsEnded(Array.from({ length: 250 }, (_, i) => `s${i}`));
    expect(sent.map((ids) => ids.length)).toEqual([100, 100, 50]);
  });
});
