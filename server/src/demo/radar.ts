import { metresPerPoint } from '@fieldwatch/core';
import { broken, type UnitModel, wetness } from './physics.ts';
import { clamp, DAY, gauss, MINUTE, rand, round, season, smoothNoise, white } from './seeded.ts';

// ── Radar (TDR) ─────────────────────────────────────────────────────────────────────────────────

/** Points of a demo curve and the time between them; a point k lies k × metresPerPoint from the unit. */
export const RADAR_POINTS = 512;

/** Echo heights (curve units) of the reference features and of the faults. */
const END_ECHO = 350;
const FAULT_ECHO = 210;
const BREAK_ECHO = 450;

/**
 * A TDR curve of a channel at time t (the reference curve of commissioning when t is null): the
 * launch pulse, small echoes at joints, the far end, and, when faults exist, a dip where water
 * lowers the wave impedance, or a step where the wire is broken (nothing is seen beyond it).
 */
export function radarCurve(m: UnitModel, channel: number, t: number | null): number[] {
  const ch = m.channels[channel - 1];
  if (!ch) return [];
  // The pulse is a little faster in a warm pipe: a point lies that much further out than at
  // commissioning, which stretches the whole curve against its reference.
  const dx = metresPerPoint(ch.pulseSpeed) * (t === null ? 1 : pulseStretch(m, channel, t));
  const att = (x: number) => Math.exp(-x / 2500);
  const w = t === null ? 0 : wetness(m, channel, t);
  const brk = t !== null && broken(m, channel, t) ? m.wireBreak : null;
  const noiseBucket = t === null ? -1 : Math.floor(t / (10 * MINUTE));
  const points: number[] = new Array(RADAR_POINTS);
  for (let k = 0; k < RADAR_POINTS; k++) {
    const x = k * dx;
    let v = 1800 * gauss((k - 6) / 3) - 160 * Math.exp(-k / 40) * Math.sin(k / 9);
    let beyond = 0;
    for (const j of ch.joints) beyond += 28 * att(j) * -2 * ((x - j) / (2 * dx)) * gauss((x - j) / (2 * dx));
    beyond += END_ECHO * att(ch.lengthM) * gauss((x - ch.lengthM) / (3 * dx));
    if (brk) {
      const past = x > brk.positionM ? 0.05 : 1;
      v += BREAK_ECHO * gauss((x - brk.positionM) / (3 * dx));
      beyond *= past;
    }
    v += beyond;
    if (w > 0 && m.leak) v -= FAULT_ECHO * w * gauss((x - m.leak.positionM) / (2.5 * dx));
    v += 3 * (rand(m.key, 80 + channel, noiseBucket, k) * 2 - 1);
    points[k] = round(v, 1);
  }
  return points;
}

/** How much faster than at commissioning the pulse travels now (±0.3 % over the year, ±0.1 % with the weather). */
export const pulseStretch = (m: UnitModel, channel: number, t: number) =>
  1 + 0.003 * season(t) + 0.001 * smoothNoise(m.key, 85 + channel, t, 2 * DAY);

/** How much the curves depart from the reference (%), the quantity of the radar-percentage alarms. */
export function radarPercentage(m: UnitModel, t: number): number {
  let pct = 0;
  m.channels.forEach((_, i) => {
    const ch = i + 1;
    const p = (100 * FAULT_ECHO * wetness(m, ch, t) ** 1.5) / END_ECHO + (broken(m, ch, t) ? 85 : 0);
    pct = Math.max(pct, p);
  });
  return round(clamp(1.5 + pct + 0.8 * white(m.key, 90, t), 0, 100), 1);
}
