/** Alarm types: code → i18n key under `alarmTypes.` in the web locales. */
export const ALARM_TYPES: Readonly<Record<number, string>> = {
  0: 'resistance1',
  1: 'resistance2',
  2: 'resistance3',
  3: 'resistance4',
  4: 'loop',
  5: 'loopOpen',
  6: 'galvanic1',
  7: 'galvanic2',
  8: 'radar1',
  9: 'radar2',
  10: 'analogLow1',
  11: 'analogHigh1',
  12: 'analogLow2',
  13: 'analogHigh2',
  14: 'analogLow3',
  15: 'analogHigh3',
  16: 'analogLow4',
  17: 'analogHigh4',
  18: 'scheduled',
  19: 'communication',
  20: 'ptLow1',
  21: 'ptHigh1',
  22: 'ptLow2',
  23: 'ptHigh2',
  24: 'ptLow3',
  25: 'ptHigh3',
  26: 'ptLow4',
  27: 'ptHigh4',
  28: 'battery',
  29: 'switch1',
  30: 'switch2',
  31: 'switch3',
  32: 'switch4',
  34: 'intrusion',
  39: 'formula1',
  40: 'formula2',
  41: 'formula3',
  42: 'formula4',
  43: 'disabled',
  52: 'ground',
  60: 'fault',
  61: 'forecastResistance',
  62: 'forecastBattery',
};

export const AlarmType = {
  Resistance1: 0,
  Loop: 4,
  LoopOpen: 5,
  Galvanic1: 6,
  Radar1: 8,
  AnalogLow1: 10,
  Scheduled: 18,
  Communication: 19,
  PtLow1: 20,
  Battery: 28,
  Switch1: 29,
  Intrusion: 34,
  Formula1: 39,
  Disabled: 43,
  Ground: 52,
  /** A fault the radar analysis found on a curve: value its distance (m), limit the uncertainty (m). */
  Fault: 60,
  /** Resistance forecast to cross its next level soon: value the days until, limit the level (MΩ). */
  ForecastResistance: 61,
  /** Battery forecast to cross its limit soon: value the days until, limit the level (V). */
  ForecastBattery: 62,
} as const;

/** The alarms the analysis raises (fault localisation, forecasts), not a unit's own limits. */
export const ANALYSIS_ALARM_TYPES: readonly number[] = [
  AlarmType.Fault,
  AlarmType.ForecastResistance,
  AlarmType.ForecastBattery,
];

export const CRITICAL_ALARM_TYPES: readonly number[] = [0, 30];
export const SELECTABLE_ALARM_TYPES: readonly number[] = [0, 4, 6, 14, 16, 19, 20, 28, 29, 30, 34, 39, 43];

export const isCriticalAlarmType = (type: number) => CRITICAL_ALARM_TYPES.includes(type);
export const alarmTypeKey = (type: number) => `alarmTypes.${ALARM_TYPES[type] ?? 'unknown'}`;
