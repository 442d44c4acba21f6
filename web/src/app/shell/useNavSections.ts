import { canShowParking, isAdministrator } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { Building2, LayoutGrid } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { userSessionQuery } from '@/lib/api.ts';
import { builtinId, useDashboardStore } from '@/stores/dashboards.ts';
import { useUserStore } from '@/stores/user.ts';
import { dashboardItems, managementItems, type NavItem } from './navItems.ts';

type NavSection = { title: string; items: NavItem[] };

/**
 * The navigation's sections for the signed-in user: the built-in dashboards (parking only with a
 * parking customer in view), the dashboards they made themselves, those of the current
 * organization's workspace (titled with its name), and management (administration for
 * administrators). Empty sections are left out.
 */
export function useNavSections(): NavSection[] {
  const { t, i18n } = useTranslation();
  const { selectedCustomers, permissions, accessResponse } = useUserStore();
  const allowed = (item: NavItem) => {
    if (item.needs === 'parking') return permissions !== null && canShowParking(selectedCustomers, permissions);
    if (item.needs === 'admin') return accessResponse !== null && isAdministrator(accessResponse);
    return true;
  };
  const dashboards = useDashboardStore((s) => s.dashboards);
  const workspace = useDashboardStore((s) => s.workspace);
  const organization = useQuery(userSessionQuery).data?.currentOrganization?.name;
  const withId = (item: NavItem) => {
    const id = item.builtin && builtinId(item.builtin);
    return id ? { ...item, to: `/dashboard/${id}` } : item;
  };
  const [own, shared] = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    const named = (inWorkspace: boolean) =>
      Object.entries(dashboards)
        .filter(([id, d]) => (inWorkspace ? workspace[id] : !d.static && !workspace[id]))
        .map(([id, d]) => ({
          key: id,
          to: `/dashboard/${id}`,
          icon: inWorkspace ? Building2 : LayoutGrid,
          name: d.name,
        }))
        .sort((a, b) => collator.compare(a.name, b.name));
    return [named(false), named(true)];
  }, [dashboards, workspace, i18n.language]);
  return [
    { title: t('nav.dashboards'), items: dashboardItems.filter(allowed).map(withId) },
    { title: t('nav.ownDashboards'), items: own },
    { title: t('nav.workspaceDashboards', { name: organization ?? t('shell.organization') }), items: shared },
    { title: t('nav.management'), items: managementItems.filter(allowed) },
  ].filter((s) => s.items.length > 0);
}
