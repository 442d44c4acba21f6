import { useEffect } from 'react';
import { notifyUnauthorized } from '../../lib/http.ts';
import { connectLive } from '../../lib/live.ts';
import { useLiveStore } from '../../stores/live.ts';

/** Opens the live push connection while the shell is shown (the user is signed in). */
export function useLiveConnection() {
  const setStatus = useLiveStore((s) => s.setStatus);
  useEffect(() => connectLive({ status: setStatus, sessionEnded: notifyUnauthorized }), [setStatus]);
}
