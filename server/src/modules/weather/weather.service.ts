import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  type UnitWeatherReport,
  WEATHER_DEFAULTS,
  WEATHER_MAX_DAYS,
  type WeatherReport,
  type WeatherStatus,
} from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';

import type { SessionRow } from '../auth/auth.service.ts';
import { unitOf } from '../telemetry/telemetry.service.ts';
import { findUserById } from '../users/users.service.ts';
import { type WeatherProvider, WeatherUnavailable } from './weather.provider.ts';

export {
  DEFAULT_WEATHER_URL,
  openMeteoProvider,
  type WeatherProvider,
  WeatherUnavailable,
} from './weather.provider.ts';

/** A weather request; days and lang default to 5 days and en. */
export type WeatherRequest = { lat: number; lon: number; days?: number; lang?: string };

const WEATHER_CACHE_TTL_MS = 30 * 60 * 1000;
/** After a provider failure, calls answer "unavailable" at once for this long instead of waiting on it again. */
const WEATHER_RETRY_MS = 5 * 60 * 1000;
const WEATHER_CACHE_MAX_ENTRIES = 1000;
/** Today is asked for too (and left out of the answer): the provider's current weather comes with it. */
const FORECAST_DAYS = 1;

/** 2 decimals (about 1 km, finer than the provider's weather models): the cache key and the position asked for. */
const round2 = (x: number) => Math.round(x * 100) / 100 || 0;

type Normalised = { lat: number; lon: number; days: number; lang: Language };

/** Checks a request (400 naming the field) and applies the defaults. */
function normaliseWeatherRequest(q: WeatherRequest): Normalised {
  const days = q.days ?? WEATHER_DEFAULTS.days;
  const lang = q.lang ?? WEATHER_DEFAULTS.lang;
  if (!Number.isFinite(q.lat) || q.lat < -90 || q.lat > 90) throw new HttpError(400, 'lat must be between -90 and 90');
  if (!Number.isFinite(q.lon) || q.lon < -180 || q.lon > 180)
    throw new HttpError(400, 'lon must be between -180 and 180');
  if (!Number.isInteger(days) || days < 1 || days > WEATHER_MAX_DAYS) {
    throw new HttpError(400, `days must be an integer from 1 to ${WEATHER_MAX_DAYS}`);
  }
  if (!isLanguage(lang)) throw new HttpError(400, `lang is not a supported language: '${lang}'`);
  return { lat: round2(q.lat), lon: round2(q.lon), days, lang };
}

/**
 * Weather of a position: the `days` days before today (UTC) and the current temperature, from the
 * provider through an in-memory cache (per process) keyed by the position rounded to 2 decimals,
 * days and lang. Answers live `ttlMs`; the oldest answer makes room when `maxEntries` are held.
 * Identical requests while one is under way share its provider call. Failures are never cached.
 */
export class WeatherService {
  private readonly cache = new Map<string, { expires: number; report: WeatherReport }>();
  private readonly pending = new Map<string, Promise<WeatherReport>>();
  /** The provider's last failure and until when it is not asked again; undefined once it answered. */
  private down: { until: number; error: WeatherUnavailable } | undefined;
  private answered = false;
  private probe: Promise<boolean> | undefined;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly retryMs: number;

  constructor(
    private readonly provider: WeatherProvider,
    opts: { ttlMs?: number; maxEntries?: number; retryMs?: number; now?: () => number } = {},
  ) {
    this.retryMs = opts.retryMs ?? WEATHER_RETRY_MS;
    this.ttlMs = opts.ttlMs ?? WEATHER_CACHE_TTL_MS;
    this.maxEntries = Math.max(1, opts.maxEntries ?? WEATHER_CACHE_MAX_ENTRIES);
    this.now = opts.now ?? Date.now;
  }

  /**
   * Whether the provider answers: known from the last call, else found by one small call shared by
   * everyone who asks meanwhile.
   */
  async status(): Promise<WeatherStatus> {
    let answers = this.answered && !this.isDown();
    if (!this.answered && !this.isDown()) {
      this.probe ??= this.ask({ latitude: 0, longitude: 0, pastDays: 1, forecastDays: FORECAST_DAYS })
        .then(
          () => true,
          () => false,
        )
        .finally(() => {
          this.probe = undefined;
        });
      answers = await this.probe;
    }
    return answers
      ? { available: true }
      : { available: false, retryAt: new Date(this.down?.until ?? this.now()).toISOString() };
  }

  private isDown() {
    return this.down && this.down.until > this.now() ? this.down : undefined;
  }

  /** The provider's answer; while it is known to be down, its last failure at once. */
  private async ask(request: Parameters<WeatherProvider['forecast']>[0]) {
    const down = this.isDown();
    if (down) throw down.error;
    try {
      const forecast = await this.provider.forecast(request);
      this.down = undefined;
      this.answered = true;
      return forecast;
    } catch (e) {
      if (e instanceof WeatherUnavailable) {
        this.down = { until: this.now() + this.retryMs, error: e };
        this.answered = false;
      }
      throw e;
    }
  }

  /** Number of cached answers (expired ones included until they are looked up or pushed out). */
  get size() {
    return this.cache.size;
  }

  async weather(request: WeatherRequest): Promise<WeatherReport> {
    const q = normaliseWeatherRequest(request);
    const key = `${q.lat}|${q.lon}|${q.days}|${q.lang}`;
    const hit = this.cache.get(key);
    if (hit && hit.expires > this.now()) return hit.report;
    if (hit) this.cache.delete(key);
    const underWay = this.pending.get(key);
    if (underWay) return underWay;
    const call = this.fetchReport(q)
      .then((report) => {
        this.store(key, report);
        return report;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, call);
    return call;
  }

  /** The weather at a unit the session may see (404 otherwise), in the caller's language, tagged with the unit. */
  async unitWeather(
    db: Queryable,
    session: SessionRow,
    unitId: number,
    opts: { days?: number } = {},
  ): Promise<UnitWeatherReport> {
    const unit = await unitOf(db, session, unitId);
    const { gps_lat: lat, gps_long: lon } = unit;
    if (lat === null || lon === null) throw new HttpError(409, 'The unit has no GPS position');
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) throw new HttpError(409, 'The unit has no valid GPS position');
    const language = (await findUserById(db, session.user_id))?.language;
    const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
    return { UnitID: unit.id, ...(await this.weather({ lat, lon, days: opts.days, lang })) };
  }

  private async fetchReport(q: Normalised): Promise<WeatherReport> {
    const forecast = await this.ask({
      latitude: q.lat,
      longitude: q.lon,
      pastDays: q.days,
      forecastDays: FORECAST_DAYS,
    });
    // The provider answers the past days, oldest first, then today: keep the days before today.
    const past = forecast.days.slice(0, Math.max(0, forecast.days.length - FORECAST_DAYS)).slice(-q.days);
    return { latitude: q.lat, longitude: q.lon, lang: q.lang, days: past, current: forecast.current };
  }

  private store(key: string, report: WeatherReport) {
    const now = this.now();
    if (this.cache.size >= this.maxEntries) {
      for (const [k, v] of this.cache) if (v.expires <= now) this.cache.delete(k);
    }
    while (this.cache.size >= this.maxEntries) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
    this.cache.set(key, { expires: now + this.ttlMs, report });
  }
}
