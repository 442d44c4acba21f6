import { canShowParking, OVERVIEW_KEY } from '@fieldwatch/core';
import { useEffect } from 'react';
import { prefetchDashboardData } from '../../features/dashboards/queries.ts';
import { loadDashboards, useDashboardStore } from '../../stores/dashboards.ts';
import { resumeAutoRefresh } from '../../stores/devices.ts';
import { useUserStore } from '../../stores/user.ts';

/**
 * Session start-up of spec §4 for a signed-in user: load the dashboards (creating missing
 * built-ins) and restart the device refresh timer if refresh was active.
 */
export function useStartup() {
  useEffect(() => {
    resumeAutoRefresh();
    if (useDashboardStore.getState().hasLoaded) return;
    const { selectedCustomers, permissions } = useUserStore.getState();
    // The error is logged by the store; the page shows its own state.
    loadDashboards(permissions !== null && canShowParking(selectedCustomers, permissions)).catch(() => {});
    // A first screen that is a dashboard gets the fleet's data requested now, while the dashboards
    // and the widgets' code load (issue 10); after the dashboards, which PGlite's one connection
    // would otherwise answer only after these large reads.
    const dashboard = /^\/dashboard\/([^/]+)/.exec(window.location.pathname)?.[1];
    if (dashboard) prefetchDashboardData(dashboard === 'default' || dashboard === OVERVIEW_KEY);
  }, []);
}
