import { type Static, Type } from '@sinclair/typebox';
import { MAX_FORECAST_WARNING_DAYS } from '../analytics/forecast.ts';
import { MAX_ALARM_JOIN_HOURS } from '../events/events.ts';
import { SEVERITIES, type Severity } from '../events/severity.ts';
import { ALARM_TYPES } from '../units/alarmTypes.ts';
import { Nullable } from './common.ts';

/** The alarm type codes, in code order. */
export const ALARM_TYPE_CODES: readonly number[] = Object.keys(ALARM_TYPES)
  .map(Number)
  .sort((a, b) => a - b);

export const SeverityName = Type.Union(
  SEVERITIES.map((s) => Type.Literal(s)),
  { description: 'notice, warning, pre-alert, alert or critical (mildest first)' },
);
/** An alarm type: any other code is refused (400). */
const AlarmTypeCode = Type.Union(
  ALARM_TYPE_CODES.map((c) => Type.Literal(c)),
  { description: 'an alarm type code' },
);

/** One alarm type's severity as an organization's administrator sees it. */
export const AlarmSeverityRow = Type.Object({
  alarmType: Type.Integer(),
  /** Set on this organization itself, or null. */
  own: Nullable(SeverityName),
  /** What applies without its own setting: the nearest ancestor's setting, else the spec default. */
  inherited: SeverityName,
  /** Where `inherited` comes from. */
  inheritedFrom: Type.Union([Type.Literal('ancestor'), Type.Literal('default')]),
  /** What new events of the type get: own ?? inherited. */
  effective: SeverityName,
});
export type AlarmSeverityRow = Static<typeof AlarmSeverityRow>;

export const AlarmSeverityList = Type.Object({
  organizationId: Type.Integer(),
  types: Type.Array(AlarmSeverityRow),
  /** Hours within which a fault raised again joins its event; null: the default. */
  joinHours: Nullable(Type.Integer()),
  /** Days ahead within which a forecast crossing raises a warning; null: the default. */
  forecastDays: Nullable(Type.Integer()),
});
export type AlarmSeverityList = Static<typeof AlarmSeverityList>;

/** Sets (a severity) or clears (null: inherit again) the severity of alarm types of one organization. */
export const AlarmSeverityBody = Type.Object(
  {
    severities: Type.Array(
      Type.Object({ alarmType: AlarmTypeCode, severity: Nullable(SeverityName) }, { additionalProperties: false }),
      { minItems: 1, maxItems: ALARM_TYPE_CODES.length },
    ),
  },
  { additionalProperties: false },
);
export type AlarmSeverityBody = Static<typeof AlarmSeverityBody>;

/** Sets (or with null clears, back to the default) the organization's join window in hours. */
export const AlarmJoinBody = Type.Object(
  { hours: Nullable(Type.Integer({ minimum: 1, maximum: MAX_ALARM_JOIN_HOURS })) },
  { additionalProperties: false },
);
export type AlarmJoinBody = Static<typeof AlarmJoinBody>;

/** Sets (or with null clears) the days ahead within which a forecast crossing raises a warning. */
export const ForecastDaysBody = Type.Object(
  { days: Nullable(Type.Integer({ minimum: 1, maximum: MAX_FORECAST_WARNING_DAYS })) },
  { additionalProperties: false },
);
export type ForecastDaysBody = Static<typeof ForecastDaysBody>;

/** The severities that apply to each organization a user sees: only the types set on it or above. */
export const EffectiveAlarmSeverities = Type.Array(
  Type.Object({
    organizationId: Type.Integer(),
    severities: Type.Array(Type.Object({ alarmType: Type.Integer(), severity: SeverityName })),
  }),
);
export type EffectiveAlarmSeverities = Static<typeof EffectiveAlarmSeverities>;

/** The settings of one organization as the table of severity.ts reads them. */
export const severitiesOf = (rows: readonly { alarmType: number; severity: Severity }[]) =>
  Object.fromEntries(rows.map((r) => [r.alarmType, r.severity])) as Partial<Record<number, Severity>>;
