import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@/ui/Select.tsx';
import { useCustomerIds } from '../../data.ts';
import type { WidgetSettingsProps } from '../../widgetTypes.ts';
import { groupAlarmSettings } from './groupMath.ts';
import { useDeviceGroups } from './groupsApi.ts';
import '../common/settingsForm.css';

/** The group alarm widget's settings: which groups (none ticked = all) and the order. */
export function GroupAlarmSettings({ props, onChange }: WidgetSettingsProps) {
  const { t, i18n } = useTranslation();
  const customers = useCustomerIds();
  const groups = useDeviceGroups();
  const settings = groupAlarmSettings(props);
  const list = useMemo(() => {
    const inView = new Set(customers);
    const collator = new Intl.Collator(i18n.language);
    return (groups.data ?? [])
      .filter((g) => inView.has(g.organization))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [groups.data, customers, i18n.language]);
  const set = (patch: Partial<typeof settings>) => onChange({ ...props, ...settings, ...patch });
  const chosen = new Set(settings.groupIds);
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    set({ groupIds: list.map((g) => g.id).filter((g) => next.has(g)) });
  };

  return (
    <div className="wsettings">
      <Select
        label={t('widgets.groupAlarm.settings.sort')}
        value={settings.sort}
        onChange={(e) => set({ sort: e.target.value === 'name' ? 'name' : 'severity' })}
        options={[
          { value: 'severity', label: t('widgets.groupAlarm.settings.bySeverity') },
          { value: 'name', label: t('widgets.groupAlarm.settings.byName') },
        ]}
      />
      <fieldset className="wsettings__group">
        <legend className="wsettings__legend">{t('widgets.groupAlarm.settings.groups')}</legend>
        <p className="wsettings__help">{t('widgets.groupAlarm.settings.groupsHelp')}</p>
        {list.length === 0 ? (
          <p className="wsettings__help">{t('widgets.groupAlarm.emptyText')}</p>
        ) : (
          <div className="wsettings__columns">
            {list.map((g) => (
              <label key={g.id} className="wsettings__check">
                <input type="checkbox" checked={chosen.has(g.id)} onChange={(e) => toggle(g.id, e.target.checked)} />
                {g.name}
              </label>
            ))}
          </div>
        )}
      </fieldset>
    </div>
  );
}
