import {
  IdParam,
  UnitWeatherQuery,
  UnitWeatherReport,
  WeatherQuery,
  WeatherReport,
  WeatherStatus,
} from '@fieldwatch/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorShapeOf, security } from '../../families/family.ts';
import { legacyErrorResponses } from '../../families/legacy.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { deviceRead, signedIn } from '../../plugins/policy.ts';
import { DEFAULT_WEATHER_URL, openMeteoProvider, WeatherService, WeatherUnavailable } from './weather.service.ts';

/**
 * The provider's failures answer 503 with its reason, in the error shape of the route's family (the
 * app's error handler turns every 5xx into a bare 500); other errors go to that handler.
 */
async function orUnavailable<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>) {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof WeatherUnavailable)) throw e;
    request.log.warn({ err: e.cause ?? e }, e.message);
    return reply.code(503).send(errorShapeOf(request)(503, e.message));
  }
}

/** The weather provider, `url` (WEATHER_URL) or Open-Meteo, behind one cache for every weather call. */
export const weatherOf = (opts: { url?: string; retryMs?: number } = {}) =>
  new WeatherService(openMeteoProvider(opts.url ?? DEFAULT_WEATHER_URL), { retryMs: opts.retryMs });

/** Weather: by position, by unit, and whether the provider answers. */
export function weatherRoutes(app: App, weather: WeatherService) {
  const { db } = app;

  app.get(
    '/api/v1/weather/getWeather',
    {
      config: signedIn({ writes: false }),
      schema: {
        tags: ['weather'],
        summary: 'The past days (default 5, before today UTC) and the current temperature at a position',
        security,
        querystring: WeatherQuery,
        response: { 200: WeatherReport, ...errorResponses(400, 401, 503) },
      },
    },
    async (request, reply) => orUnavailable(request, reply, () => weather.weather(request.query)),
  );

  app.get(
    '/api/v1/weather/status',
    {
      config: signedIn({ writes: false }),
      schema: {
        tags: ['weather'],
        summary: 'Whether the weather provider answers; when not, the time it is asked again',
        security,
        response: { 200: WeatherStatus, ...errorResponses(401) },
      },
    },
    async () => weather.status(),
  );

  app.get(
    '/api/v1/weather/unit/:id',
    {
      config: deviceRead,
      schema: {
        tags: ['weather'],
        summary: "The weather at a unit's GPS position in the caller's language, tagged with UnitID",
        security,
        params: IdParam,
        querystring: UnitWeatherQuery,
        response: { 200: UnitWeatherReport, ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    async (request, reply) =>
      orUnavailable(request, reply, () =>
        weather.unitWeather(db, sessionOf(request), request.params.id, { days: request.query.days }),
      ),
  );
}

/** The legacy v1 GetWeather call. */
export function weatherLegacyRoutes(app: App, weather: WeatherService) {
  app.get(
    '/GetWeather',
    {
      config: signedIn({ writes: false }),
      schema: {
        tags: ['legacy v1'],
        summary: 'The past days (default 5) and the current temperature at a position: a single object',
        security,
        querystring: WeatherQuery,
        response: { 200: WeatherReport, ...legacyErrorResponses(400, 401, 503) },
      },
    },
    async (request, reply) => orUnavailable(request, reply, () => weather.weather(request.query)),
  );
}
