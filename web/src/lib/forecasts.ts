import { AlarmType, alarmSentence, DAY_MS, type Translate, type UnitForecast } from '@fieldwatch/core';

/** Each unit's soonest forecast (the list arrives soonest first). */
export function soonestForecasts(list: readonly UnitForecast[]): ReadonlyMap<number, UnitForecast> {
  const out = new Map<number, UnitForecast>();
  for (const f of list) if (!out.has(f.unitId)) out.set(f.unitId, f);
  return out;
}

/** Whole days from `now` until the forecast crossing, at least one (as the warning event says it). */
export const daysUntil = (f: UnitForecast, now: number) =>
  Math.max(1, Math.round((Date.parse(f.expectedAt) - now) / DAY_MS));

/**
 * A forecast as the reader's sentence, the same one its warning event uses: "Insulation resistance
 * expected to fall below 10 MΩ in about 3 days" (channel 0 is the battery).
 */
export function forecastSentence(f: UnitForecast, now: number, lang: string, t: Translate): string {
  const type = f.channel === 0 ? AlarmType.ForecastBattery : AlarmType.ForecastResistance;
  return alarmSentence({ type, channel: f.channel, value: daysUntil(f, now), limit: f.limit }, lang, t);
}
