import { DeviceListQuery, RadarFinding, UnitForecast } from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import { security } from '../../families/family.ts';
import { errorResponses } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/policy.ts';
import { unitIdsInScope } from '../devices/devices.service.ts';
import { suggestedFindings } from './findings.service.ts';
import { forecastsOf } from './forecasts.service.ts';

const tags = ['analytics'];
const errors = errorResponses(400, 401, 403);

/** The fleet-wide analysis a list or map shows: forecasts and suspected faults of the customers' units. */
export function analyticsRoutes(app: App) {
  const { db, fleet } = app;

  app.get(
    '/analytics/forecasts',
    {
      config: signedIn({ writes: false }),
      schema: {
        tags,
        security,
        summary: 'Every forecast crossing within the horizon of the customers’ units (all you may see when left out)',
        querystring: DeviceListQuery,
        response: { 200: Type.Array(UnitForecast), ...errors },
      },
    },
    async (request) => forecastsOf(db, await unitIdsInScope(fleet, sessionOf(request), request.query.orgs)),
  );

  app.get(
    '/analytics/faults',
    {
      config: signedIn({ writes: false }),
      schema: {
        tags,
        security,
        summary: 'Suggested faults (not yet accepted or dismissed) of the customers’ units, for the map',
        querystring: DeviceListQuery,
        response: { 200: Type.Array(RadarFinding), ...errors },
      },
    },
    async (request) => suggestedFindings(db, await unitIdsInScope(fleet, sessionOf(request), request.query.orgs)),
  );
}
