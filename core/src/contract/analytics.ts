import { type Static, Type } from '@sinclair/typebox';
import { ChannelNumber, MarkerInput } from './telemetry.ts';

const UnitId = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** A fault the radar analysis found on a channel's curves: suggested until a user accepts or dismisses it. */
export const RadarFinding = Type.Object({
  id: Type.Integer(),
  unitId: Type.Integer(),
  channel: Type.Integer(),
  kind: Type.Union([Type.Literal('wet'), Type.Literal('break')], {
    description: 'wet: water in the insulation (a dip); break: the alarm wire broken (nothing beyond)',
  }),
  position: Type.Number({ description: 'metres from the unit' }),
  uncertainty: Type.Number({ description: 'metres either side' }),
  size: Type.Number({ description: "the echo's height in curve units" }),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  pulseSpeed: Type.Number(),
  firstSeen: Type.String({ format: 'date-time' }),
  curveTime: Type.String({ format: 'date-time', description: 'the newest curve showing it' }),
  state: Type.Union([Type.Literal('suggested'), Type.Literal('accepted'), Type.Literal('dismissed')]),
  markerId: Type.Union([Type.Integer(), Type.Null()], { description: 'the marker an accepted finding became' }),
});
export type RadarFinding = Static<typeof RadarFinding>;

export const FindingParams = Type.Object({ id: UnitId, n: ChannelNumber, finding: UnitId });

/** Accepting a suggestion: the marker's name (and comments) in the user's words. */
export const AcceptFindingBody = Type.Pick(MarkerInput, ['name', 'comments'], { additionalProperties: false });
export type AcceptFindingBody = Static<typeof AcceptFindingBody>;

/**
 * When a unit's measurement is expected to cross its next alarm level (within the forecast horizon):
 * channel 1–4 is an insulation channel's resistance, channel 0 the battery.
 */
export const UnitForecast = Type.Object({
  unitId: Type.Integer(),
  channel: Type.Integer({ minimum: 0, maximum: 4 }),
  limit: Type.Number({ description: 'the level: MΩ for a channel, volts for the battery' }),
  expectedAt: Type.String({ format: 'date-time' }),
  warned: Type.Boolean({ description: "within the organization's warning time: raised as a warning" }),
});
export type UnitForecast = Static<typeof UnitForecast>;
