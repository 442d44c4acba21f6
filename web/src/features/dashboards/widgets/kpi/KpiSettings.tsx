import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@/ui/Select.tsx';
import { TextField } from '@/ui/TextField.tsx';
import type { WidgetSettingsProps } from '../../widgetTypes.ts';
import {
  ALARM_PERIODS,
  alarmsProps,
  BATTERY_THRESHOLD,
  batteryProps,
  STATUS_CHOICES,
  statusProps,
  tempProps,
} from '../common/props.ts';
import { Check, CheckList, Choice, SettingsGroup } from '../common/SettingsKit.tsx';

/** The settings forms of the KPI widgets: status, temperature, battery, alarms (parking statistics: common/ParkingWindowSettings.tsx). */

export function StatusSettings({ props, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const p = statusProps(props);
  return (
    <>
      <SettingsGroup legend={t('widgets.settings.statuses')} help={t('widgets.settings.statusesHelp')}>
        <CheckList
          columns
          min={1}
          value={p.statuses}
          onChange={(statuses) => onChange({ ...props, statuses })}
          options={STATUS_CHOICES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
      </SettingsGroup>
      <SettingsGroup legend={t('widgets.settings.display')}>
        <Check
          label={t('widgets.settings.showBar')}
          checked={p.showBar}
          onChange={(showBar) => onChange({ ...props, showBar })}
        />
      </SettingsGroup>
    </>
  );
}

export function TempSettings({ props, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const p = tempProps(props);
  return (
    <SettingsGroup legend={t('widgets.settings.display')} help={t('widgets.settings.sourceHelp')}>
      <Select
        label={t('widgets.settings.decimals')}
        value={String(p.decimals)}
        onChange={(e) => onChange({ ...props, decimals: Number(e.target.value) })}
        options={[0, 1, 2].map((d) => ({
          value: String(d),
          label: t('widgets.common.celsius', { value: (21.456).toFixed(d) }),
        }))}
      />
      <Check
        label={t('widgets.settings.showSource')}
        checked={p.showSource}
        onChange={(showSource) => onChange({ ...props, showSource })}
      />
    </SettingsGroup>
  );
}

export function BatterySettings({ props, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const p = batteryProps(props);
  const [text, setText] = useState(p.lowThreshold === undefined ? '' : String(p.lowThreshold));
  const value = Number(text.replace(',', '.'));
  const invalid =
    text.trim() !== '' && (!Number.isFinite(value) || value < BATTERY_THRESHOLD.min || value > BATTERY_THRESHOLD.max);
  return (
    <SettingsGroup legend={t('widgets.settings.lowBattery')}>
      <TextField
        label={t('widgets.settings.lowThreshold')}
        inputMode="decimal"
        value={text}
        placeholder={t('widgets.settings.lowThresholdUnit')}
        adornment="V"
        error={
          invalid
            ? t('widgets.settings.lowThresholdRange', { min: BATTERY_THRESHOLD.min, max: BATTERY_THRESHOLD.max })
            : undefined
        }
        help={t('widgets.settings.lowThresholdHelp')}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          const v = Number(next.replace(',', '.'));
          const ok = Number.isFinite(v) && v >= BATTERY_THRESHOLD.min && v <= BATTERY_THRESHOLD.max;
          onChange({ ...props, lowThreshold: next.trim() === '' ? undefined : ok ? v : props.lowThreshold });
        }}
      />
    </SettingsGroup>
  );
}

export function AlarmsSettings({ props, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const p = alarmsProps(props);
  return (
    <SettingsGroup legend={t('widgets.settings.period')}>
      <Choice
        value={p.period}
        onChange={(period) => onChange({ ...props, period })}
        options={ALARM_PERIODS.map((v) => ({
          value: v,
          label:
            v === 'range' ? t('widgets.settings.periodRange') : t('widgets.settings.periodDays', { count: Number(v) }),
        }))}
      />
    </SettingsGroup>
  );
}
