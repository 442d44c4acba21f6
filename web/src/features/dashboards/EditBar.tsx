import { addLinkGroup, type DashboardModel, DEFAULT_LINK_GROUP_ID, deleteLinkGroup } from '@fieldwatch/core';
import { Link2, Pencil, Plus, RotateCcw, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dashboardTitle } from '@/i18n/dashboardTitle.ts';
import { errorText } from '@/lib/errorText.ts';
import { toast } from '@/lib/toast.ts';
import { deleteDashboard, editDashboard, restoreDashboard } from '@/stores/dashboards.ts';
import { Button, IconButton } from '@/ui/Button.tsx';
import { ConfirmDialog } from '@/ui/ConfirmDialog.tsx';
import { RenameDialog, WidgetPicker } from './DashboardDialogs.tsx';

/** Edit mode: add widgets, link groups, rename, restore a built-in, delete a dashboard of one's own. */
export function EditBar({ id, dashboard, onDone }: { id: string; dashboard: DashboardModel; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'picker' | 'rename' | 'restore' | 'delete' | null>(null);
  const open = (d: typeof dialog) => () => setDialog(d);
  const close = (o: boolean) => !o && setDialog(null);
  const groups = Object.values(dashboard.linkGroups);

  return (
    <div className="edit-bar" role="toolbar" aria-label={t('dashboard.editing')}>
      <Button variant="primary" icon={<Plus size={16} aria-hidden />} onClick={open('picker')}>
        {t('dashboard.addWidget')}
      </Button>
      <Button icon={<Pencil size={16} aria-hidden />} onClick={open('rename')}>
        {t('dashboard.rename')}
      </Button>
      <fieldset className="edit-bar__groups">
        <legend className="visually-hidden">{t('dashboard.linkGroups')}</legend>
        {groups.map((g) => (
          <span key={g.id} className={`link-chip link-chip--${g.color}`}>
            <Link2 size={12} aria-hidden />
            {g.id === DEFAULT_LINK_GROUP_ID ? t('dashboard.defaultGroup') : g.name}
            {g.id !== DEFAULT_LINK_GROUP_ID && (
              <IconButton
                label={t('dashboard.deleteGroup', { name: g.name })}
                className="link-chip__remove"
                onClick={() => editDashboard(id, (d) => deleteLinkGroup(d, g.id))}
              >
                <X size={12} aria-hidden />
              </IconButton>
            )}
          </span>
        ))}
        <Button
          variant="ghost"
          icon={<Plus size={14} aria-hidden />}
          onClick={() =>
            editDashboard(
              id,
              (d) => addLinkGroup(d, t('dashboard.groupName', { n: Object.keys(d.linkGroups).length + 1 })).dashboard,
            )
          }
        >
          {t('dashboard.addGroup')}
        </Button>
      </fieldset>
      <span className="edit-bar__spacer" />
      {dashboard.static ? (
        <Button icon={<RotateCcw size={16} aria-hidden />} onClick={open('restore')}>
          {t('dashboard.restore')}
        </Button>
      ) : (
        <Button icon={<Trash2 size={16} aria-hidden />} onClick={open('delete')}>
          {t('dashboard.delete')}
        </Button>
      )}
      <WidgetPicker open={dialog === 'picker'} onOpenChange={close} id={id} dashboard={dashboard} />
      {dialog === 'rename' && (
        <RenameDialog open onOpenChange={close} id={id} current={dashboardTitle(t, dashboard.name)} />
      )}
      <ConfirmDialog
        open={dialog === 'restore'}
        onClose={() => setDialog(null)}
        title={t('dashboard.restore')}
        text={t('dashboard.restoreText')}
        confirmLabel={t('dashboard.restore')}
        onConfirm={() =>
          restoreDashboard(id, dashboard.static ? t(`builtin.${dashboard.static}`) : dashboard.name).catch(() =>
            toast(t('dashboard.resetFailed', { name: dashboardTitle(t, dashboard.name) }), 'danger'),
          )
        }
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title={t('dashboard.delete')}
        text={t('dashboard.deleteText', { name: dashboardTitle(t, dashboard.name) })}
        confirmLabel={t('common.delete')}
        onConfirm={async () => {
          onDone();
          await deleteDashboard(id)
            .then(() => navigate('/dashboard/default'))
            .catch((e) => toast(errorText(e), 'danger'));
        }}
      />
    </div>
  );
}
