import { builtinDashboard, canShowParking, isBuiltinKey, OVERVIEW_KEY } from '@fieldwatch/core';
import { useEffect } from 'react';
import { prefetchDashboardData } from '@/features/dashboards/queries.ts';
import { preloadWidgetCode } from '@/features/dashboards/widgetTypes.ts';
import { loadDashboards, useDashboardStore } from '@/stores/dashboards.ts';
import { resumeAutoRefresh } from '@/stores/devices.ts';
import { useUserStore } from '@/stores/user.ts';

/**
 * Session start-up for a signed-in user: load the dashboards (creating missing
 * built-ins). Called as the app's code starts (start.tsx), before the shell and the screen have
 * loaded and rendered, and again by the shell; a second call while loading or after does nothing.
 */
export function startSession(path = window.location.pathname) {
  if (useDashboardStore.getState().hasLoaded) return;
  const { selectedCustomers, permissions } = useUserStore.getState();
  // The error is logged by the store; the page shows its own state.
  const loaded = loadDashboards(permissions !== null && canShowParking(selectedCustomers, permissions)).catch(() => {});
  // A first screen that is a dashboard gets the fleet's data requested now, beside the dashboards,
  // and a built-in one its widgets' code too: each would otherwise wait for the one before it.
  const dashboard = /^\/dashboard\/([^/]+)/.exec(path)?.[1];
  if (!dashboard) return;
  const key = dashboard === 'default' ? OVERVIEW_KEY : dashboard;
  if (isBuiltinKey(key)) {
    const builtin = builtinDashboard(key);
    prefetchDashboardData(builtin);
    preloadWidgetCode(Object.values(builtin.widgets).map((w) => w.component));
    return;
  }
  // A dashboard by its id (where the app's links lead) is known once the dashboards have loaded:
  // the overview's reads differ from the other dashboards' (no unit's row).
  void loaded.then(() => {
    const found = useDashboardStore.getState().dashboards[dashboard];
    if (!found) return;
    prefetchDashboardData(found);
    preloadWidgetCode(Object.values(found.widgets).map((w) => w.component));
  });
}

/** The shell's start: the session's reads (if not started yet) and the device refresh timer if it was on. */
export function useStartup() {
  useEffect(() => {
    resumeAutoRefresh();
    startSession();
  }, []);
}
