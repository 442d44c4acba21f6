/** The unit of measure of a number field. */
type FieldUnit = 'min' | 's' | '%' | '°';
/**
 * What a person is told about a number beyond its range: what 0 means (measure continually, off,
 * not used, none), or that the number is a code of up to as many digits as its maximum has.
 */
type FieldNote = 'continual' | 'off' | 'unused' | 'none' | 'digits';
/**
 * readOnly: a field the unit or the platform sets (its type code, its group and alarm-action
 * numbers, how many channels and relays it has): shown to people, never written by a settings update.
 */
type Shared = { name: string; readOnly?: true };
type NumberRule = { min: number; max: number; unit?: FieldUnit; note?: FieldNote };

/**
 * The editable unit fields: 35 integer, 19 string and 2 float fields, each with the
 * bounds the browser and the server both check (EditUnitInfo and the v2 settings call).
 */
export type IntField = Shared & NumberRule & { kind: 'int' };
export type StringField = Shared & {
  kind: 'string';
  maxLength: number;
  pattern?: string;
  format?: keyof typeof FORMATS;
};
export type FloatField = Shared & NumberRule & { kind: 'float' };
export type EditableField = IntField | StringField | FloatField;

/** Text fields with a format: an IPv4 address, a phone number. */
const FORMATS = {
  ip: '^$|^((25[0-5]|2[0-4]\\d|1?\\d?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1?\\d?\\d)$',
  phone: '^$|^\\+?[0-9 ]{3,20}$',
} as const;
const int = (
  name: string,
  min: number,
  max: number,
  more: Omit<IntField, 'name' | 'kind' | 'min' | 'max'> = {},
): IntField => ({
  name,
  kind: 'int',
  min,
  max,
  ...more,
});
const str = (name: string, maxLength: number, format?: keyof typeof FORMATS): StringField => ({
  name,
  kind: 'string',
  maxLength,
  ...(format ? { pattern: FORMATS[format], format } : {}),
});
const port = (name: string) => int(name, 0, 65535, { note: 'unused' });
const flag = (name: string) => int(name, 0, 1);
const INT32 = 2147483647;
const alarmAction = (name: string) => int(name, 0, INT32, { readOnly: true, note: 'none' });

export const INT_FIELDS: readonly IntField[] = [
  int('UnitType', 0, 999, { readOnly: true }),
  int('Schedule', 0, 1440, { unit: 'min', note: 'continual' }), // minutes between reports
  int('ScheduleStart', 0, 1439, { unit: 'min' }), // minutes after midnight
  flag('ContinuousReading'),
  int('GroupID', 0, INT32, { readOnly: true, note: 'none' }),
  port('ConnectPort'),
  port('RespondPort'),
  port('RespondSocket1Port'),
  port('RespondSocket2Port'),
  port('CellularPort'),
  port('FirewallPort'),
  alarmAction('AlarmID1'),
  alarmAction('AlarmID2'),
  alarmAction('AlarmID3'),
  alarmAction('AlarmID4'),
  flag('Intrusion'),
  int('PinCode', 0, 99999999, { note: 'digits' }),
  int('SensorDelay', 0, 3600, { unit: 's' }),
  flag('ShowResistance'),
  flag('ShowLoop'),
  flag('ShowGalvanic'),
  flag('ShowRadar'),
  flag('ShowTemperature'),
  flag('ShowBattery'),
  int('BatteryAlarm', 0, 100, { unit: '%' }),
  int('MeasureInterval', 1, 1440, { unit: 'min' }),
  flag('Disabled'),
  int('ReportInterval', 1, 10080, { unit: 'min' }), // the longest silence before a communication error
  int('RadarInterval', 0, 10080, { unit: 'min', note: 'off' }),
  flag('InvertAlarmRange'),
  flag('NormallyClosed'),
  flag('NfcActive'),
  int('Channels', 0, 4, { readOnly: true }),
  int('RelayCount', 0, 16, { readOnly: true }),
  int('TransmitRetries', 0, 10),
];

export const STRING_FIELDS: readonly StringField[] = [
  str('UnitName', 100),
  str('UnitDescription', 500),
  str('UnitLocation', 200),
  str('UnitComment', 1000),
  str('ConnectIP', 15, 'ip'),
  str('RespondIP', 15, 'ip'),
  str('Netmask', 15, 'ip'),
  str('RespondSocket1IP', 15, 'ip'),
  str('RespondSocket2IP', 15, 'ip'),
  str('Gateway', 15, 'ip'),
  str('CellularAPN', 100),
  str('CellularIP', 15, 'ip'),
  str('FirewallIP', 15, 'ip'),
  str('Timezone', 64),
  str('WlanSSID', 32),
  str('WlanPassword', 63),
  str('SmsNumber', 20, 'phone'),
  str('AlarmSmsNumber', 20, 'phone'),
  str('ServerHost', 253),
];

export const FLOAT_FIELDS: readonly FloatField[] = [
  { name: 'GPSLongitude', kind: 'float', min: -180, max: 180, unit: '°' },
  { name: 'GPSLatitude', kind: 'float', min: -90, max: 90, unit: '°' },
];

export const EDITABLE_FIELDS: readonly EditableField[] = [...INT_FIELDS, ...STRING_FIELDS, ...FLOAT_FIELDS];

/** Why a value does not fit its field: the browser words it in the user's language, the server in English. */
export type FieldProblem =
  | { rule: 'text' | 'format' | 'number' | 'whole' }
  | { rule: 'maxLength'; max: number }
  | { rule: 'range'; min: number; max: number };

/** Checks one field value against its definition; null when it fits. */
export function fieldProblem(field: EditableField, value: unknown): FieldProblem | null {
  if (field.kind === 'string') {
    if (typeof value !== 'string') return { rule: 'text' };
    if (value.length > field.maxLength) return { rule: 'maxLength', max: field.maxLength };
    if (field.pattern && !new RegExp(field.pattern).test(value)) return { rule: 'format' };
    return null;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return { rule: 'number' };
  if (field.kind === 'int' && !Number.isInteger(value)) return { rule: 'whole' };
  if (value < field.min || value > field.max) return { rule: 'range', min: field.min, max: field.max };
  return null;
}

const PROBLEM_TEXT: Record<FieldProblem['rule'], string> = {
  text: 'must be text',
  maxLength: 'must be at most {max} characters',
  format: 'has an invalid format',
  number: 'must be a number',
  whole: 'must be a whole number',
  range: 'must be between {min} and {max}',
};

/** Checks one field value; returns an error text naming the field (the API's 400 message), or null. */
export function validateField(field: EditableField, value: unknown): string | null {
  const p = fieldProblem(field, value);
  if (!p) return null;
  const text = PROBLEM_TEXT[p.rule]
    .replace('{max}', 'max' in p ? String(p.max) : '')
    .replace('{min}', 'min' in p ? String(p.min) : '');
  return `${field.name} ${text}`;
}
