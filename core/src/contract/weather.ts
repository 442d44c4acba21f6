import { type Static, Type } from '@sinclair/typebox';
import { LANGUAGES } from '../languages.ts';
import { WEATHER_DEFAULTS, WEATHER_MAX_DAYS } from '../weather.ts';
import { Nullable } from './common.ts';

/** Weather: the past days of a position (default 5) and the current temperature. */

const LanguageCode = Type.Union(
  LANGUAGES.map((l) => Type.Literal(l)),
  { description: 'interface language of the caller (the weather code is a WMO number the client translates)' },
);

export const WeatherQuery = Type.Object({
  lat: Type.Number({ minimum: -90, maximum: 90, description: 'latitude, WGS84 degrees' }),
  lon: Type.Number({ minimum: -180, maximum: 180, description: 'longitude, WGS84 degrees' }),
  days: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: WEATHER_MAX_DAYS,
      default: WEATHER_DEFAULTS.days,
      description: 'number of past days (before today, UTC)',
    }),
  ),
  lang: Type.Optional({ ...LanguageCode, default: WEATHER_DEFAULTS.lang }),
});
export type WeatherQuery = Static<typeof WeatherQuery>;

/** The unit-level lookup: position from the unit, language from the caller's profile. */
export const UnitWeatherQuery = Type.Object({
  days: WeatherQuery.properties.days,
});
export type UnitWeatherQuery = Static<typeof UnitWeatherQuery>;

/** One day (UTC); a value the provider has not got is null. */
export const WeatherDay = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
  temperatureMin: Nullable(Type.Number({ description: '°C, 2 m above ground' })),
  temperatureMax: Nullable(Type.Number({ description: '°C, 2 m above ground' })),
  precipitationSum: Nullable(Type.Number({ description: 'mm' })),
  windSpeedMax: Nullable(Type.Number({ description: 'km/h, 10 m above ground' })),
  weatherCode: Nullable(Type.Integer({ description: 'WMO weather interpretation code' })),
});
export type WeatherDay = Static<typeof WeatherDay>;

export const CurrentWeather = Type.Object({
  time: Type.String({ description: 'ISO time of the observation (UTC)' }),
  temperature: Nullable(Type.Number({ description: '°C, 2 m above ground' })),
  weatherCode: Nullable(Type.Integer({ description: 'WMO weather interpretation code' })),
});
export type CurrentWeather = Static<typeof CurrentWeather>;

export const WeatherReport = Type.Object({
  latitude: Type.Number({ description: 'the requested latitude, rounded to 2 decimals' }),
  longitude: Type.Number({ description: 'the requested longitude, rounded to 2 decimals' }),
  lang: LanguageCode,
  days: Type.Array(WeatherDay, { description: 'the past days, oldest first, ending yesterday (UTC)' }),
  current: Nullable(CurrentWeather),
});
export type WeatherReport = Static<typeof WeatherReport>;

/** The unit-level lookup answers the same weather tagged with the unit. */
export const UnitWeatherReport = Type.Composite([Type.Object({ UnitID: Type.Integer() }), WeatherReport]);
export type UnitWeatherReport = Static<typeof UnitWeatherReport>;

/**
 * Whether the weather provider answers, as the server last found it: a widget asks this first, so
 * an offline site shows "unavailable" without a failing call on every page.
 */
export const WeatherStatus = Type.Object({
  available: Type.Boolean(),
  retryAt: Type.Optional(Type.String({ description: 'ISO time the provider is asked again, when not available' })),
});
export type WeatherStatus = Static<typeof WeatherStatus>;
