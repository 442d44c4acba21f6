import type { OrganizationSummary } from '@fieldwatch/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2, ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { authApi, userSessionQuery } from '@/lib/api.ts';
import { ApiError } from '@/lib/http.ts';
import { toast } from '@/lib/toast.ts';
import { reloadWorkspace, useDashboardStore } from '@/stores/dashboards.ts';
import { Menu, MenuCheckItem, MenuContent, MenuLabel, MenuTrigger } from '@/ui/Menu.tsx';

/** Depth of each organization in the visible tree, for indentation. */
function depths(orgs: OrganizationSummary[]): Map<number, number> {
  const byId = new Map(orgs.map((o) => [o.id, o]));
  const depth = new Map<number, number>();
  const of = (o: OrganizationSummary): number => {
    const known = depth.get(o.id);
    if (known !== undefined) return known;
    const parent = o.parentOrganizationId === null ? undefined : byId.get(o.parentOrganizationId);
    const d = parent ? of(parent) + 1 : 0;
    depth.set(o.id, d);
    return d;
  };
  for (const o of orgs) of(o);
  return depth;
}

export function OrganizationSwitcher() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const { data } = useQuery(userSessionQuery);
  const switchTo = useMutation({
    mutationFn: authApi.setCurrentOrganization,
    onSuccess: async (session) => {
      client.setQueryData(userSessionQuery.queryKey, session);
      void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'userSession' });
      // The new organization's workspace dashboards replace the previous one's; one of those that
      // is open gives way to the overview.
      const open = /^\/dashboard\/([^/]+)/.exec(location.pathname)?.[1];
      const wasWorkspace = open !== undefined && useDashboardStore.getState().workspace[open];
      await reloadWorkspace().catch(() =>
        toast(t('dashboard.workspaceFailed', { name: session.currentOrganization?.name }), 'danger'),
      );
      if (wasWorkspace && !useDashboardStore.getState().dashboards[open]) navigate('/dashboard/default');
    },
    // A 401 already says 'You have been logged out'; a second toast would only contradict it.
    onError: (e) => {
      if (!(e instanceof ApiError && e.status === 401)) toast(t('errors.organizationSwitch'), 'danger');
    },
  });
  const orgs = data?.organizations ?? [];
  const depth = depths(orgs);
  const labelId = useId();
  return (
    <Menu>
      <MenuTrigger asChild>
        <button
          type="button"
          className="topbar__select"
          data-testid="organization-switcher"
          aria-labelledby={`${labelId}-name ${labelId}`}
        >
          <Building2 size={16} aria-hidden />
          <span id={`${labelId}-name`} className="topbar__select-text">
            {data?.currentOrganization?.name ?? t('shell.organization')}
          </span>
          <ChevronDown size={14} aria-hidden />
        </button>
      </MenuTrigger>
      {/* The name starts with the words on the button (WCAG 2.5.3), then says what it does. */}
      <span id={labelId} hidden>
        {t('shell.switchOrganization')}
      </span>
      <MenuContent align="start">
        <MenuLabel>{t('shell.switchOrganization')}</MenuLabel>
        {orgs.map((o) => (
          <MenuCheckItem
            key={o.id}
            checked={o.id === data?.currentOrganization?.id}
            onCheckedChange={() => switchTo.mutate(o.id)}
          >
            <span style={{ paddingInlineStart: `${(depth.get(o.id) ?? 0) * 14}px` }}>{o.name}</span>
          </MenuCheckItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
