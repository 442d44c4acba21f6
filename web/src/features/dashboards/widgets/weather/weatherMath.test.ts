import en from '@fieldwatch/core/locales/en.json';
import { CloudLightning, CloudRain, CloudSun, Snowflake, Sun } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import {
  centroid,
  rangeBar,
  temperatureScale,
  UNKNOWN_WEATHER,
  WEATHER_CODE_KEYS,
  weatherKind,
} from './weatherMath.ts';

describe('weatherKind (WMO codes)', () => {
  it('maps the code groups to their icon and words', () => {
    expect(weatherKind(0)).toEqual({ key: 'clear', icon: Sun });
    expect(weatherKind(2)).toEqual({ key: 'partlyCloudy', icon: CloudSun });
    expect(weatherKind(63)).toEqual({ key: 'rain', icon: CloudRain });
    expect(weatherKind(75)).toEqual({ key: 'snowHeavy', icon: Snowflake });
    expect(weatherKind(99)).toEqual({ key: 'thunderstormHail', icon: CloudLightning });
  });

  it('answers unknown for missing and unlisted codes', () => {
    expect(weatherKind(null)).toBe(UNKNOWN_WEATHER);
    expect(weatherKind(undefined)).toBe(UNKNOWN_WEATHER);
    expect(weatherKind(42)).toBe(UNKNOWN_WEATHER);
  });

  it('has English words for every key it can answer', () => {
    const codes = (en as { weather: { codes: Record<string, string> } }).weather.codes;
    const missing = WEATHER_CODE_KEYS.filter((k) => !codes[k]);
    expect(missing).toEqual([]);
  });
});

describe('centroid', () => {
  it('is the mean of the positions, rounded to 2 decimals', () => {
    expect(
      centroid([
        { lat: 65.5766, lng: 22.1557 },
        { lat: 55.6761, lng: 12.5683 },
      ]),
    ).toEqual({ lat: 60.63, lon: 17.36, count: 2 });
  });

  it('has none without units', () => {
    expect(centroid([])).toBeUndefined();
  });
});

describe('rangeBar', () => {
  const scale = { min: -6, max: 9 };
  it('places a day on the scale of all days', () => {
    expect(rangeBar(-6, 9, scale)).toEqual({ start: 0, size: 100 });
    expect(rangeBar(-1, 4, scale)).toEqual({ start: (5 / 15) * 100, size: (5 / 15) * 100 });
  });
  it('has no bar without both values, and a full one on a flat scale', () => {
    expect(rangeBar(null, 4, scale)).toBeUndefined();
    expect(rangeBar(3, 3, { min: 3, max: 3 })).toEqual({ start: 0, size: 100 });
  });
  it('takes the lowest minimum and highest maximum as the scale', () => {
    expect(
      temperatureScale([
        { temperatureMin: -1, temperatureMax: 8 },
        { temperatureMin: -6, temperatureMax: null },
        { temperatureMin: null, temperatureMax: 9 },
      ]),
    ).toEqual({ min: -6, max: 9 });
    expect(temperatureScale([{ temperatureMin: null, temperatureMax: null }])).toBeUndefined();
  });
});
