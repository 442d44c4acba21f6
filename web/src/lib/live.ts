/** A live event from the server (server/src/live/bus.ts); `kind` says which. */
export type LiveMessage = { kind: string; unitId?: number; organizationId?: number; [key: string]: unknown };

type Listener = (message: LiveMessage) => void;
const listeners = new Set<Listener>();

/** Subscribes to live events; returns the unsubscribe function. */
export function onLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const CLOSE_SESSION_ENDED = 4401;

/**
 * Keeps one WebSocket to /api/v3/live open, reconnecting with a growing delay (1 s … 30 s).
 * Returns a function that closes it for good.
 */
export function connectLive(handlers: {
  status: (s: 'connecting' | 'live' | 'offline') => void;
  sessionEnded: () => void;
}) {
  let socket: WebSocket | undefined;
  let delay = 1000;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    handlers.status('connecting');
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${location.host}/api/v3/live`);
    socket.onopen = () => {
      delay = 1000;
      handlers.status('live');
    };
    socket.onmessage = (e) => {
      const message = JSON.parse(String(e.data)) as LiveMessage;
      for (const l of listeners) l(message);
    };
    socket.onclose = (e) => {
      if (stopped) return;
      handlers.status('offline');
      if (e.code === CLOSE_SESSION_ENDED) return handlers.sessionEnded();
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, 30_000);
    };
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
  };
}
