import { DEFAULT_LINK_GROUP_ID, deleteWidget, linkWidget, unlinkWidget, type Widget } from '@fieldwatch/core';
import { CircleAlert, GripVertical, Link2, Link2Off, MoreVertical, Settings2, Trash2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError, reloadForNewVersion } from '@/lib/chunkLoad.ts';
import { editDashboard, useDashboardStore } from '@/stores/dashboards.ts';
import { Button, IconButton } from '@/ui/Button.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { ErrorBoundary } from '@/ui/ErrorBoundary.tsx';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '@/ui/Menu.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { WidgetSettingsDialog } from './WidgetSettingsDialog.tsx';
import { WIDGET_UI } from './widgetTypes.ts';

/** The widget card of STYLE.md: header (drag handle, title, link-group chip, menu) and body. */
export function WidgetFrame({
  dashboardId,
  widgetId,
  widget,
  editing,
}: {
  dashboardId: string;
  widgetId: string;
  widget: Widget;
  editing: boolean;
}) {
  const { t } = useTranslation();
  const linkGroups = useDashboardStore((s) => s.dashboards[dashboardId]?.linkGroups ?? {});
  const ui = WIDGET_UI[widget.component];
  const Icon = ui.icon;
  const title = widget.name || t(`widgetTypes.${widget.component}.name`);
  const group = widget.group ? linkGroups[widget.group] : undefined;
  const groupName = (id: string, name: string) => (id === DEFAULT_LINK_GROUP_ID ? t('dashboard.defaultGroup') : name);
  const edit = (fn: Parameters<typeof editDashboard>[1]) => editDashboard(dashboardId, fn);
  const { Component } = ui;
  const [settingsOpen, setSettingsOpen] = useState(false);

  return (
    <article className="widget" aria-label={title}>
      <header className="widget__head">
        {editing && (
          <span className="widget__drag" title={t('dashboard.drag')} aria-hidden>
            <GripVertical size={16} />
          </span>
        )}
        <Icon size={15} className="widget__icon" aria-hidden />
        <h2 className="widget__title">{title}</h2>
        {editing ? (
          <Menu>
            <MenuTrigger asChild>
              <button
                type="button"
                className={`link-chip link-chip--${group?.color ?? 'none'}`}
                data-testid="link-chip"
              >
                {group ? <Link2 size={12} aria-hidden /> : <Link2Off size={12} aria-hidden />}
                {group ? groupName(group.id, group.name) : t('dashboard.unlinked')}
              </button>
            </MenuTrigger>
            <MenuContent>
              <MenuLabel>{t('dashboard.linkGroup')}</MenuLabel>
              {Object.values(linkGroups).map((g) => (
                <MenuItem key={g.id} onSelect={() => edit((d) => linkWidget(d, widgetId, g.id))}>
                  <span className={`link-dot link-chip--${g.color}`} aria-hidden />
                  {groupName(g.id, g.name)}
                  {g.id === widget.group && <span className="menu__check">✓</span>}
                </MenuItem>
              ))}
              <MenuSeparator />
              <MenuItem onSelect={() => edit((d) => unlinkWidget(d, widgetId))}>
                <Link2Off size={14} aria-hidden /> {t('dashboard.unlink')}
              </MenuItem>
            </MenuContent>
          </Menu>
        ) : (
          group && (
            <span
              className={`link-dot link-chip--${group.color}`}
              title={t('dashboard.linkedTo', { name: groupName(group.id, group.name) })}
              role="img"
              aria-label={t('dashboard.linkedTo', { name: groupName(group.id, group.name) })}
            />
          )
        )}
        {editing && (
          <Menu>
            <MenuTrigger asChild>
              <IconButton label={t('dashboard.widgetMenu')} className="widget__menu">
                <MoreVertical size={16} aria-hidden />
              </IconButton>
            </MenuTrigger>
            <MenuContent>
              <MenuItem onSelect={() => setSettingsOpen(true)}>
                <Settings2 size={14} aria-hidden /> {t('widget.settings')}
              </MenuItem>
              <MenuItem onSelect={() => edit((d) => deleteWidget(d, widgetId))}>
                <Trash2 size={14} aria-hidden /> {t('dashboard.removeWidget')}
              </MenuItem>
            </MenuContent>
          </Menu>
        )}
      </header>
      {editing && (
        <WidgetSettingsDialog
          open={settingsOpen}
          onOpenChange={setSettingsOpen}
          dashboardId={dashboardId}
          widgetId={widgetId}
          widget={widget}
        />
      )}
      <div className="widget__body">
        {Component ? (
          <ErrorBoundary
            fallback={(error, retry) =>
              // Its code could not be loaded (a deploy replaced it): only a reload brings it back.
              isChunkLoadError(error) ? (
                <EmptyState icon={<CircleAlert size={22} />} title={t('widget.failed')}>
                  <p>{t('errors.newVersion.newVersionTitle')}</p>
                  <Button onClick={() => reloadForNewVersion()}>{t('errors.page.reload')}</Button>
                </EmptyState>
              ) : (
                <EmptyState icon={<CircleAlert size={22} />} title={t('widget.failed')}>
                  <p>{error.message}</p>
                  <Button onClick={retry}>{t('common.retry')}</Button>
                </EmptyState>
              )
            }
          >
            <Suspense fallback={<Skeleton lines={4} />}>
              <Component dashboardId={dashboardId} widgetId={widgetId} widget={widget} editing={editing} />
            </Suspense>
          </ErrorBoundary>
        ) : (
          <EmptyState icon={<Icon size={22} />} title={t('widget.comingSoon')}>
            <p>{t('widget.comingSoonText')}</p>
          </EmptyState>
        )}
      </div>
    </article>
  );
}
