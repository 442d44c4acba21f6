import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@/ui/Select.tsx';
import { TextField } from '@/ui/TextField.tsx';
import {
  ALARM_PERIODS,
  alarmsProps,
  BATTERY_THRESHOLD,
  batteryProps,
  minutesOf,
  parkingProps,
  STATUS_CHOICES,
  statusProps,
  tempProps,
} from '../../widgets/settings/props.ts';
import { Check, CheckList, Choice, SettingsGroup } from '../../widgets/settings/SettingsKit.tsx';
import type { WidgetSettingsProps } from '../../widgetTypes.ts';

/** The settings forms of the KPI widgets: status, temperature, battery, alarms, parking statistics. */

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

export function ParkingStatisticsSettings({ props, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const p = parkingProps(props);
  const [start, setStart] = useState(p.windowStart);
  const [stop, setStop] = useState(p.windowStop);
  const a = minutesOf(start);
  const b = minutesOf(stop);
  const error =
    a === undefined || b === undefined
      ? t('widgets.settings.windowInvalid')
      : a >= b
        ? t('widgets.settings.windowOrder')
        : undefined;
  const update = (nextStart: string, nextStop: string) => {
    setStart(nextStart);
    setStop(nextStop);
    const x = minutesOf(nextStart);
    const y = minutesOf(nextStop);
    if (x !== undefined && y !== undefined && x < y)
      onChange({ ...props, windowStart: nextStart, windowStop: nextStop });
  };
  return (
    <SettingsGroup legend={t('widgets.settings.window')} help={t('widgets.settings.windowHelp')}>
      <div className="settings-row">
        <TextField
          label={t('widgets.settings.windowStart')}
          type="time"
          value={start}
          onChange={(e) => update(e.target.value, stop)}
        />
        <TextField
          label={t('widgets.settings.windowStop')}
          type="time"
          value={stop}
          error={error}
          onChange={(e) => update(start, e.target.value)}
        />
      </div>
    </SettingsGroup>
  );
}
