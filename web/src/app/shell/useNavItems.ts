import { canShowParking, isAdministrator } from '@fieldwatch/core';
import { useDashboardStore } from '../../stores/dashboards.ts';
import { useUserStore } from '../../stores/user.ts';
import { dashboardItems, managementItems, type NavItem } from './navItems.ts';

/** Navigation entries the signed-in user may use: parking only with a parking customer in view. */
export function useNavItems(): { dashboards: NavItem[]; management: NavItem[] } {
  const { selectedCustomers, permissions, accessResponse } = useUserStore();
  const allowed = (item: NavItem) => {
    if (item.needs === 'parking') return permissions !== null && canShowParking(selectedCustomers, permissions);
    if (item.needs === 'admin') return accessResponse !== null && isAdministrator(accessResponse);
    return true;
  };
  const dashboards = useDashboardStore((s) => s.dashboards);
  const withId = (item: NavItem) => {
    const id = Object.entries(dashboards).find(([, d]) => d.static === item.builtin)?.[0];
    return id ? { ...item, to: `/dashboard/${id}` } : item;
  };
  return { dashboards: dashboardItems.filter(allowed).map(withId), management: managementItems.filter(allowed) };
}
