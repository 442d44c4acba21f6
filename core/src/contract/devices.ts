import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { MAX_IDS_PER_REQUEST } from '../units/chunks.ts';
import { EDITABLE_FIELDS, type EditableField } from '../units/editableFields.ts';
import { LEGACY_DATE } from '../units/legacyDate.ts';
import { MAP_VARIANTS } from '../units/mapUnits.ts';
import { UNIT_STATUSES } from '../units/unitStatus.ts';
import { NonBlank, Nullable } from './common.ts';

/** Input kinds (the wire names of PUT legacy/devices/{id}/{inputType}/{index}). */
export const INPUT_KINDS = [
  'analog',
  'formula',
  'pt',
  'switch',
  'channel',
  'intrusion',
  'internalTemperature',
  'temperature',
  'other',
  'ber',
  'battery',
  'signalStrength',
] as const;
export type InputKind = (typeof INPUT_KINDS)[number];

/** Editable fields a settings update may not clear (null) or blank. */
export const REQUIRED_SETTINGS: readonly string[] = ['UnitName', 'UnitType'];

/** Defaults: the alarm query and the units-by-position query. */
export const ALARM_QUERY_DEFAULTS = { rows: 500, startDate: '2010-01-01 00:00' } as const;
export const UNITS_BY_POS_DEFAULTS = { distanceKm: 100000, rows: 10000 } as const;

/** A comma-joined id list ('1,2,3') as the legacy calls and the device list send customers and units. */
export const IdList = Type.String({ pattern: '^\\s*(\\d+\\s*(,\\s*\\d+\\s*)*,?\\s*)?$', maxLength: 100_000 });
export const LegacyDateText = Type.String({ pattern: LEGACY_DATE.source, description: 'YYYY-MM-DD HH:mm:ss (UTC)' });
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const IdArray = Type.Array(Id, { maxItems: MAX_IDS_PER_REQUEST });
const UnitStatusLiteral = Type.Union(UNIT_STATUSES.map((s) => Type.Literal(s)));

function fieldSchema(f: EditableField): TSchema {
  if (f.kind === 'string') return Type.String({ maxLength: f.maxLength, ...(f.pattern ? { pattern: f.pattern } : {}) });
  if (f.kind === 'int') return Type.Integer({ minimum: f.min, maximum: f.max });
  return Type.Number({ minimum: f.min, maximum: f.max });
}

/** Every editable field (null when never set). */
const settingsProperties = Object.fromEntries(EDITABLE_FIELDS.map((f) => [f.name, Nullable(fieldSchema(f))]));
export const UnitSettings = Type.Object(settingsProperties);
export type UnitSettings = Record<string, number | string | null>;

/** A partial settings update: any editable field; null clears one (not UnitName or UnitType). */
export const UnitSettingsPatch = Type.Object(
  Object.fromEntries(
    EDITABLE_FIELDS.map((f) => [
      f.name,
      Type.Optional(REQUIRED_SETTINGS.includes(f.name) ? fieldSchema(f) : Nullable(fieldSchema(f))),
    ]),
  ),
  { maxProperties: EDITABLE_FIELDS.length + 2 },
);
export type UnitSettingsPatch = Record<string, unknown>;

/** An alarm event of a unit ("Unit"). */
export const AlarmEvent = Type.Object({
  AlarmID: Type.Integer(),
  AlarmType: Type.Integer(),
  AlarmEventText: Type.String(),
  ChannelID: Type.Integer(),
  AlarmEventTime: Type.String(),
});
export type AlarmEvent = Static<typeof AlarmEvent>;

/** An alarm: with the type of its unit. */
export const Alarm = Type.Object({
  AlarmID: Type.Integer(),
  AlarmType: Type.Integer(),
  AlarmEventText: Type.String(),
  UnitID: Type.Integer(),
  ChannelID: Type.Integer(),
  AlarmEventTime: Type.String(),
  Units: Type.Array(Type.Object({ UnitType: Type.Integer() })),
});
export type Alarm = Static<typeof Alarm>;

/** A unit of the legacy calls: identity, its active alarm events and every editable field. */
export const LegacyUnit = Type.Object({
  ...settingsProperties,
  UnitID: Type.Integer(),
  CustomerID: Type.Integer(),
  UnitSerial: Type.String(),
  UnitName: Type.String(),
  UnitLocation: Type.String(),
  UnitType: Type.Integer(),
  UnitTypeName: Type.String(),
  Status: Type.Union(UNIT_STATUSES.map((s) => Type.Literal(s))),
  AlarmEvents: Type.Array(AlarmEvent),
});
export type LegacyUnit = Static<typeof LegacyUnit>;

export const UnitTypeRef = Type.Object({ code: Type.Integer(), name: Type.String() });

/** A device of the device APIs (v1 list, v2 list and filter). */
export const Device = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  location: Type.String(),
  organization: Type.Integer(),
  serial: Type.String(),
  type: UnitTypeRef,
  status: UnitStatusLiteral,
  alarmTypes: Type.Array(Type.Integer(), { description: 'types of the active alarms' }),
  nfcActive: Type.Boolean(),
  invertAlarmRange: Type.Boolean(),
  normallyClosed: Type.Boolean(),
  disabled: Type.Boolean(),
  firmware: Type.String(),
  lastReport: Nullable(Type.String({ format: 'date-time' })),
  groups: Type.Array(Type.String(), { description: 'names of the groups holding the unit' }),
});
export type Device = Static<typeof Device>;

export const DeviceInput = Type.Object({
  kind: Type.Union(INPUT_KINDS.map((k) => Type.Literal(k))),
  index: Type.Integer(),
  data: Type.Record(Type.String(), Type.Unknown()),
});
export type DeviceInput = Static<typeof DeviceInput>;

const LatestValue = Type.Object({ value: Type.Number(), time: Type.String({ format: 'date-time' }) });

/** One device with its inputs, latest data by column name, active alarms and settings. */
export const DeviceDetails = Type.Composite([
  Device,
  Type.Object({
    inputs: Type.Array(DeviceInput),
    latestData: Type.Record(Type.String(), LatestValue),
    alarms: Type.Array(Alarm),
    settings: UnitSettings,
  }),
]);
export type DeviceDetails = Static<typeof DeviceDetails>;

/** What a device offers: its unit groups, channels, chart columns, input kinds, relays and operations. */
export const DeviceOptions = Type.Object({
  id: Type.Integer(),
  type: UnitTypeRef,
  unitGroups: Type.Array(Type.String()),
  channels: Type.Array(Type.Integer()),
  columns: Type.Array(Type.String()),
  inputKinds: Type.Array(Type.String()),
  relayCount: Type.Integer(),
  operations: Type.Array(Type.String()),
  chart: Type.Record(Type.String(), Type.Unknown()),
});
export type DeviceOptions = Static<typeof DeviceOptions>;

export const DeviceListQuery = Type.Object({ orgs: Type.Optional(IdList) });
/** The status KPI's counts: the device list's customers and a dashboard filter's other parts (statusCounts.ts). */
export const StatusCountsQuery = Type.Object({
  orgs: Type.Optional(IdList),
  q: Type.Optional(Type.String({ maxLength: 200, description: 'text search: name, location or unit type' })),
  types: Type.Optional(IdList),
  alarmTypes: Type.Optional(IdList),
});
/** The statuses a filter picks, comma-joined. */
const StatusList = Type.String({
  pattern: '^((alarm|problem|ok|inactive)(,(alarm|problem|ok|inactive))*)?$',
  maxLength: 100,
});
/** The temperature KPI over several units: the units given, else the customers' units after a filter. */
export const TemperatureSummaryQuery = Type.Composite([
  StatusCountsQuery,
  Type.Object({ statuses: Type.Optional(StatusList), units: Type.Optional(IdList) }),
]);
/** A unit map's units: the customers' units after a dashboard filter, narrowed by the map's variant. */
export const MapUnitsQuery = Type.Composite([
  StatusCountsQuery,
  Type.Object({
    statuses: Type.Optional(StatusList),
    variant: Type.Optional(Type.Union(MAP_VARIANTS.map((v) => Type.Literal(v)))),
  }),
]);
const Count = Type.Integer({ minimum: 0 });
export const TemperatureSummaryBody = Type.Object({
  stats: Type.Union([
    Type.Object({ min: Type.Number(), max: Type.Number(), mean: Type.Number(), count: Count }),
    Type.Null(),
  ]),
  sources: Type.Array(Type.Object({ column: Type.String(), count: Count })),
  /** How many units the figures were worked out over. */
  units: Count,
});
export const StatusCountsBody = Type.Object({
  alarm: Count,
  problem: Count,
  ok: Count,
  inactive: Count,
  total: Count,
});
/** A unit map's placed units column by column (mapUnits.ts), and how many have no position. */
export const MapUnitsBody = Type.Object({
  ids: Type.Array(Type.Integer()),
  lat: Type.Array(Type.Number()),
  lng: Type.Array(Type.Number()),
  status: Type.Array(UnitStatusLiteral),
  unplaced: Count,
});
/** The unit types among the customers' units (the filter's type choice). */
export const UnitTypeCodesBody = Type.Object({ codes: Type.Array(Type.Integer()) });
export const UseContextQuery = Type.Object({ use_context: Type.Optional(Type.Boolean()) });

/** The device filter options (filter settings, every part optional). */
export const DeviceFilterBody = Type.Object({
  unitStatus: Type.Optional(
    Type.Object({
      alarm: Type.Optional(Type.Boolean()),
      inactive: Type.Optional(Type.Boolean()),
      ok: Type.Optional(Type.Boolean()),
      problem: Type.Optional(Type.Boolean()),
    }),
  ),
  unitTypes: Type.Optional(Type.Array(Type.Object({ UnitTypes: IdList }), { maxItems: 1000 })),
  alarmTypes: Type.Optional(
    Type.Array(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ pattern: '^\\d+$' })]), { maxItems: 1000 }),
  ),
  textSearch: Type.Optional(Type.String({ maxLength: 200 })),
});
export type DeviceFilterBody = Static<typeof DeviceFilterBody>;

export const DeviceGroup = Type.Object({
  id: Type.Integer(),
  key: Type.String({ description: 'the group’s container id (10 characters) in /api/v3/containers' }),
  organization: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  devices: Type.Array(Type.Integer()),
});
export type DeviceGroup = Static<typeof DeviceGroup>;

const groupFields = {
  organization: Id,
  name: NonBlank({ maxLength: 100 }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  devices: Type.Optional(IdArray),
};
export const NewDeviceGroup = Type.Object({ id: Type.Optional(Id), ...groupFields });
export type NewDeviceGroup = Static<typeof NewDeviceGroup>;
export const DeviceGroupUpdate = Type.Object({ id: Id, ...groupFields });
export type DeviceGroupUpdate = Static<typeof DeviceGroupUpdate>;
export const DeviceGroupKey = Type.Object({ id: Id, organization: Id });
export const UpdateGroupBody = Type.Object({ groupId: Id, devices: IdArray });

export const DeviceIdParam = Type.Object({ id: Id });
export const InputParams = Type.Object({
  id: Id,
  inputType: Type.Union(INPUT_KINDS.map((k) => Type.Literal(k))),
  index: Type.Integer({ minimum: 0, maximum: 63 }),
});
export const InputBody = Type.Object({ data: Type.Record(Type.String(), Type.Unknown(), { maxProperties: 100 }) });
export const AlarmsBody = Type.Object({ devices: IdArray });
export const AlarmAction = Type.Object({ id: Type.Integer(), name: Type.String(), description: Type.String() });

// Legacy v1 family (/api/v1/xrequest/…)
const Rows = (def?: number) =>
  Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, ...(def ? { default: def } : {}) }));
export const UnitsInfoQuery = Type.Object({ UnitIDs: Type.Optional(IdList), Rows: Rows() });
export const CustomersQuery = Type.Object({ CustomerIDs: Type.Optional(IdList) });
export const UnitsQuery = Type.Object({ CustomerIDs: Type.Optional(IdList), UnitIDs: Type.Optional(IdList) });
export const UnitGroupsBody = Type.Object({ CustomerID: Type.Union([Id, Type.String({ pattern: '^\\d{1,10}$' })]) });
export const UnitsByPosQuery = Type.Object({
  UnitIDs: Type.Optional(IdList),
  CustomerIDs: Type.Optional(IdList),
  Distance: Type.Optional(Type.Number({ minimum: 0, maximum: 1e6, default: UNITS_BY_POS_DEFAULTS.distanceKm })),
  UnitGroups: Type.Optional(IdList),
  Rows: Rows(UNITS_BY_POS_DEFAULTS.rows),
});
export const AlarmsQuery = Type.Object({
  CustomerIDs: Type.Optional(IdList),
  UnitIDs: Type.Optional(IdList),
  Rows: Rows(ALARM_QUERY_DEFAULTS.rows),
  StartDate: Type.Optional({ ...LegacyDateText, default: ALARM_QUERY_DEFAULTS.startDate }),
});
export const KpiBody = Type.Object({ CustomerIDs: Type.Optional(IdList), UnitIDs: Type.Optional(IdList) });
export const KpiAlarmsBody = Type.Object({
  CustomerIDs: Type.Optional(IdList),
  UnitIDs: Type.Optional(IdList),
  StartDate: Type.Optional({ ...LegacyDateText, default: ALARM_QUERY_DEFAULTS.startDate }),
});
export const EditUnitInfoBody = Type.Composite([
  Type.Object({ UnitID: Id, CustomerID: Type.Optional(Id) }),
  UnitSettingsPatch,
]);

export const UnitTypeRow = Type.Object({ UnitType: Type.Integer(), UnitTypeName: Type.String() });
export const UnitGroupRow = Type.Object({ GroupId: Type.Integer(), Description: Type.String() });
export const UnitByPos = Type.Composite([LegacyUnit, Type.Object({ Distance: Type.Number({ description: 'km' }) })]);
export const UnitShowValue = Type.Object({
  UnitID: Type.Integer(),
  UnitName: Type.String(),
  UnitType: Type.Integer(),
  Temperature: Nullable(Type.Number()),
  BatteryVoltage: Nullable(Type.Number()),
  LastValueTime: Nullable(Type.String()),
  Values: Type.Record(Type.String(), Type.Number()),
});
export type UnitShowValue = Static<typeof UnitShowValue>;
export const KpiAlarmRow = Type.Object({ AlarmDate: Type.String(), Count: Type.Integer() });
export type KpiAlarmRow = Static<typeof KpiAlarmRow>;
export const KpiBatteryRow = Type.Object({
  DataBatteryVoltage: Type.Number(),
  Status: Type.Union([Type.Literal('ok'), Type.Literal('low')]),
  D: Type.Array(Type.Object({ NoOffUnits: Type.Integer() })),
});
export type KpiBatteryRow = Static<typeof KpiBatteryRow>;
export const KpiSwitchRow = Type.Object({
  UnitID: Type.Integer(),
  UnitName: Type.String(),
  ChannelID: Type.Integer(),
  Value: Type.Number(),
  DataTime: Type.String(),
});
export type KpiSwitchRow = Static<typeof KpiSwitchRow>;
