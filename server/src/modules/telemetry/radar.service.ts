import {
  formatLegacyDate,
  type LegacyRadar,
  RADAR_SAMPLE_INTERVAL_NS,
  type RadarCurve,
  type RadarReference,
  radarPositions,
} from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';

import type { UnitRow } from '../devices/devices.service.ts';
import { type ChannelRow, type StoredReference, setDefaultRadar } from './channels.repository.ts';
import { curvesWithReferences, radarAt, radarDates } from './radar.repository.ts';
import { channelOf } from './telemetry.service.ts';

/** Stored curves of channels at the given times, each with its channel's reference (the analysis's batch read). */
export function storedCurves(db: Queryable, keys: Parameters<typeof curvesWithReferences>[1]) {
  return curvesWithReferences(db, keys);
}

/** A curve with positions, the channel's reference and the difference: the one view behind v2 and GetRadar. */
export type CurveView = {
  timestamp: Date;
  pulseSpeed: number;
  values: number[];
  positions: number[];
  reference: StoredReference | null;
  difference: number[] | null;
};

/** The stored curve of a channel at or before `at` (404 when there is none) and the channel's reference. */
export async function storedCurve(db: Queryable, unitId: number, channel: number, at: Date) {
  const ch = await channelOf(db, unitId, channel);
  const curve = await radarAt(db, unitId, channel, at);
  if (!curve) throw new HttpError(404, `No radar curve of channel ${channel} at or before ${at.toISOString()}`);
  return { curve, reference: ch.default_radar };
}

/** The curve of a channel at or before `at` with its positions, its reference and the difference. */
export async function curveAt(db: Queryable, unitId: number, channel: number, at: Date): Promise<CurveView> {
  const { curve, reference } = await storedCurve(db, unitId, channel, at);
  const values = curve.points;
  const difference = reference
    ? values.slice(0, Math.min(values.length, reference.points.length)).map((v, i) => v - (reference.points[i] ?? 0))
    : null;
  return {
    timestamp: new Date(curve.ts),
    pulseSpeed: curve.pulse_speed,
    values,
    positions: radarPositions(values.length, curve.pulse_speed),
    reference,
    difference,
  };
}

const referenceView = (ref: StoredReference | null): RadarReference =>
  ref ? { timestamp: ref.t, points: ref.points } : null;

export function toRadarCurve(unitId: number, channel: number, v: CurveView): RadarCurve {
  return {
    unitId,
    channel,
    timestamp: v.timestamp.toISOString(),
    pulseSpeed: v.pulseSpeed,
    sampleIntervalNs: RADAR_SAMPLE_INTERVAL_NS,
    positions: v.positions,
    values: v.values,
    ChannelDefaultRadar: referenceView(v.reference),
    difference: v.difference,
  };
}

export function toLegacyRadar(unit: UnitRow, channel: number, v: CurveView): LegacyRadar {
  return {
    UnitID: unit.id,
    ChannelID: channel,
    CustomerID: unit.organization_id,
    RadarDate: formatLegacyDate(v.timestamp),
    PulseSpeed: v.pulseSpeed,
    SampleInterval: RADAR_SAMPLE_INTERVAL_NS,
    RadarData: v.values,
    Positions: v.positions,
    ChannelDefaultRadar: v.reference?.points ?? null,
    Difference: v.difference,
  };
}

/**
 * Sets (or with null clears) a channel's reference curve: given points, or the stored curve of a
 * time (which must exist exactly then, to the millisecond or the second).
 */
export async function setReference(
  db: Queryable,
  unitId: number,
  channel: number,
  value: number[] | string | null,
): Promise<{ channel: number; ChannelDefaultRadar: RadarReference }> {
  const ch: ChannelRow = await channelOf(db, unitId, channel);
  let ref: StoredReference | null = null;
  if (Array.isArray(value)) {
    ref = { points: value, t: null, pulseSpeed: null };
  } else if (typeof value === 'string') {
    const curve = await curveOfTime(db, unitId, channel, new Date(value));
    if (!curve) throw new HttpError(404, `ChannelDefaultRadar: no radar curve of channel ${channel} at ${value}`);
    ref = { points: curve.points, t: new Date(curve.ts).toISOString(), pulseSpeed: curve.pulse_speed };
  }
  await setDefaultRadar(db, unitId, ch.channel, ref);
  return { channel, ChannelDefaultRadar: referenceView(ref) };
}

/** The stored curve of exactly this time; a time given to the second also matches a curve within that second. */
async function curveOfTime(db: Queryable, unitId: number, channel: number, at: Date) {
  const wholeSecond = at.getTime() % 1000 === 0;
  const curve = await radarAt(db, unitId, channel, new Date(at.getTime() + (wholeSecond ? 999 : 0)));
  if (!curve) return undefined;
  const t = new Date(curve.ts).getTime();
  return t === at.getTime() || (wholeSecond && t >= at.getTime()) ? curve : undefined;
}

/** GetRadarDates: times of the stored curves of a channel in [start, stop]. */
export async function legacyRadarDates(db: Queryable, unitId: number, channel: number, start: Date, stop: Date) {
  await channelOf(db, unitId, channel);
  const dates = await radarDates(db, unitId, channel, start, stop);
  return dates.map((d) => ({ RadarDate: formatLegacyDate(new Date(d)) }));
}
