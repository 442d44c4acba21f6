import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './common.ts';

/** Device management calls beyond those the spec lists: alarm limits, the operation queue, the log. */

const Limit = Type.Number({ minimum: 0, maximum: 1_000_000 });
const Levels = (max: number) => Type.Array(Limit, { maxItems: max });

const ChannelLimits = Type.Object(
  {
    resistance: Type.Optional(Levels(4)),
    loopMax: Type.Optional(Limit),
    loopOpen: Type.Optional(Limit),
    galvanic: Type.Optional(Levels(2)),
  },
  { additionalProperties: false },
);

const HoldS = Type.Integer({ minimum: 0, maximum: 7 * 86_400, description: 'seconds normal before it clears' });
/** A kind whose margin is a fraction of its limit (0.1 = 10 %). */
const RelativeMargin = Type.Object(
  { margin: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })), holdS: Type.Optional(HoldS) },
  { additionalProperties: false },
);
/** A kind whose margin is in its own unit (percentage points, °C, V). */
const AbsoluteMargin = Type.Object(
  { margin: Type.Optional(Limit), holdS: Type.Optional(HoldS) },
  { additionalProperties: false },
);
/** A binary kind: no value margin, only a hold time. */
const HoldOnly = Type.Object({ holdS: Type.Optional(HoldS) }, { additionalProperties: false });

/**
 * A unit's own alarm hysteresis per kind (core's ALARM_HYSTERESIS has the defaults and the scale
 * of each kind's margin); a kind or a field left out takes the default.
 */
export const AlarmHysteresis = Type.Object(
  {
    resistance: Type.Optional(RelativeMargin),
    loopMax: Type.Optional(RelativeMargin),
    loopOpen: Type.Optional(RelativeMargin),
    galvanic: Type.Optional(RelativeMargin),
    radarPct: Type.Optional(AbsoluteMargin),
    analog: Type.Optional(RelativeMargin),
    pt: Type.Optional(AbsoluteMargin),
    battery: Type.Optional(AbsoluteMargin),
    formula: Type.Optional(RelativeMargin),
    ground: Type.Optional(RelativeMargin),
    switch: Type.Optional(HoldOnly),
    intrusion: Type.Optional(HoldOnly),
    communication: Type.Optional(HoldOnly),
  },
  { additionalProperties: false },
);
export type AlarmHysteresis = Static<typeof AlarmHysteresis>;

/**
 * A unit's alarm limits: the unit's own and, per channel (1-based), those that differ; and its
 * hysteresis where it differs from the defaults (kept when a PUT leaves it out).
 */
export const AlarmLimits = Type.Object(
  {
    resistance: Type.Optional(Levels(4)),
    loopMax: Type.Optional(Limit),
    loopOpen: Type.Optional(Limit),
    galvanic: Type.Optional(Levels(2)),
    radarPct: Type.Optional(Levels(2)),
    battery: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    ground: Type.Optional(Limit),
    channels: Type.Optional(Type.Record(Type.String({ pattern: '^[1-4]$' }), ChannelLimits, { maxProperties: 4 })),
    hysteresis: Type.Optional(AlarmHysteresis),
  },
  { additionalProperties: false },
);
export type AlarmLimits = Static<typeof AlarmLimits>;

/** The unit's log: operations, alarms and reports, newest first. */
export const UnitLogEntry = Type.Object({
  time: Type.String({ format: 'date-time' }),
  kind: Type.Union([
    Type.Literal('operation'),
    Type.Literal('alarm'),
    Type.Literal('alarmCleared'),
    Type.Literal('report'),
  ]),
  name: Type.String({ description: 'operation name, alarm type number or the count of values reported' }),
  state: Type.String(),
  message: Type.String(),
});
export type UnitLogEntry = Static<typeof UnitLogEntry>;
export const UnitLogQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
});

/** Tag host calls: a tag's uuid, template and restriction. */
export const TagUnitQuery = Type.Object({ unit: Type.Integer({ minimum: 1 }) });
export const TagUuidParam = Type.Object({ uuid: Type.String({ format: 'uuid' }) });
export const TagSettingQuery = Type.Object({ id: Type.Integer({ minimum: -1, maximum: 2_147_483_647 }) });
export const TagView = Type.Object({
  tag_uuid: Type.String(),
  template: Type.Integer(),
  restriction: Type.Integer(),
  unit: Nullable(Type.Integer()),
});
export type TagView = Static<typeof TagView>;
/** GET /api/v1/taghost/tags: a tag with its unit's name and serial, for labels. */
export const TagListEntry = Type.Object({
  tag_uuid: Type.String(),
  unit: Type.Integer(),
  name: Type.String(),
  serial: Type.String(),
});
export type TagListEntry = Static<typeof TagListEntry>;
