import { canShowParking } from '@fieldwatch/core';
import { useEffect } from 'react';
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
  }, []);
}
