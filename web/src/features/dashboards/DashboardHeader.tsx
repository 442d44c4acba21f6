import type { DashboardModel } from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { Check, ChevronDown, Pencil, Plus, RefreshCw, Timer, TimerOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dashboardTitle } from '@/i18n/dashboardTitle.ts';
import { userSessionQuery } from '@/lib/api.ts';
import { useDashboardStore } from '@/stores/dashboards.ts';
import { refreshDevices, toggleAutoRefresh, useDeviceStore } from '@/stores/devices.ts';
import { Button, IconButton } from '@/ui/Button.tsx';
import { Menu, MenuContent, MenuGroup, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '@/ui/Menu.tsx';
import { NewDashboardDialog } from './DashboardDialogs.tsx';
import { TimeRangePicker } from './TimeRangePicker.tsx';

/** Title with the dashboard switcher, the date interval, refresh and the edit toggle. */
export function DashboardHeader({
  id,
  dashboard,
  editing,
  onEditingChange,
}: {
  id: string;
  dashboard: DashboardModel;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dashboards = useDashboardStore((s) => s.dashboards);
  const workspace = useDashboardStore((s) => s.workspace);
  const organization = useQuery(userSessionQuery).data?.currentOrganization?.name;
  const entries = Object.entries(dashboards);
  const groups = [
    { label: t('dashboard.dashboards'), list: entries.filter(([key]) => !workspace[key]) },
    {
      label: t('nav.workspaceDashboards', { name: organization ?? t('shell.organization') }),
      list: entries.filter(([key]) => workspace[key]),
    },
  ].filter((g) => g.list.length > 0);
  const autoRefresh = useDeviceStore((s) => s.autoRefresh);
  const [creating, setCreating] = useState(false);
  const title = dashboardTitle(t, dashboard.name);
  const switchLabel = useId();

  return (
    <div className="dashboard__head">
      <Menu>
        <MenuTrigger asChild>
          <button type="button" className="dashboard__switcher" aria-labelledby={`page-title ${switchLabel}`}>
            <h1 id="page-title" className="page__title">
              {title}
            </h1>
            <ChevronDown size={18} aria-hidden />
          </button>
        </MenuTrigger>
        {/* The name starts with the visible title (WCAG 2.5.3), then says what the button does. */}
        <span id={switchLabel} hidden>
          {t('dashboard.switch')}
        </span>
        <MenuContent align="start">
          {groups.map(({ label, list }) => (
            <MenuGroup key={label}>
              <MenuLabel>{label}</MenuLabel>
              {list.map(([otherId, d]) => (
                <MenuItem key={otherId} onSelect={() => navigate(`/dashboard/${otherId}`)}>
                  <bdi>{dashboardTitle(t, d.name)}</bdi>
                  {otherId === id && <span className="menu__check">✓</span>}
                </MenuItem>
              ))}
            </MenuGroup>
          ))}
          <MenuSeparator />
          <MenuItem onSelect={() => setCreating(true)}>
            <Plus size={14} aria-hidden /> {t('dashboard.create')}
          </MenuItem>
        </MenuContent>
      </Menu>
      <div className="dashboard__tools">
        <TimeRangePicker />
        <IconButton label={t('dashboard.refreshNow')} onClick={refreshDevices}>
          <RefreshCw size={16} aria-hidden />
        </IconButton>
        <IconButton
          label={autoRefresh ? t('dashboard.autoRefreshOn') : t('dashboard.autoRefreshOff')}
          aria-pressed={autoRefresh}
          className={autoRefresh ? 'icon-btn--on' : undefined}
          onClick={toggleAutoRefresh}
        >
          {autoRefresh ? <Timer size={16} aria-hidden /> : <TimerOff size={16} aria-hidden />}
        </IconButton>
        <Button
          variant={editing ? 'primary' : 'default'}
          icon={editing ? <Check size={16} aria-hidden /> : <Pencil size={16} aria-hidden />}
          onClick={() => onEditingChange(!editing)}
        >
          {editing ? t('dashboard.done') : t('dashboard.edit')}
        </Button>
      </div>
      <NewDashboardDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
