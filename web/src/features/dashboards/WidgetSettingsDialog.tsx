import { updateWidget, type Widget } from '@fieldwatch/core';
import { type FormEvent, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editDashboard } from '@/stores/dashboards.ts';
import { Dialog } from '@/ui/Dialog.tsx';
import { FormActions } from '@/ui/FormActions.tsx';
import { Skeleton } from '@/ui/Skeleton.tsx';
import { TextField } from '@/ui/TextField.tsx';
import { WIDGET_UI } from './widgetTypes.ts';

/**
 * A widget's settings: its title (blank shows the type's name) and the type's own form. Edits are
 * a copy until Save, which writes them into the dashboard model (saved with the dashboard).
 */
export function WidgetSettingsDialog({
  open,
  onOpenChange,
  dashboardId,
  widgetId,
  widget,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  dashboardId: string;
  widgetId: string;
  widget: Widget;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(widget.name);
  const [props, setProps] = useState(widget.props);
  const { Settings } = WIDGET_UI[widget.component];
  const change = (next: boolean) => {
    // Reopening starts from what is saved, not from an abandoned edit.
    if (next) {
      setName(widget.name);
      setProps(widget.props);
    }
    onOpenChange(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    editDashboard(dashboardId, (d) => updateWidget(d, widgetId, { name: name.trim(), props }));
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={change} title={t('widget.settings')} wide={Settings !== undefined}>
      <form className="dialog__form" onSubmit={submit} noValidate>
        <TextField
          label={t('widget.title')}
          value={name}
          maxLength={200}
          placeholder={t(`widgetTypes.${widget.component}.name`)}
          onChange={(e) => setName(e.target.value)}
          autoFocus
        />
        {Settings ? (
          <Suspense fallback={<Skeleton lines={3} />}>
            <Settings dashboardId={dashboardId} widgetId={widgetId} widget={widget} props={props} onChange={setProps} />
          </Suspense>
        ) : (
          <p className="dialog__note">{t('widget.noSettings')}</p>
        )}
        <FormActions onCancel={() => onOpenChange(false)} submit={t('common.save')} />
      </form>
    </Dialog>
  );
}
