import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_SESSION_ENDED, connectLive, type LiveMessage, MAX_DELAY_MS, onLive, subscribeLive } from './live.ts';

/** A WebSocket the test drives: it opens, speaks and closes when told. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closedByPage = false;
  sent: string[] = [];
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  send(text: string) {
    this.sent.push(text);
  }
  say(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The server or the network ends it. */
  drop(code = 1006) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
  close() {
    this.closedByPage = true;
    this.readyState = FakeSocket.CLOSED;
  }
}

const latest = () => FakeSocket.all.at(-1) as FakeSocket;
let stop: () => void = () => {};
const track = () => {
  const h = { status: [] as string[], sessionEnded: vi.fn(), reconnected: vi.fn(), attemptFailed: vi.fn() };
  stop = connectLive({
    status: (s) => h.status.push(s),
    sessionEnded: h.sessionEnded,
    reconnected: h.reconnected,
    attemptFailed: h.attemptFailed,
  });
  return h;
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('live connection of a long-lived tab', () => {
  it('opens /api/v3/live and says live; the first open is not a reconnection', () => {
    const h = track();
    expect(latest().url).toBe(`ws://${location.host}/api/v3/live`);
    latest().open();
    expect(h.status).toEqual(['connecting', 'live']);
    expect(h.reconnected).not.toHaveBeenCalled();
  });

  it('reconnects by itself after a drop, and says it reconnected once it is open again', async () => {
    const h = track();
    latest().open();
    latest().drop();
    expect(h.status.at(-1)).toBe('offline');
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(h.reconnected).not.toHaveBeenCalled();
    latest().open();
    expect(h.status.at(-1)).toBe('live');
    expect(h.reconnected).toHaveBeenCalledOnce();
    expect(h.attemptFailed).not.toHaveBeenCalled();
  });

  it('waits longer after each failed attempt (1 s, 2 s, 4 s … 30 s) and from 1 s again once open', async () => {
    const h = track();
    latest().open();
    latest().drop();
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = FakeSocket.all.length;
      let waited = 0;
      while (FakeSocket.all.length === before) {
        await vi.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      waits.push(waited);
      latest().drop(); // the server is still down: the attempt fails before it opens
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, MAX_DELAY_MS, MAX_DELAY_MS]);
    expect(h.attemptFailed).toHaveBeenCalledTimes(7);

    await vi.advanceTimersByTimeAsync(MAX_DELAY_MS);
    latest().open();
    expect(h.reconnected).toHaveBeenCalledOnce();
    latest().drop();
    const before = FakeSocket.all.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all.length).toBe(before + 1);
  });

  it('stops for good when the server ends the socket for the ended session', async () => {
    const h = track();
    latest().open();
    latest().drop(CLOSE_SESSION_ENDED);
    expect(h.sessionEnded).toHaveBeenCalledOnce();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(10 * MAX_DELAY_MS);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('reconnects at once when the browser is back online, instead of waiting out the delay', async () => {
    const h = track();
    latest().open();
    latest().drop();
    await vi.advanceTimersByTimeAsync(1000);
    latest().drop();
    await vi.advanceTimersByTimeAsync(2000);
    latest().drop(); // next attempt in 4 s
    expect(FakeSocket.all).toHaveLength(3);
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(4);
    latest().open();
    expect(h.reconnected).toHaveBeenCalledOnce();
    // Online while open changes nothing.
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('gives up on a silent socket after 2.5 heartbeats and reconnects; heartbeats are not passed on', async () => {
    const heard: LiveMessage[] = [];
    const off = onLive((m) => heard.push(m));
    const h = track();
    const first = latest();
    first.open();
    first.say({ kind: 'hello', organizations: [1], heartbeatMs: 30_000 });
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(30_000);
      first.say({ kind: 'heartbeat' });
    }
    first.say({ kind: 'alarm', unitId: 7 });
    expect(heard.map((m) => m.kind)).toEqual(['hello', 'alarm']);
    expect(h.status.at(-1)).toBe('live');

    await vi.advanceTimersByTimeAsync(74_999);
    expect(first.closedByPage).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(first.closedByPage).toBe(true);
    expect(h.status.at(-1)).toBe('offline');
    // Its late close event is not a second drop.
    first.drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    expect(h.reconnected).toHaveBeenCalledOnce();
    off();
  });

  it('closes for good when stopped: no reconnection, no handlers', async () => {
    const h = track();
    latest().open();
    stop();
    expect(latest().closedByPage).toBe(true);
    latest().drop();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(10 * MAX_DELAY_MS);
    expect(FakeSocket.all).toHaveLength(1);
    expect(h.status).toEqual(['connecting', 'live']);
  });
});

describe('live subscription', () => {
  const subscribe = (organizations: number[] | null, units: number[] | null) => ({
    kind: 'subscribe',
    organizations,
    units,
  });
  const said = (ws: FakeSocket) => ws.sent.map((t) => JSON.parse(t));
  afterEach(() => subscribeLive({ organizations: null, units: null }));

  it('says what the page shows on every open, and at once when it changes', async () => {
    subscribeLive({ organizations: [3, 5], units: null });
    track();
    expect(latest().sent).toEqual([]);
    latest().open();
    expect(said(latest())).toEqual([subscribe([3, 5], null)]);
    subscribeLive({ organizations: [3], units: [7] });
    expect(said(latest()).at(-1)).toEqual(subscribe([3], [7]));
    // A new socket after a drop is told the current subscription; the dropped one hears nothing more.
    const first = latest();
    first.drop();
    subscribeLive({ organizations: [4], units: null });
    expect(first.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    latest().open();
    expect(said(latest())).toEqual([subscribe([4], null)]);
  });
});
