/** Radar curves: point i was sampled i × this interval after the pulse (docs/device-protocol.md). */
export const RADAR_SAMPLE_INTERVAL_NS = 40;
export const SPEED_OF_LIGHT_M_PER_S = 299_792_458;

/**
 * Metres between two points of a curve: the echo travels there and back, so a point lies
 * interval × pulseSpeed × c / 2 further from the unit than the one before.
 */
export const metresPerPoint = (pulseSpeed: number, sampleIntervalNs = RADAR_SAMPLE_INTERVAL_NS) =>
  (sampleIntervalNs * 1e-9 * pulseSpeed * SPEED_OF_LIGHT_M_PER_S) / 2;

/** Position in metres of each point of a curve, to the centimetre. */
export function radarPositions(count: number, pulseSpeed: number, sampleIntervalNs = RADAR_SAMPLE_INTERVAL_NS) {
  const step = metresPerPoint(pulseSpeed, sampleIntervalNs);
  return Array.from({ length: count }, (_, i) => Math.round(i * step * 100) / 100);
}
