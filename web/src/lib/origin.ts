import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { dashboardTitle } from '@/i18n/dashboardTitle.ts';
import { overviewId, useDashboardStore } from '@/stores/dashboards.ts';

/** What a link to a detail page carries in its history entry: the in-app page it was opened from. */
export type OriginState = { from: string };

/** The state for a link from the current page, so the page it opens can lead back here. */
export function useOriginState(): OriginState {
  const { pathname, search } = useLocation();
  return { from: pathname + search };
}

const DASHBOARD_PATH = /^\/dashboard\/([^/?#]+)/;

/**
 * The way back: the page that opened this one, named as that page names itself (a dashboard by
 * its name, another page by its title); without one (a typed or shared address), the overview.
 */
export function useBackLink(): { to: string; label: string } {
  const { t, i18n } = useTranslation();
  const { state } = useLocation();
  const dashboards = useDashboardStore((s) => s.dashboards);
  const from = (state as Partial<OriginState> | null)?.from;
  const overviewKey = overviewId();
  const overview = overviewKey ? dashboards[overviewKey] : undefined;
  const home = { to: '/dashboard/default', label: overview ? dashboardTitle(t, overview.name) : t('nav.overview') };
  // Only a path of this app: never another site, never a radar page (a radar opens no radar).
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/radar/')) {
    return home;
  }
  const dashboardId = DASHBOARD_PATH.exec(from)?.[1];
  if (dashboardId) {
    const dashboard = dashboards[dashboardId];
    return { to: from, label: dashboard ? dashboardTitle(t, dashboard.name) : t('pages.dashboard') };
  }
  const page = `pages.${from.slice(1).split(/[/?#]/)[0]}`;
  return i18n.exists(page) ? { to: from, label: t(page) } : home;
}
