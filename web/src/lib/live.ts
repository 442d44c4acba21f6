/** A live event from the server (server/src/live/bus.ts); `kind` says which. */
export type LiveMessage = { kind: string; unitId?: number; organizationId?: number; [key: string]: unknown };

type Listener = (message: LiveMessage) => void;
const listeners = new Set<Listener>();

/** Subscribes to live events; returns the unsubscribe function. */
export function onLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * What the page shows: the server sends the samples of these organizations and units only (null:
 * all the user may see). Other events are not narrowed. Sent on every open and on each change.
 */
export type LiveSubscription = { organizations: readonly number[] | null; units: readonly number[] | null };
let subscription: LiveSubscription = { organizations: null, units: null };
const subscribeMessage = () => JSON.stringify({ kind: 'subscribe', ...subscription });
/** The sockets open now (one in the app), which hear of a new subscription at once. */
const openSockets = new Set<WebSocket>();

/** Says what the page shows (see LiveSubscription). */
export function subscribeLive(next: LiveSubscription) {
  subscription = next;
  const text = subscribeMessage();
  for (const ws of openSockets) ws.send(text);
}

export const CLOSE_SESSION_ENDED = 4401;
/** The first reconnection delay, doubled after each failure up to MAX_DELAY_MS. */
export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 30_000;
/** Silence for this many of the server's heartbeat intervals (its `hello` says which) ends the socket. */
const SILENT_HEARTBEATS = 2.5;

type LiveHandlers = {
  status: (s: 'connecting' | 'live' | 'offline') => void;
  /** The server ended the socket because the session ended (close code 4401). */
  sessionEnded: () => void;
  /**
   * Open again after a drop (not on the first open): what was pushed meanwhile was missed, so
   * the page re-reads what live push keeps current.
   */
  reconnected?: () => void;
  /** An attempt failed before it opened: the server is down, or refused the session (401). */
  attemptFailed?: () => void;
};

/**
 * Keeps one WebSocket to /api/v3/live open for a tab left open for days: it reconnects by itself
 * with a growing delay (1 s … 30 s), at once when the browser comes back online or the tab is
 * shown again, and also when the server has been silent for 2.5 of its 30 s heartbeats (a
 * connection a proxy or a sleeping laptop dropped without a close). Returns a function that
 * closes it for good.
 */
export function connectLive(handlers: LiveHandlers, win: Window = window) {
  /** The current attempt: its socket and whether it opened. */
  let current: { ws: WebSocket; opened: boolean } | undefined;
  let delay = FIRST_DELAY_MS;
  let stopped = false;
  let dropped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  let silenceMs = 0;

  const detach = (ws: WebSocket) => {
    openSockets.delete(ws);
    ws.onopen = ws.onmessage = ws.onclose = null;
    if (ws.readyState !== WebSocket.CLOSED) ws.close();
  };
  /** The attempt is over (closed by either side, or given up on as silent): try again later. */
  const ended = (attempt: typeof current, code: number) => {
    if (stopped || !attempt || attempt !== current) return;
    detach(attempt.ws);
    current = undefined;
    clearTimeout(watchdog);
    handlers.status('offline');
    if (code === CLOSE_SESSION_ENDED) {
      stopped = true; // for good: coming back online or to the tab does not reopen it
      return handlers.sessionEnded();
    }
    dropped = true;
    if (!attempt.opened) handlers.attemptFailed?.();
    timer = setTimeout(open, delay);
    delay = Math.min(delay * 2, MAX_DELAY_MS);
  };
  const open = () => {
    clearTimeout(timer);
    timer = undefined;
    handlers.status('connecting');
    const scheme = win.location.protocol === 'https:' ? 'wss' : 'ws';
    const attempt = { ws: new WebSocket(`${scheme}://${win.location.host}/api/v3/live`), opened: false };
    current = attempt;
    const heard = () => {
      clearTimeout(watchdog);
      if (silenceMs > 0) watchdog = setTimeout(() => ended(attempt, 1006), silenceMs);
    };
    attempt.ws.onopen = () => {
      attempt.opened = true;
      openSockets.add(attempt.ws);
      attempt.ws.send(subscribeMessage());
      delay = FIRST_DELAY_MS;
      handlers.status('live');
      if (dropped) handlers.reconnected?.();
    };
    attempt.ws.onmessage = (e) => {
      const message = JSON.parse(String(e.data)) as LiveMessage;
      if (message.kind === 'hello' && typeof message.heartbeatMs === 'number' && message.heartbeatMs > 0) {
        silenceMs = message.heartbeatMs * SILENT_HEARTBEATS;
      }
      heard();
      if (message.kind === 'heartbeat') return;
      for (const l of listeners) l(message);
    };
    attempt.ws.onclose = (e) => ended(attempt, e.code);
  };
  /** Back online, or the tab shown again: a waiting reconnection happens now. */
  const wake = () => {
    if (stopped || current || win.document.visibilityState === 'hidden') return;
    delay = FIRST_DELAY_MS;
    open();
  };
  const onVisibility = () => {
    if (win.document.visibilityState === 'visible') wake();
  };
  win.addEventListener('online', wake);
  win.document.addEventListener('visibilitychange', onVisibility);
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(watchdog);
    win.removeEventListener('online', wake);
    win.document.removeEventListener('visibilitychange', onVisibility);
    if (current) detach(current.ws);
    current = undefined;
  };
}
