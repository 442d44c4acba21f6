import { type Static, Type } from '@sinclair/typebox';
import { MAX_IDS_PER_REQUEST } from '../units/chunks.ts';
import { OPERATIONS, RELAY_STATE_PATTERN } from '../units/operations.ts';
import { Nullable } from './common.ts';

export * from './telemetryLegacy.ts';

/** A chart answers at most this many points per series; longer ranges are downsampled with min/max. */
export const DATA_MAX_POINTS = 2000;
/** A range without a start covers this long before its end (24 hours). */
export const DATA_DEFAULT_RANGE_MS = 24 * 60 * 60 * 1000;

const UnitId = Type.Integer({ minimum: 1, maximum: 2147483647 });
const IsoTime = Type.String({ format: 'date-time', maxLength: 40 });
/** A channel on the wire: index plus 1. */
export const ChannelNumber = Type.Integer({ minimum: 1, maximum: 4, description: 'channel, 1-based (index + 1)' });

// Samples -------------------------------------------------------------------------------------

export const UnitDataQueryV3 = Type.Object({
  start: Type.Optional({ ...IsoTime, description: 'ISO time; default 24 hours before end' }),
  end: Type.Optional({ ...IsoTime, description: 'ISO time; default now' }),
  records: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 100_000,
      description: `at most this many points per series (≤ ${DATA_MAX_POINTS})`,
    }),
  ),
});
export type UnitDataQueryV3 = Static<typeof UnitDataQueryV3>;

export const UnitDataQueryV2 = Type.Object({
  start: Type.Optional({ ...IsoTime, description: 'ISO time; default 24 hours before stop' }),
  stop: Type.Optional({ ...IsoTime, description: 'ISO time; default now' }),
});
export type UnitDataQueryV2 = Static<typeof UnitDataQueryV2>;

export const DataSeries = Type.Object({
  column: Type.String({ description: 'column name of the legacy calls, e.g. Resistance1' }),
  key: Type.String(),
  unit: Type.String(),
  channel: Nullable(Type.Integer()),
  downsampled: Type.Boolean({ description: 'true: each time bucket gives its minimum, then its maximum' }),
  points: Type.Array(Type.Tuple([Type.String({ format: 'date-time' }), Type.Number()])),
});
export type DataSeries = Static<typeof DataSeries>;

/** Samples of a unit in [start, end), one entry per series that has data, oldest point first. */
export const UnitData = Type.Object({
  unitId: Type.Integer(),
  start: Type.String({ format: 'date-time' }),
  end: Type.String({ format: 'date-time' }),
  bucketSeconds: Nullable(Type.Number({ description: 'bucket length of the downsampled series' })),
  series: Type.Array(DataSeries),
});
export type UnitData = Static<typeof UnitData>;

// Radar ---------------------------------------------------------------------------------------

export const DeviceChannelParams = Type.Object({ id: UnitId, channel: ChannelNumber });
export const RadarQuery = Type.Object({
  timestamp: Type.Optional({ ...IsoTime, description: 'the curve at or before this time; default now' }),
});
export const RadarReference = Nullable(
  Type.Object({
    timestamp: Nullable(Type.String({ description: 'time of the curve it was taken from, if any' })),
    points: Type.Array(Type.Number()),
  }),
);
export type RadarReference = Static<typeof RadarReference>;

export const RadarCurve = Type.Object({
  unitId: Type.Integer(),
  channel: Type.Integer(),
  timestamp: Type.String({ format: 'date-time' }),
  pulseSpeed: Type.Number({ description: 'fraction of the speed of light' }),
  sampleIntervalNs: Type.Number(),
  positions: Type.Array(Type.Number(), { description: 'metres from the unit, one per point' }),
  values: Type.Array(Type.Number()),
  ChannelDefaultRadar: RadarReference,
  difference: Nullable(
    Type.Array(Type.Number(), { description: 'values minus the reference, over the points both have' }),
  ),
});
export type RadarCurve = Static<typeof RadarCurve>;

export const RadarReferenceBody = Type.Object({
  ChannelDefaultRadar: Type.Union(
    [
      Type.Array(Type.Number(), { minItems: 2, maxItems: 4096 }),
      { ...IsoTime, description: 'adopt the stored curve of this time' },
      Type.Null(),
    ],
    { description: 'the reference curve: its points, the time of a stored curve, or null to clear it' },
  ),
});
export type RadarReferenceBody = Static<typeof RadarReferenceBody>;
export const RadarReferenceResult = Type.Object({ channel: Type.Integer(), ChannelDefaultRadar: RadarReference });

// Markers -------------------------------------------------------------------------------------

/** A marker in its interface form ("Marker"). */
export const MarkerInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    position: Type.Number({ minimum: 0, maximum: 100_000, description: 'metres from the unit' }),
    comments: Type.Optional(Type.String({ maxLength: 2000 })),
    pulseSpeed: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, maximum: 1, description: "default: the channel's pulse speed" }),
    ),
    locked: Type.Optional(Type.Boolean({ description: 'a locked marker cannot be moved or deleted' })),
  },
  { additionalProperties: false },
);
export type MarkerInput = Static<typeof MarkerInput>;
export const MarkerPatch = Type.Partial(MarkerInput, { additionalProperties: false, minProperties: 1 });
export type MarkerPatch = Static<typeof MarkerPatch>;

export const MarkerData = Type.Object({
  name: Type.String(),
  position: Type.Number(),
  comments: Type.String(),
  pulseSpeed: Type.Number(),
  locked: Type.Boolean(),
});
export type MarkerData = Static<typeof MarkerData>;
export const Marker = Type.Composite([Type.Object({ id: Type.Integer(), channel: Type.Integer() }), MarkerData]);
export type Marker = Static<typeof Marker>;

export const MarkerChannelParams = Type.Object({ id: UnitId, n: ChannelNumber });
export const MarkerParams = Type.Object({ id: UnitId, n: ChannelNumber, marker: UnitId });

// Relay and operations ------------------------------------------------------------------------

/** Relay states of the interface plus ready: no command under way. */
const RELAY_STATUSES = ['initializing', 'pending', 'error', 'resetting', 'ready'] as const;

export const RelayView = Type.Object({
  state: Nullable(Type.String({ description: 'the outputs as the unit last reported them, e.g. 1010' })),
  status: Type.Union(
    RELAY_STATUSES.map((s) => Type.Literal(s)),
    {
      description:
        'initializing: no state reported yet; pending: a command awaits the unit; error: the last command failed; resetting: a restart is under way; ready: none of these',
    },
  ),
  requested: Nullable(Type.String({ description: 'the state of the last relay command' })),
  seq: Nullable(Type.Integer({ description: 'sequence number of the last relay command' })),
  message: Type.String(),
});
export type RelayView = Static<typeof RelayView>;

export const RelayBody = Type.Object({
  state: Type.String({ pattern: RELAY_STATE_PATTERN, description: "one '1' (on) or '0' (off) per relay" }),
});
export const RelayAccepted = Type.Object({ seq: Type.Integer(), state: Type.Literal('pending') });

const operationEnum = (names: readonly string[]) =>
  Type.Unsafe<string>({ type: 'string', enum: [...names], description: names.join(', ') });
export const OperationQuery = Type.Object({ operation: operationEnum(OPERATIONS) });
export const OperationPollQuery = Type.Object({
  sequence: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  operation: operationEnum([...OPERATIONS, 'relay']),
});
const OPERATION_STATES = ['requested', 'succeeded', 'failed'] as const;
export const OperationRequested = Type.Object({
  seq: Type.Integer(),
  operation: Type.String(),
  state: Type.Literal('requested'),
});
export const OperationStatus = Type.Object({
  seq: Type.Integer(),
  operation: Type.String(),
  state: Type.Union(OPERATION_STATES.map((s) => Type.Literal(s))),
  message: Type.String(),
  requestedAt: Type.String({ format: 'date-time' }),
  finishedAt: Nullable(Type.String({ format: 'date-time' })),
});
export type OperationStatus = Static<typeof OperationStatus>;

// Table report --------------------------------------------------------------------------------

export const TableReportBody = Type.Object({
  unitIds: Type.Array(UnitId, { minItems: 1, maxItems: MAX_IDS_PER_REQUEST }),
  columns: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), {
    minItems: 1,
    maxItems: 100,
    description: "column names, or ['*'] for all",
  }),
  start: Type.Optional({ ...IsoTime, description: 'default 30 days before stop' }),
  stop: Type.Optional({ ...IsoTime, description: 'default now' }),
});
export type TableReportBody = Static<typeof TableReportBody>;

export const TableCell = Type.Object({
  last: Type.Number(),
  lastTime: Type.String({ format: 'date-time' }),
  min: Type.Number(),
  max: Type.Number(),
  avg: Type.Number(),
  count: Type.Integer(),
});
export type TableCell = Static<typeof TableCell>;
export const TableReport = Type.Object({
  start: Type.String({ format: 'date-time' }),
  stop: Type.String({ format: 'date-time' }),
  columns: Type.Array(Type.Object({ column: Type.String(), unit: Type.String() })),
  rows: Type.Array(
    Type.Object({
      unitId: Type.Integer(),
      unitName: Type.String(),
      values: Type.Record(Type.String(), Nullable(TableCell), { description: 'by column; null: no data in range' }),
    }),
  ),
});
export type TableReport = Static<typeof TableReport>;
