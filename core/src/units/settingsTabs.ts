import { EDITABLE_FIELDS } from './editableFields.ts';

/** The device management tabs, in their order. */
export const DEVICE_TABS = [
  'tableView',
  'deviceInfo',
  'schedule',
  'gprs',
  'network',
  'cellular',
  'portSettings',
  'firmware',
  'deviceAlarm',
  'nfc',
  'location',
  'continualMeasurement',
  'customBrand',
  'logScan',
] as const;
export type DeviceTab = (typeof DEVICE_TABS)[number];

/**
 * Where each editable field is edited: every one of the 56 fields is on exactly one tab
 * (a test holds this), so none is left without a form.
 */
export const TAB_FIELDS: Partial<Record<DeviceTab, readonly string[]>> = {
  deviceInfo: [
    'UnitName',
    'UnitDescription',
    'UnitType',
    'UnitComment',
    'Channels',
    'RelayCount',
    'GroupID',
    'Disabled',
  ],
  schedule: ['Schedule', 'ScheduleStart', 'MeasureInterval', 'ReportInterval', 'RadarInterval', 'Timezone'],
  gprs: ['ServerHost', 'ConnectIP', 'ConnectPort', 'RespondIP', 'RespondPort', 'TransmitRetries'],
  network: [
    'Netmask',
    'Gateway',
    'RespondSocket1IP',
    'RespondSocket1Port',
    'RespondSocket2IP',
    'RespondSocket2Port',
    'FirewallIP',
    'FirewallPort',
    'WlanSSID',
    'WlanPassword',
  ],
  cellular: ['CellularAPN', 'CellularIP', 'CellularPort', 'PinCode', 'SmsNumber', 'AlarmSmsNumber'],
  portSettings: ['SensorDelay', 'Intrusion', 'InvertAlarmRange', 'NormallyClosed'],
  deviceAlarm: ['AlarmID1', 'AlarmID2', 'AlarmID3', 'AlarmID4', 'BatteryAlarm'],
  nfc: ['NfcActive'],
  location: ['UnitLocation', 'GPSLatitude', 'GPSLongitude'],
  continualMeasurement: ['ContinuousReading'],
  customBrand: ['ShowResistance', 'ShowLoop', 'ShowGalvanic', 'ShowRadar', 'ShowTemperature', 'ShowBattery'],
};

/** The fields of a tab with their definitions. */
export function fieldsOfTab(tab: DeviceTab) {
  const names = TAB_FIELDS[tab] ?? [];
  return names.map((n) => {
    const f = EDITABLE_FIELDS.find((e) => e.name === n);
    if (!f) throw new Error(`${n} is not an editable field`);
    return f;
  });
}
