import { type Static, Type } from '@sinclair/typebox';
import { PARKING_WINDOW_DEFAULT } from '../constants.ts';
import { GIS_TYPE_NAMES } from '../gis.ts';
import { OPERATIONS, RELAY_STATE_PATTERN } from '../units/operations.ts';
import { Nullable } from './common.ts';
import { IdList, LegacyDateText } from './devices.ts';

/** Legacy v1 data, radar, marker, channel, relay, action and report calls (/api/v1/xrequest/…). */

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const ChannelID = Type.Integer({ minimum: 1, maximum: 4, description: 'channel, 1-based' });

export const DayTimeText = Type.String({
  pattern: '^([01]?\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?$|^24:00(:00)?$',
  description: 'H:mm time of day (UTC)',
});

export const GetUnitsDataQuery = Type.Object({
  Columns: Type.String({ minLength: 1, maxLength: 4000, description: "comma list of column names, '*' for all" }),
  StartDate: LegacyDateText,
  UnitID: Id,
  LastValue: Type.Optional(Type.String({ maxLength: 10, description: '1, true or Y: only the newest row' })),
});
export type GetUnitsDataQuery = Static<typeof GetUnitsDataQuery>;
export const GetUnitsDataCsvQuery = Type.Composite([
  GetUnitsDataQuery,
  Type.Object({ StopDate: Type.Optional(LegacyDateText) }),
]);
export type GetUnitsDataCsvQuery = Static<typeof GetUnitsDataCsvQuery>;

/** One row per time: UnitID, DataTime and one property per requested column that has a value then. */
export const LegacyDataRow = Type.Object(
  { UnitID: Type.Integer(), DataTime: Type.String() },
  { additionalProperties: Type.Number() },
);
export type LegacyDataRow = Static<typeof LegacyDataRow> & Record<string, number | string>;

export const GetRadarDatesQuery = Type.Object({
  StartDate: LegacyDateText,
  ChannelID,
  UnitID: Id,
  StopDate: Type.Optional(LegacyDateText),
});
export const RadarDateRow = Type.Object({ RadarDate: Type.String() });
export const GetRadarQuery = Type.Object({ ChannelID, CustomerID: Id, RadarDate: LegacyDateText, UnitID: Id });
export const LegacyRadar = Type.Object({
  UnitID: Type.Integer(),
  ChannelID: Type.Integer(),
  CustomerID: Type.Integer(),
  RadarDate: Type.String(),
  PulseSpeed: Type.Number(),
  SampleInterval: Type.Number({ description: 'nanoseconds between points' }),
  RadarData: Type.Array(Type.Number()),
  Positions: Type.Array(Type.Number(), { description: 'metres' }),
  ChannelDefaultRadar: Nullable(Type.Array(Type.Number())),
  Difference: Nullable(Type.Array(Type.Number())),
});
export type LegacyRadar = Static<typeof LegacyRadar>;

/** The v1 marker form: JSonData is the serialised interface form {name, position, comments, pulseSpeed, locked}. */
export const LegacyMarker = Type.Object({
  ChannelID: Type.Integer(),
  CustomerID: Type.Integer(),
  MarkerID: Type.Integer(),
  UnitID: Type.Integer(),
  JSonData: Type.String(),
});
export type LegacyMarker = Static<typeof LegacyMarker>;
export const EditMarkBody = Type.Object({
  ChannelID,
  CustomerID: Id,
  MarkerID: Type.Integer({ minimum: 0, maximum: 2147483647, description: '0 creates a marker' }),
  UnitID: Id,
  JSonData: Type.String({ minLength: 2, maxLength: 10_000 }),
});
export type EditMarkBody = Static<typeof EditMarkBody>;
export const DeleteMarkQuery = Type.Object({ ChannelID, CustomerID: Id, MarkerID: Id, UnitID: Id });
export const GetAllMarksQuery = Type.Object({ ChannelID, UnitID: Id });
export const LegacyMarks = Type.Object({
  ChannelID: Type.Integer(),
  UnitID: Type.Integer(),
  Marker: Type.Array(LegacyMarker),
});

export const GetChannelQuery = Type.Object({ ChannelID, UnitID: Id, CustomerID: Id });
export const LegacyChannel = Type.Object({
  ChannelID: Type.Integer(),
  UnitID: Type.Integer(),
  CustomerID: Type.Integer(),
  Columns: Type.String({ description: 'comma list of the column names shown for the channel' }),
});
export type LegacyChannel = Static<typeof LegacyChannel>;
export const EditChannelBody = Type.Object({
  ChannelID,
  CustomerID: Id,
  UnitID: Id,
  Columns: Type.String({ maxLength: 4000 }),
});

export const SetRelayQuery = Type.Object({
  UnitID: Id,
  DataValue: Type.String({ pattern: RELAY_STATE_PATTERN, description: "one '1' or '0' per relay" }),
});
export const LegacyRelayResult = Type.Object({
  UnitID: Type.Integer(),
  DataValue: Type.String(),
  SequenceNumber: Type.Integer(),
  Status: Type.String(),
});

/** Upper-cased operation names of UnitAction (RESTART, GET_DATA, …). */
export const UNIT_ACTIONS = OPERATIONS.map((o) => o.toUpperCase());
export const UnitActionBody = Type.Object({
  Action: Type.Unsafe<string>({ type: 'string', enum: UNIT_ACTIONS, description: UNIT_ACTIONS.join(', ') }),
  CustomerID: Id,
  RunAndWait: Type.Optional(
    Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })], {
      description: "wait (up to 15 s) for the unit's answer",
    }),
  ),
  SequenceNumber: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 2147483647, description: '0 or absent: run the action; otherwise poll it' }),
  ),
  UnitID: Id,
  UnitSerial: Type.Optional(Type.String({ maxLength: 100, description: "when given, must be the unit's serial" })),
});
export type UnitActionBody = Static<typeof UnitActionBody>;
export const UnitActionResult = Type.Object({
  SequenceNumber: Type.Integer(),
  Action: Type.String(),
  Status: Type.String({ description: 'requested, succeeded or failed' }),
  Message: Type.String(),
});

export const ParkingUsageQuery = Type.Object({
  StartDate: LegacyDateText,
  StopDate: LegacyDateText,
  StartDay: Type.Optional({ ...DayTimeText, default: PARKING_WINDOW_DEFAULT.start }),
  StopDay: Type.Optional({ ...DayTimeText, default: PARKING_WINDOW_DEFAULT.stop }),
  UnitIDs: IdList,
});
export type ParkingUsageQuery = Static<typeof ParkingUsageQuery>;
const Usage = {
  OccupiedMinutes: Type.Number(),
  WindowMinutes: Type.Number(),
  Occupancy: Type.Number({ description: 'occupied minutes / window minutes (0–1)' }),
};
export const ParkingUnitUsage = Type.Object({ UnitID: Type.Integer(), UnitName: Type.String(), ...Usage });
export type ParkingUnitUsage = Static<typeof ParkingUnitUsage>;
export const ParkingReport = Type.Object({
  StartDate: Type.String(),
  StopDate: Type.String(),
  StartDay: Type.String(),
  StopDay: Type.String(),
  Units: Type.Array(ParkingUnitUsage),
  Totals: Type.Object({ Units: Type.Integer(), ...Usage }),
});
export type ParkingReport = Static<typeof ParkingReport>;

export const GisQuery = Type.Object({ CustomerID: Id });
export type GisQuery = Static<typeof GisQuery>;
const GisPosition = Type.Tuple(
  [Type.Number({ minimum: -180, maximum: 180 }), Type.Number({ minimum: -90, maximum: 90 })],
  { description: '[longitude, latitude]' },
);
/** GeoJSON geometries of GIS features: points, lines and simple polygons (closed rings). */
export const GisGeometry = Type.Union([
  Type.Object({ type: Type.Literal('Point'), coordinates: GisPosition }),
  Type.Object({
    type: Type.Literal('LineString'),
    coordinates: Type.Array(GisPosition, { minItems: 2, maxItems: 10000 }),
  }),
  Type.Object({
    type: Type.Literal('Polygon'),
    coordinates: Type.Array(Type.Array(GisPosition, { minItems: 4, maxItems: 10000 }), { minItems: 1, maxItems: 100 }),
  }),
]);
export type GisGeometry = Static<typeof GisGeometry>;
/**
 * A GeoJSON feature of GetGISData: a stored GIS feature (FeatureID, Name) or a unit as a measuring
 * point (UnitID, UnitName, UnitType, UnitLocation). GISType is the spec's type text.
 */
export const GisFeature = Type.Object({
  type: Type.Literal('Feature'),
  geometry: GisGeometry,
  properties: Type.Object({
    GISType: Type.Union(GIS_TYPE_NAMES.map((n) => Type.Literal(n))),
    CustomerID: Type.Integer(),
    FeatureID: Type.Optional(Type.Integer()),
    Name: Type.Optional(Type.String()),
    UnitID: Type.Optional(Type.Integer()),
    UnitName: Type.Optional(Type.String()),
    UnitType: Type.Optional(Type.Integer()),
    UnitLocation: Type.Optional(Type.String()),
  }),
});
export type GisFeature = Static<typeof GisFeature>;
