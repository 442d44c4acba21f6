import { AccessLevel, WEATHER_MAX_DAYS } from '@fieldwatch/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  OPEN_METEO_CURRENT,
  OPEN_METEO_DAILY,
  openMeteoProvider,
  WeatherUnavailable,
} from '../src/modules/weather/weather.provider.ts';
import { WeatherService } from '../src/modules/weather/weather.service.ts';
import { NO_AUTHORITY } from '../src/plugins/envelopes.ts';
import { DAY_MS, FakeOpenMeteo, isoDate, type OpenMeteoAnswer } from './fixtures/fakeOpenMeteo.ts';
import { createOrganization, createTestApp, createUnit, createUser, signIn, type TestApp } from './helpers.ts';

// The weather calls against a fake Open-Meteo: a real HTTP server on a loopback port.

const PASSWORD = 'weather-secret';
const fake = new FakeOpenMeteo();
let t: TestApp;
const cookie = { sv: '', en: '', outsider: '' };
const unit = { sthlm: 0, noGps: 0, beta: 0 };

const get = (url: string, who: string | null = cookie.en) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who } : {} });
const weatherUrl = (query: string) => `/api/v1/weather/getWeather?${query}`;

beforeAll(async () => {
  await fake.listen();
  t = await createTestApp({ weatherUrl: fake.url, weatherRetryMs: 0 });
  const alpha = await createOrganization(t.db, 'Weather Alpha');
  const beta = await createOrganization(t.db, 'Weather Beta');
  const user = (username: string, organizationId: number, language: string) =>
    createUser(t.db, { username, password: PASSWORD, organizationId, role: AccessLevel.Reader, language });
  await user('svea', alpha, 'sv');
  await user('emma', alpha, 'en');
  await user('bert', beta, 'de');
  unit.sthlm = await createUnit(t.db, { organizationId: alpha, serial: 'W1', lat: 59.32932, long: 18.06858 });
  unit.noGps = await createUnit(t.db, { organizationId: alpha, serial: 'W2' });
  unit.beta = await createUnit(t.db, { organizationId: beta, serial: 'W3', lat: 55.6761, long: 12.5683 });
  cookie.sv = await signIn(t.app, 'svea', PASSWORD);
  cookie.en = await signIn(t.app, 'emma', PASSWORD);
  cookie.outsider = await signIn(t.app, 'bert', PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await fake.stop();
});
beforeEach(() => fake.reset());

/** The days the route should answer: the provider's days before today, oldest first. */
function expectedDays(answer: OpenMeteoAnswer, days: number) {
  const d = answer.daily;
  return d.time.slice(0, days).map((date, i) => ({
    date,
    temperatureMin: d.temperature_2m_min[i],
    temperatureMax: d.temperature_2m_max[i],
    precipitationSum: d.precipitation_sum[i],
    windSpeedMax: d.wind_speed_10m_max[i],
    weatherCode: d.weather_code[i],
  }));
}

describe('GET /api/v1/weather/getWeather', () => {
  it('answers the past 5 days and the current temperature, in en by default, from one provider call', async () => {
    const res = await get(weatherUrl('lat=52.52437&lon=13.41053'));
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.calls).toHaveLength(1);

    const call = fake.calls[0] as URL;
    expect(call.pathname).toBe('/v1/forecast');
    expect(Object.fromEntries(call.searchParams)).toEqual({
      latitude: '52.52',
      longitude: '13.41',
      daily: 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,wind_speed_10m_max',
      current: 'temperature_2m,weather_code',
      timezone: 'UTC',
      past_days: '5',
      forecast_days: '1',
    });
    expect(OPEN_METEO_DAILY.join(',')).toBe(call.searchParams.get('daily'));
    expect(OPEN_METEO_CURRENT.join(',')).toBe(call.searchParams.get('current'));

    const answer = fake.answers[0] as OpenMeteoAnswer;
    const body = res.json();
    expect(body).toEqual({
      latitude: 52.52,
      longitude: 13.41,
      lang: 'en',
      days: expectedDays(answer, 5),
      current: { time: `${answer.current.time}:00.000Z`, temperature: 7.4, weatherCode: 3 },
    });
    // The past days end yesterday: today (the provider's last day) is left out.
    const today = answer.daily.time.at(-1) as string;
    expect(body.days).toHaveLength(5);
    expect(body.days.at(-1).date).toBe(isoDate(Date.parse(today) - DAY_MS));
    expect(body.days[0].date).toBe(isoDate(Date.parse(today) - 5 * DAY_MS));
    expect(body.days[1].precipitationSum).toBeNull();
  });

  it('forwards days and answers lang', async () => {
    const res = await get(weatherUrl('lat=-33.8688&lon=151.2093&days=3&lang=sv'));
    expect(res.statusCode, res.body).toBe(200);
    const call = fake.calls[0] as URL;
    expect(call.searchParams.get('past_days')).toBe('3');
    expect(call.searchParams.get('forecast_days')).toBe('1');
    expect(call.searchParams.get('latitude')).toBe('-33.87');
    expect(call.searchParams.get('longitude')).toBe('151.21');
    const body = res.json();
    expect(body.lang).toBe('sv');
    expect(body.days).toEqual(expectedDays(fake.answers[0] as OpenMeteoAnswer, 3));
    const max = await get(weatherUrl(`lat=0&lon=0&days=${WEATHER_MAX_DAYS}`));
    expect(max.statusCode).toBe(200);
    expect(max.json().days).toHaveLength(WEATHER_MAX_DAYS);
  });

  it('answers a repeated request from the cache (position rounded to 2 decimals, same days and lang)', async () => {
    const first = await get(weatherUrl('lat=48.8566&lon=2.3522'));
    expect(first.statusCode).toBe(200);
    expect(fake.calls).toHaveLength(1);

    const again = await get(weatherUrl('lat=48.8566&lon=2.3522&days=5&lang=en'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const nearby = await get(weatherUrl('lat=48.8611&lon=2.3549'), cookie.sv);
    expect(nearby.json()).toEqual(first.json());
    expect(fake.calls).toHaveLength(1);

    await get(weatherUrl('lat=48.8566&lon=2.3522&days=4'));
    await get(weatherUrl('lat=48.8566&lon=2.3522&lang=fr'));
    await get(weatherUrl('lat=48.87&lon=2.3522'));
    expect(fake.calls).toHaveLength(4);
  });

  it('shares one provider call among identical requests under way', async () => {
    fake.delayMs = 200;
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(weatherUrl('lat=40.4168&lon=-3.7038'))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(fake.calls).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('answers 503 with a message when the provider is down, and caches nothing', async () => {
    await fake.stop();
    try {
      const res = await get(weatherUrl('lat=60.1699&lon=24.9384'));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: true,
        statusCode: 503,
        message: 'Weather service unavailable: the provider cannot be reached',
      });
      expect(fake.calls).toHaveLength(0);
    } finally {
      await fake.restart();
    }
    const res = await get(weatherUrl('lat=60.1699&lon=24.9384'));
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.calls).toHaveLength(1);
  });

  it('answers 503 when the provider answers HTTP 500, and asks again next time', async () => {
    fake.mode = 'error500';
    const res = await get(weatherUrl('lat=64.1466&lon=-21.9426'));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: true,
      statusCode: 503,
      message: 'Weather service unavailable: the provider answered HTTP 500',
    });
    fake.mode = 'ok';
    const ok = await get(weatherUrl('lat=64.1466&lon=-21.9426'));
    expect(ok.statusCode).toBe(200);
    expect(fake.calls).toHaveLength(2);
  });

  it('answers 503 for malformed JSON and for JSON of another shape', async () => {
    fake.mode = 'garbage';
    const garbage = await get(weatherUrl('lat=35.6762&lon=139.6503'));
    expect(garbage.statusCode).toBe(503);
    expect(garbage.json().message).toBe('Weather service unavailable: malformed answer from the provider');
    fake.mode = 'wrongShape';
    const wrong = await get(weatherUrl('lat=35.6762&lon=139.6503'));
    expect(wrong.statusCode).toBe(503);
    expect(wrong.json().message).toBe('Weather service unavailable: unexpected answer from the provider');
    expect(fake.calls).toHaveLength(2);
  });

  it.each([
    ['lat missing', 'lon=10', 'lat'],
    ['lat not a number', 'lat=north&lon=10', 'lat'],
    ['lat above 90', 'lat=90.01&lon=10', 'lat'],
    ['lat below -90', 'lat=-91&lon=10', 'lat'],
    ['lon missing', 'lat=10', 'lon'],
    ['lon above 180', 'lat=10&lon=180.5', 'lon'],
    ['lon below -180', 'lat=10&lon=-181', 'lon'],
    ['lon not a number', 'lat=10&lon=east', 'lon'],
    ['days 0', 'lat=10&lon=10&days=0', 'days'],
    ['days 17', 'lat=10&lon=10&days=17', 'days'],
    ['days fractional', 'lat=10&lon=10&days=2.5', 'days'],
    ['days not a number', 'lat=10&lon=10&days=five', 'days'],
    ['lang unknown', 'lat=10&lon=10&lang=xx', 'lang'],
    ['lang upper case', 'lat=10&lon=10&lang=EN', 'lang'],
  ])('answers 400 for %s', async (_, query, field) => {
    const res = await get(weatherUrl(query));
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ error: true, statusCode: 400 });
    expect(body.message).toContain(field);
    expect(fake.calls).toHaveLength(0);
  });

  it('answers 401 without a session', async () => {
    const res = await get(weatherUrl('lat=10&lon=10'), null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: true, statusCode: 401 });
    expect(fake.calls).toHaveLength(0);
  });
});

describe('GET /api/v1/weather/unit/:id', () => {
  it("answers the weather at the unit's position in the caller's language, tagged with UnitID", async () => {
    const res = await get(`/api/v1/weather/unit/${unit.sthlm}`, cookie.sv);
    expect(res.statusCode, res.body).toBe(200);
    const call = fake.calls[0] as URL;
    expect(call.searchParams.get('latitude')).toBe('59.33');
    expect(call.searchParams.get('longitude')).toBe('18.07');
    expect(call.searchParams.get('past_days')).toBe('5');
    const body = res.json();
    expect(body).toMatchObject({ UnitID: unit.sthlm, latitude: 59.33, longitude: 18.07, lang: 'sv' });
    expect(body.days).toEqual(expectedDays(fake.answers[0] as OpenMeteoAnswer, 5));

    const en = await get(`/api/v1/weather/unit/${unit.sthlm}?days=2`, cookie.en);
    expect(en.statusCode).toBe(200);
    expect(en.json()).toMatchObject({ UnitID: unit.sthlm, lang: 'en' });
    expect(en.json().days).toHaveLength(2);
  });

  it('refuses a unit of another organisation, an unknown unit and a unit without position', async () => {
    const foreign = await get(`/api/v1/weather/unit/${unit.beta}`, cookie.sv);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: true, statusCode: 404, message: NO_AUTHORITY });
    const unknown = await get('/api/v1/weather/unit/999999', cookie.sv);
    expect(unknown.statusCode).toBe(404);
    const noGps = await get(`/api/v1/weather/unit/${unit.noGps}`, cookie.sv);
    expect(noGps.statusCode).toBe(409);
    expect(noGps.json().message).toBe('The unit has no GPS position');
    expect((await get('/api/v1/weather/unit/abc', cookie.sv)).statusCode).toBe(400);
    expect((await get(`/api/v1/weather/unit/${unit.sthlm}?days=17`, cookie.sv)).statusCode).toBe(400);
    expect(fake.calls).toHaveLength(0);
    // Its own user sees it.
    expect((await get(`/api/v1/weather/unit/${unit.beta}`, cookie.outsider)).json()).toMatchObject({
      UnitID: unit.beta,
      lang: 'de',
    });
  });

  it('answers 401 without a session and 503 when the provider fails', async () => {
    expect((await get(`/api/v1/weather/unit/${unit.sthlm}`, null)).statusCode).toBe(401);
    fake.mode = 'error500';
    const res = await get(`/api/v1/weather/unit/${unit.sthlm}?days=7`, cookie.sv);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: true, statusCode: 503 });
  });
});

describe('GET /api/v1/xrequest/GetWeather (legacy)', () => {
  const X = '/api/v1/xrequest/GetWeather';

  it('answers the same single object as getWeather, sharing its cache', async () => {
    const res = await get(`${X}?lat=57.7089&lon=11.9746&days=2&lang=da`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ latitude: 57.71, longitude: 11.97, lang: 'da' });
    expect(body.days).toEqual(expectedDays(fake.answers[0] as OpenMeteoAnswer, 2));
    const v1 = await get(weatherUrl('lat=57.7089&lon=11.9746&days=2&lang=da'));
    expect(v1.json()).toEqual(body);
    expect(fake.calls).toHaveLength(1);
    const defaults = await get(`${X}?lat=57.7089&lon=11.9746`);
    expect(defaults.json()).toMatchObject({ lang: 'en' });
    expect(defaults.json().days).toHaveLength(5);
  });

  it('answers failures as { Result }', async () => {
    const bad = await get(`${X}?lat=100&lon=0`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['Result']);
    expect(bad.json().Result).toContain('lat');
    expect((await get(`${X}?lat=0&lon=0&lang=xx`)).statusCode).toBe(400);

    const anonymous = await get(`${X}?lat=0&lon=0`, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ Result: 'Session expired' });

    fake.mode = 'error500';
    const down = await get(`${X}?lat=1&lon=1`);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ Result: 'Weather service unavailable: the provider answered HTTP 500' });
  });
});

describe('weather provider and cache', () => {
  it('gives up after the timeout', async () => {
    fake.mode = 'slow';
    const provider = openMeteoProvider(`${fake.url}/`, { timeoutMs: 150 });
    const started = Date.now();
    const call = provider.forecast({ latitude: 1, longitude: 2, pastDays: 5, forecastDays: 1 });
    await expect(call).rejects.toThrow(WeatherUnavailable);
    await expect(call).rejects.toThrow('Weather service unavailable: no answer within 150 ms');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(fake.calls[0]?.pathname).toBe('/v1/forecast');
  });

  it('keeps answers for the TTL and at most maxEntries of them', async () => {
    let now = 1_000_000;
    const weather = new WeatherService(openMeteoProvider(fake.url), { ttlMs: 60_000, maxEntries: 2, now: () => now });
    await weather.weather({ lat: 1, lon: 1 });
    await weather.weather({ lat: 1, lon: 1 });
    expect(fake.calls).toHaveLength(1);
    now += 60_001;
    await weather.weather({ lat: 1, lon: 1 });
    expect(fake.calls).toHaveLength(2);

    await weather.weather({ lat: 2, lon: 2 });
    await weather.weather({ lat: 3, lon: 3 });
    expect(weather.size).toBe(2);
    await weather.weather({ lat: 3, lon: 3 });
    expect(fake.calls).toHaveLength(4);
    await weather.weather({ lat: 1, lon: 1 }); // pushed out by the third position
    expect(fake.calls).toHaveLength(5);
    expect(weather.size).toBe(2);
  });

  it('after a failure answers unavailable at once until the retry time, then asks again', async () => {
    let now = 2_000_000;
    const weather = new WeatherService(openMeteoProvider(fake.url), { retryMs: 300_000, now: () => now });
    fake.mode = 'error500';
    await expect(weather.weather({ lat: 4, lon: 4 })).rejects.toThrow(WeatherUnavailable);
    fake.mode = 'ok';
    await expect(weather.weather({ lat: 5, lon: 5 })).rejects.toThrow('the provider answered HTTP 500');
    expect(await weather.status()).toEqual({ available: false, retryAt: new Date(now + 300_000).toISOString() });
    expect(fake.calls).toHaveLength(1);
    now += 300_001;
    expect((await weather.weather({ lat: 5, lon: 5 })).days).toHaveLength(5);
    expect(await weather.status()).toEqual({ available: true });
    expect(fake.calls).toHaveLength(2);
  });

  it('finds the status with one small call shared by everyone asking meanwhile', async () => {
    const weather = new WeatherService(openMeteoProvider(fake.url));
    expect(await Promise.all([weather.status(), weather.status(), weather.status()])).toEqual([
      { available: true },
      { available: true },
      { available: true },
    ]);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.searchParams.get('past_days')).toBe('1');
    await weather.status();
    expect(fake.calls).toHaveLength(1);
  });
});

describe('GET /api/v1/weather/status', () => {
  it('says whether the provider answers, to signed-in callers only', async () => {
    expect((await get('/api/v1/weather/status', null)).statusCode).toBe(401);
    const up = await get('/api/v1/weather/status');
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual({ available: true });
    await fake.stop();
    try {
      // The app's provider answered before: the next weather call finds it gone.
      expect((await get(weatherUrl('lat=61.5&lon=23.7'))).statusCode).toBe(503);
      const down = await get('/api/v1/weather/status');
      expect(down.json()).toMatchObject({ available: false, retryAt: expect.any(String) });
    } finally {
      await fake.restart();
    }
  });
});
