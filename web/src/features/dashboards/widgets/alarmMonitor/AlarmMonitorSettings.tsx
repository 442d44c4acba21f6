import { alarmTypeKey, SELECTABLE_ALARM_TYPES } from '@fieldwatch/core';
import { useTranslation } from 'react-i18next';
import { Select } from '@/ui/Select.tsx';
import type { WidgetSettingsProps } from '../../widgetTypes.ts';
import { MONITOR_COUNTS, monitorSettings } from './monitorMath.ts';
import '../common/settingsForm.css';

/** The alarm monitor's settings: the alarm types shown (selectable; none = all), how many, sound. */
export function AlarmMonitorSettings({ props, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const settings = monitorSettings(props);
  const set = (patch: Partial<typeof settings>) => onChange({ ...props, ...settings, ...patch });
  const chosen = new Set(settings.types);
  const toggle = (type: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(type);
    else next.delete(type);
    set({ types: SELECTABLE_ALARM_TYPES.filter((x) => next.has(x)) });
  };
  const counts = MONITOR_COUNTS.includes(settings.count as (typeof MONITOR_COUNTS)[number])
    ? MONITOR_COUNTS
    : [...MONITOR_COUNTS, settings.count].sort((a, b) => a - b);

  return (
    <div className="wsettings">
      <Select
        label={t('widgets.alarmMonitor.settings.count')}
        value={String(settings.count)}
        onChange={(e) => set({ count: Number(e.target.value) })}
        options={counts.map((n) => ({
          value: String(n),
          label: t('widgets.alarmMonitor.settings.countValue', { count: n }),
        }))}
      />
      <fieldset className="wsettings__group">
        <legend className="wsettings__legend">{t('widgets.alarmMonitor.settings.types')}</legend>
        <p className="wsettings__help">{t('widgets.alarmMonitor.settings.typesHelp')}</p>
        <div className="wsettings__columns">
          {SELECTABLE_ALARM_TYPES.map((type) => (
            <label key={type} className="wsettings__check">
              <input type="checkbox" checked={chosen.has(type)} onChange={(e) => toggle(type, e.target.checked)} />
              {t(alarmTypeKey(type))}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="wsettings__group">
        <legend className="wsettings__legend">{t('widgets.alarmMonitor.settings.soundLegend')}</legend>
        <label className="wsettings__check">
          <input type="checkbox" checked={settings.sound} onChange={(e) => set({ sound: e.target.checked })} />
          {t('widgets.alarmMonitor.settings.sound')}
        </label>
        <p className="wsettings__help">{t('widgets.alarmMonitor.settings.soundHelp')}</p>
      </fieldset>
    </div>
  );
}
