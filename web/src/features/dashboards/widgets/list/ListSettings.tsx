import { alarmTypeKey, SELECTABLE_ALARM_TYPES } from '@fieldwatch/core';
import { useTranslation } from 'react-i18next';
import { Select } from '@/ui/Select.tsx';
import type { WidgetSettingsProps } from '../../widgetTypes.ts';
import { ParkingWindowSettings } from '../common/ParkingWindowSettings.tsx';
import {
  ALARM_LIST_ROWS,
  alarmListProps,
  DEVICE_LIST_COLUMNS,
  deviceListProps,
  PARKING_LIST_COLUMNS,
} from '../common/props.ts';
import { Check, CheckList, SettingsGroup } from '../common/SettingsKit.tsx';

/** Header keys of the optional list columns. */
const COLUMN_KEYS: Record<string, string> = {
  status: 'widgets.deviceList.status',
  type: 'widgets.deviceList.type',
  location: 'widgets.deviceList.location',
  lastReport: 'widgets.deviceList.lastReport',
  forecast: 'widgets.deviceList.forecast',
  occupancy: 'widgets.parkingList.occupancy',
  usage: 'widgets.settings.usageColumn',
};

/** Unit list and parking list: the visible columns (the name always shows), multi-select, and the parking window. */
export function DeviceListSettings(p: WidgetSettingsProps) {
  const { t } = useTranslation();
  const { props, onChange, widget } = p;
  const parking = widget.component === 'parkingList';
  const current = deviceListProps(props, parking);
  const all = parking ? PARKING_LIST_COLUMNS : DEVICE_LIST_COLUMNS;
  return (
    <>
      <SettingsGroup legend={t('widgets.settings.columns')} help={t('widgets.settings.columnsHelp')}>
        <CheckList
          columns
          value={current.columns}
          onChange={(columns) => onChange({ ...props, columns })}
          options={all.map((c) => ({ value: c, label: t(COLUMN_KEYS[c] ?? c) }))}
        />
      </SettingsGroup>
      <SettingsGroup legend={t('widgets.settings.selection')} help={t('widgets.settings.multiSelectHelp')}>
        <Check
          label={t('widgets.settings.multiSelect')}
          checked={current.multiSelect}
          onChange={(multiSelect) => onChange({ ...props, multiSelect })}
        />
      </SettingsGroup>
      {parking && <ParkingWindowSettings {...p} />}
    </>
  );
}

/** Unit alarm list: the alarm types shown (the selectable types; none ticked: all) and how many rows. */
export function AlarmListSettings({ props, widget, onChange }: WidgetSettingsProps) {
  const { t } = useTranslation();
  const current = alarmListProps(props, widget.settings);
  return (
    <>
      <SettingsGroup legend={t('widgets.alarmList.typesLabel')} help={t('widgets.settings.alarmTypesHelp')}>
        <CheckList
          columns
          value={current.alarmTypes}
          onChange={(alarmTypes) => onChange({ ...props, alarmTypes })}
          options={SELECTABLE_ALARM_TYPES.map((type) => ({ value: type, label: t(alarmTypeKey(type)) }))}
        />
      </SettingsGroup>
      <SettingsGroup legend={t('widgets.settings.rows')}>
        <Select
          label={t('widgets.settings.rowsLabel')}
          value={String(current.rows)}
          onChange={(e) => onChange({ ...props, rows: Number(e.target.value) })}
          options={ALARM_LIST_ROWS.map((n) => ({
            value: String(n),
            label: t('widgets.settings.rowsOption', { count: n }),
          }))}
        />
      </SettingsGroup>
    </>
  );
}
