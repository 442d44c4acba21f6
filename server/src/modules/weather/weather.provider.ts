import type { CurrentWeather, WeatherDay } from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * The weather provider: Open-Meteo's forecast API (https://open-meteo.com/en/docs), or any server
 * speaking its shape at WEATHER_URL. One call gives the daily aggregates of the past days (past_days)
 * and of today (forecast_days), plus the current conditions; every time is UTC (timezone=UTC) and
 * the units are Open-Meteo's defaults (°C, mm, km/h).
 */

export const OPEN_METEO_DAILY = [
  'weather_code',
  'temperature_2m_max',
  'temperature_2m_min',
  'precipitation_sum',
  'wind_speed_10m_max',
] as const;
export const OPEN_METEO_CURRENT = ['temperature_2m', 'weather_code'] as const;
/** WEATHER_URL's default: Open-Meteo's free API. */
export const DEFAULT_WEATHER_URL = 'https://api.open-meteo.com';
const WEATHER_TIMEOUT_MS = 5000;

/** The provider cannot answer (unreachable, too slow, non-2xx, malformed): the call answers 503. */
export class WeatherUnavailable extends Error {
  readonly statusCode = 503;
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`Weather service unavailable: ${reason}`, options);
  }
}

export type ForecastRequest = { latitude: number; longitude: number; pastDays: number; forecastDays: number };
/** Every day the provider answered (past days, then today and any forecast days) and the current weather. */
export type Forecast = { days: WeatherDay[]; current: CurrentWeather | null };
export type WeatherProvider = { forecast(request: ForecastRequest): Promise<Forecast> };

// The part of Open-Meteo's answer we read; any other field is ignored. Missing values are null.
const Values = Type.Array(Type.Union([Type.Number(), Type.Null()]));
const OpenMeteoAnswer = Type.Object({
  daily: Type.Object({
    time: Type.Array(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
    ...Object.fromEntries(OPEN_METEO_DAILY.map((name) => [name, Values])),
  }),
  current: Type.Optional(
    Type.Object({
      time: Type.String(),
      temperature_2m: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
      weather_code: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    }),
  ),
});
type DailyName = (typeof OPEN_METEO_DAILY)[number];
type OpenMeteoAnswer = {
  daily: { time: string[] } & Record<DailyName, (number | null)[]>;
  current?: { time: string; temperature_2m?: number | null; weather_code?: number | null };
};

const code = (n: number | null | undefined) => (typeof n === 'number' ? Math.round(n) : null);

/** Open-Meteo's current time ('2026-03-26T16:15', UTC without a zone) as an ISO time; null when unreadable. */
function isoTime(text: string): string | null {
  const withZone = /(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`;
  const ms = Date.parse(withZone);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** The provider's answer as days and current weather; WeatherUnavailable when it is not the expected shape. */
function parseOpenMeteo(body: unknown): Forecast {
  if (!Value.Check(OpenMeteoAnswer, body)) throw new WeatherUnavailable('unexpected answer from the provider');
  const { daily, current } = body as OpenMeteoAnswer;
  const n = daily.time.length;
  if (OPEN_METEO_DAILY.some((name) => daily[name].length !== n)) {
    throw new WeatherUnavailable('unexpected answer from the provider');
  }
  const days = daily.time.map((date, i) => ({
    date,
    temperatureMin: daily.temperature_2m_min[i] ?? null,
    temperatureMax: daily.temperature_2m_max[i] ?? null,
    precipitationSum: daily.precipitation_sum[i] ?? null,
    windSpeedMax: daily.wind_speed_10m_max[i] ?? null,
    weatherCode: code(daily.weather_code[i]),
  }));
  const time = current ? isoTime(current.time) : null;
  return {
    days,
    current:
      current && time
        ? { time, temperature: current.temperature_2m ?? null, weatherCode: code(current.weather_code) }
        : null,
  };
}

/** The forecast URL of a request: `{baseUrl}/v1/forecast?…` (a path in baseUrl, e.g. behind a proxy, is kept). */
function forecastUrl(baseUrl: string, r: ForecastRequest): string {
  const params = new URLSearchParams({
    latitude: String(r.latitude),
    longitude: String(r.longitude),
    daily: OPEN_METEO_DAILY.join(','),
    current: OPEN_METEO_CURRENT.join(','),
    timezone: 'UTC',
    past_days: String(r.pastDays),
    forecast_days: String(r.forecastDays),
  });
  return `${baseUrl.replace(/\/+$/, '')}/v1/forecast?${params}`;
}

const timedOut = (e: unknown) => e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');

/** An Open-Meteo client with Node's fetch; every failure is a WeatherUnavailable. */
export function openMeteoProvider(baseUrl: string, opts: { timeoutMs?: number } = {}): WeatherProvider {
  const timeoutMs = opts.timeoutMs ?? WEATHER_TIMEOUT_MS;
  const late = `no answer within ${timeoutMs} ms`;
  return {
    async forecast(request) {
      const signal = AbortSignal.timeout(timeoutMs);
      let res: Response;
      try {
        res = await fetch(forecastUrl(baseUrl, request), { signal, headers: { accept: 'application/json' } });
      } catch (e) {
        throw new WeatherUnavailable(timedOut(e) ? late : 'the provider cannot be reached', { cause: e });
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        throw new WeatherUnavailable(`the provider answered HTTP ${res.status}`);
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch (e) {
        throw new WeatherUnavailable(timedOut(e) ? late : 'malformed answer from the provider', { cause: e });
      }
      return parseOpenMeteo(body);
    },
  };
}
