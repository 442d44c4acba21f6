/**
 * The editable unit fields of spec §9: 35 integer, 19 string and 2 float fields, each with the
 * bounds the browser and the server both check (EditUnitInfo and the v2 settings call).
 */
export type IntField = { name: string; kind: 'int'; min: number; max: number };
export type StringField = { name: string; kind: 'string'; maxLength: number; pattern?: string };
export type FloatField = { name: string; kind: 'float'; min: number; max: number };
export type EditableField = IntField | StringField | FloatField;

const int = (name: string, min: number, max: number): IntField => ({ name, kind: 'int', min, max });
const str = (name: string, maxLength: number, pattern?: string): StringField => ({
  name,
  kind: 'string',
  maxLength,
  pattern,
});
const IP = '^$|^((25[0-5]|2[0-4]\\d|1?\\d?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1?\\d?\\d)$';
const PORT = 65535;
const flag = (name: string) => int(name, 0, 1);

export const INT_FIELDS: readonly IntField[] = [
  int('UnitType', 0, 999),
  int('Schedule', 0, 1440), // minutes between reports; 0 = continual
  int('ScheduleStart', 0, 1439),
  flag('ContinuousReading'),
  int('GroupID', 0, 2147483647),
  int('ConnectPort', 0, PORT),
  int('RespondPort', 0, PORT),
  int('RespondSocket1Port', 0, PORT),
  int('RespondSocket2Port', 0, PORT),
  int('CellularPort', 0, PORT),
  int('FirewallPort', 0, PORT),
  int('AlarmID1', 0, 2147483647),
  int('AlarmID2', 0, 2147483647),
  int('AlarmID3', 0, 2147483647),
  int('AlarmID4', 0, 2147483647),
  flag('Intrusion'),
  int('PinCode', 0, 99999999),
  int('SensorDelay', 0, 3600),
  flag('ShowResistance'),
  flag('ShowLoop'),
  flag('ShowGalvanic'),
  flag('ShowRadar'),
  flag('ShowTemperature'),
  flag('ShowBattery'),
  int('BatteryAlarm', 0, 100), // percent
  int('MeasureInterval', 1, 1440), // minutes
  flag('Disabled'),
  int('ReportInterval', 1, 10080), // minutes the unit may stay silent before a communication error
  int('RadarInterval', 0, 10080),
  flag('InvertAlarmRange'),
  flag('NormallyClosed'),
  flag('NfcActive'),
  int('Channels', 0, 4),
  int('RelayCount', 0, 16),
  int('TransmitRetries', 0, 10),
];

export const STRING_FIELDS: readonly StringField[] = [
  str('UnitName', 100),
  str('UnitDescription', 500),
  str('UnitLocation', 200),
  str('UnitComment', 1000),
  str('ConnectIP', 15, IP),
  str('RespondIP', 15, IP),
  str('Netmask', 15, IP),
  str('RespondSocket1IP', 15, IP),
  str('RespondSocket2IP', 15, IP),
  str('Gateway', 15, IP),
  str('CellularAPN', 100),
  str('CellularIP', 15, IP),
  str('FirewallIP', 15, IP),
  str('Timezone', 64),
  str('WlanSSID', 32),
  str('WlanPassword', 63),
  str('SmsNumber', 20, '^$|^\\+?[0-9 ]{3,20}$'),
  str('AlarmSmsNumber', 20, '^$|^\\+?[0-9 ]{3,20}$'),
  str('ServerHost', 253),
];

export const FLOAT_FIELDS: readonly FloatField[] = [
  { name: 'GPSLongitude', kind: 'float', min: -180, max: 180 },
  { name: 'GPSLatitude', kind: 'float', min: -90, max: 90 },
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
