/**
 * Air symbol statuses (excellent, neutral, bad, warning, polluted) from a room's CO₂
 * and PM2.5. A status is the first band whose upper bound (exclusive) the value stays under.
 *
 * - CO₂ (ppm): outdoor air is about 420 ppm. Under 600 is excellent; under 1000 (the classic
 *   Pettenkofer figure used by most ventilation guidance) neutral; under 1400 (the EN 16798
 *   "low" category) bad; under 2000 warning (tiredness, headaches); above that polluted.
 * - PM2.5 (µg/m³, fine particles): after the WHO 2021 guideline for a 24-hour mean and its
 *   interim targets. Under 15 (the guideline) excellent; under 25 (interim target 4) neutral;
 *   under 37.5 (target 3) bad; under 50 (target 2) warning; from 50 on polluted.
 *
 * A unit's status is the worse of the two; a value that is missing (or not a finite number) does
 * not count, and with neither value there is no status.
 */

export const AIR_STATUSES = ['excellent', 'neutral', 'bad', 'warning', 'polluted'] as const;
export type AirStatus = (typeof AIR_STATUSES)[number];

/** Upper bounds (exclusive) of excellent, neutral, bad and warning; above the last is polluted. */
const CO2_BANDS_PPM: readonly [number, number, number, number] = [600, 1000, 1400, 2000];
const PM25_BANDS_UG: readonly [number, number, number, number] = [15, 25, 37.5, 50];

function bandOf(value: number, bands: readonly number[]): AirStatus {
  const i = bands.findIndex((limit) => value < limit);
  return AIR_STATUSES[i === -1 ? bands.length : i] as AirStatus;
}

const known = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

export const co2Status = (ppm: number): AirStatus => bandOf(ppm, CO2_BANDS_PPM);
export const pm25Status = (ug: number): AirStatus => bandOf(ug, PM25_BANDS_UG);

/** 0 (excellent) … 4 (polluted). */
export const airSeverity = (s: AirStatus) => AIR_STATUSES.indexOf(s);

/** The worse of two statuses (undefined counts as nothing). */
export function worseAir(a: AirStatus | undefined, b: AirStatus | undefined): AirStatus | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return airSeverity(b) > airSeverity(a) ? b : a;
}

/** A room's air status from its latest CO₂ (ppm) and PM2.5 (µg/m³); undefined without either. */
export function airStatus(values: { co2?: number | null; pm25?: number | null }): AirStatus | undefined {
  return worseAir(
    known(values.co2) ? co2Status(values.co2) : undefined,
    known(values.pm25) ? pm25Status(values.pm25) : undefined,
  );
}

/** The worst status of several rooms; undefined when none has one. */
export const worstAir = (statuses: Iterable<AirStatus | undefined>): AirStatus | undefined => {
  let worst: AirStatus | undefined;
  for (const s of statuses) worst = worseAir(worst, s);
  return worst;
};
