import {
  addWidget,
  BUILTIN_KEYS,
  type BuiltinKey,
  builtinNameKey,
  canShowParking,
  DashboardError,
  type DashboardModel,
  hasMap,
  ONE_MAP_ONLY,
  WIDGET_CATALOGUE,
  type WidgetType,
} from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { userSessionQuery } from '@/lib/api.ts';
import { errorText } from '@/lib/errorText.ts';
import { toast } from '@/lib/toast.ts';
import { addDashboard, editDashboard, renameDashboard } from '@/stores/dashboards.ts';
import { useUserStore } from '@/stores/user.ts';
import { Dialog } from '@/ui/Dialog.tsx';
import { FormActions } from '@/ui/FormActions.tsx';
import { Select } from '@/ui/Select.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { WIDGET_UI } from './widgetTypes.ts';

type OpenProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** The blank-field text, for the dashboard name. */
function useNameField(initial: string) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const error = touched && name.trim() === '' ? t('validation.blank', { name: t('dashboard.name') }) : null;
  return { name, setName, error, touch: () => setTouched(true), valid: name.trim() !== '' };
}

/** The dashboard's name, the first field of the create and rename dialogs. */
function NameField({ field }: { field: ReturnType<typeof useNameField> }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('dashboard.name')}
      value={field.name}
      maxLength={200}
      onChange={(e) => field.setName(e.target.value)}
      onBlur={field.touch}
      error={field.error}
      autoFocus
    />
  );
}

/**
 * Create a dashboard, empty or from a built-in template, and open it: the user's own (shown in
 * every organization) or, when an organization is current, in its workspace (shown while it is).
 */
export function NewDashboardDialog({ open, onOpenChange }: OpenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const field = useNameField('');
  const [template, setTemplate] = useState<'' | BuiltinKey>('');
  const organization = useQuery(userSessionQuery).data?.currentOrganization?.name;
  const [place, setPlace] = useState<'own' | 'workspace'>('own');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    field.touch();
    if (!field.valid) return;
    setBusy(true);
    try {
      const id = await addDashboard(field.name.trim(), template || undefined, !!organization && place === 'workspace');
      onOpenChange(false);
      field.setName('');
      navigate(`/dashboard/${id}`);
    } catch (err) {
      toast(errorText(err), 'danger');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('dashboard.create')}>
      <form className="dialog__form" onSubmit={submit} noValidate>
        <NameField field={field} />
        <Select
          label={t('dashboard.template')}
          value={template}
          onChange={(e) => setTemplate(e.target.value as BuiltinKey | '')}
          options={[
            { value: '', label: t('dashboard.emptyTemplate') },
            ...BUILTIN_KEYS.map((k) => ({ value: k, label: t(builtinNameKey(k)) })),
          ]}
        />
        {organization && (
          <Select
            label={t('dashboard.place')}
            value={place}
            onChange={(e) => setPlace(e.target.value as 'own' | 'workspace')}
            options={[
              { value: 'own', label: t('dashboard.placeOwn') },
              { value: 'workspace', label: t('dashboard.placeWorkspace', { name: organization }) },
            ]}
          />
        )}
        <FormActions onCancel={() => onOpenChange(false)} submit={t('common.create')} disabled={busy} />
      </form>
    </Dialog>
  );
}

export function RenameDialog({ open, onOpenChange, id, current }: OpenProps & { id: string; current: string }) {
  const { t } = useTranslation();
  const field = useNameField(current);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    field.touch();
    if (!field.valid) return;
    try {
      await renameDashboard(id, field.name.trim());
      onOpenChange(false);
    } catch (err) {
      toast(errorText(err), 'danger');
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('dashboard.rename')}>
      <form className="dialog__form" onSubmit={submit} noValidate>
        <NameField field={field} />
        <FormActions onCancel={() => onOpenChange(false)} submit={t('common.save')} />
      </form>
    </Dialog>
  );
}

/** Every widget type: a second map is refused, parking needs the Parking right. */
export function WidgetPicker({
  open,
  onOpenChange,
  id,
  dashboard,
}: OpenProps & { id: string; dashboard: DashboardModel }) {
  const { t } = useTranslation();
  const parking = useUserStore((s) => s.permissions !== null && canShowParking(s.selectedCustomers, s.permissions));
  const mapTaken = hasMap(dashboard);
  const add = (type: WidgetType) => {
    try {
      editDashboard(id, (d) => addWidget(d, type).dashboard);
      onOpenChange(false);
    } catch (e) {
      toast(e instanceof DashboardError && e.message === ONE_MAP_ONLY ? t('dashboard.oneMap') : String(e), 'danger');
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('dashboard.addWidget')} wide>
      <ul className="picker">
        {WIDGET_CATALOGUE.map((w) => {
          const ui = WIDGET_UI[w.type];
          const Icon = ui.icon;
          const reason = !ui.Component
            ? t('widget.comingSoon')
            : w.right === 'Parking' && !parking
              ? t('dashboard.needsParking')
              : w.map && mapTaken
                ? t('dashboard.oneMap')
                : null;
          return (
            <li key={w.type}>
              <button
                type="button"
                className="picker__item"
                disabled={reason !== null}
                onClick={() => add(w.type)}
                data-type={w.type}
              >
                <Icon size={20} aria-hidden className="picker__icon" />
                <span className="picker__name">{t(`widgetTypes.${w.type}.name`)}</span>
                <span className="picker__text">{reason ?? t(`widgetTypes.${w.type}.description`)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
