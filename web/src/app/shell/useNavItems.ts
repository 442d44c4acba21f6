import { canShowParking, isAdministrator } from '@fieldwatch/core';
import { LayoutGrid } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardStore } from '../../stores/dashboards.ts';
import { useUserStore } from '../../stores/user.ts';
import { dashboardItems, managementItems, type NavItem } from './navItems.ts';

/**
 * Navigation entries the signed-in user may use: parking only with a parking customer in view; the
 * dashboards people made themselves after the built-ins, by name.
 */
export function useNavItems(): { dashboards: NavItem[]; own: NavItem[]; management: NavItem[] } {
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
  const language = useTranslation().i18n.language;
  const own = useMemo(() => {
    const collator = new Intl.Collator(language);
    return Object.entries(dashboards)
      .filter(([, d]) => !d.static)
      .map(([id, d]) => ({ key: id, to: `/dashboard/${id}`, icon: LayoutGrid, name: d.name }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [dashboards, language]);
  return { dashboards: dashboardItems.filter(allowed).map(withId), own, management: managementItems.filter(allowed) };
}
