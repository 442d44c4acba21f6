import { useEffect } from 'react';
import { customerIds } from '@/features/dashboards/queries.ts';
import { api, notifyUnauthorized } from '@/lib/http.ts';
import { connectLive, subscribeLive } from '@/lib/live.ts';
import { refetchMissedLive } from '@/lib/liveRefetch.ts';
import { queryClient } from '@/lib/query.ts';
import { useLiveStore } from '@/stores/live.ts';
import { useUserStore } from '@/stores/user.ts';

/**
 * Opens the live push connection while the shell is shown (the user is signed in). After a drop
 * (a server restart, the network gone, a laptop asleep) it reconnects by itself and the page
 * re-reads what it may have missed. The session ending is handled as a 401 is: the
 * server closing the socket for it, or a reconnection refused because it ended meanwhile (the
 * attempt fails without saying why, so a small session call asks; a 401 to it goes to login with
 * one toast, a network failure says nothing). A sign-out in this tab ends the session too: its
 * state is cleared first, and the 401 handling says nothing once signed out (app/router.tsx).
 * The socket carries the samples of the selected customers only: the lists and maps show no
 * others, and a customer selected later is read afresh (its queries are keyed by the selection).
 */
export function useLiveConnection() {
  const setStatus = useLiveStore((s) => s.setStatus);
  const selected = useUserStore((s) => s.selectedCustomers);
  useEffect(() => subscribeLive({ organizations: customerIds(selected), units: null }), [selected]);
  useEffect(
    () =>
      connectLive({
        status: setStatus,
        sessionEnded: () => notifyUnauthorized(),
        reconnected: () => void refetchMissedLive(queryClient),
        attemptFailed: () => void api.get('/api/v2/auth').catch(() => {}),
      }),
    [setStatus],
  );
}
