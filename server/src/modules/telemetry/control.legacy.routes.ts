import {
  LegacyRelayResult,
  PARKING_WINDOW_DEFAULT,
  ParkingReport,
  ParkingUsageQuery,
  SetRelayQuery,
  UnitActionBody,
  UnitActionResult,
} from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import { security } from '../../families/family.ts';
import { legacyErrors } from '../../families/legacy.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { deviceWrite, signedIn } from '../../plugins/policy.ts';
import { startRelay, unitAction } from './control.service.ts';
import { parkingUsage } from './reports.service.ts';
import { legacyDate, legacyIdList } from './telemetry.service.ts';

const path = (endpoint: string) => `/${endpoint}`;
const schema = { tags: ['legacy v1'], security };
const one = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Array(item, { minItems: 1, maxItems: 1 });

/** Legacy v1 SetRelay, UnitAction and the parking report (GetGISData: modules/gis). */
export function controlLegacyRoutes(app: App) {
  const { db } = app;

  app.get(
    path('SetRelay'),
    {
      config: deviceWrite,
      schema: {
        ...schema,
        summary: "Sets a unit's relay outputs (DataValue: one '1' or '0' per relay)",
        querystring: SetRelayQuery,
        response: { 200: one(LegacyRelayResult), ...legacyErrors },
      },
    },
    async (request) => {
      const { UnitID, DataValue } = request.query;
      const row = await startRelay({ db, link: app.link, session: sessionOf(request) }, UnitID, DataValue, 'DataValue');
      return [{ UnitID, DataValue, SequenceNumber: row.seq, Status: 'pending' }];
    },
  );

  app.post(
    path('UnitAction'),
    {
      config: deviceWrite,
      schema: {
        ...schema,
        summary: 'Runs (SequenceNumber 0) or polls an operation; RunAndWait waits for the answer',
        body: UnitActionBody,
        response: { 200: one(UnitActionResult), ...legacyErrors },
      },
    },
    async (request) => unitAction({ db, link: app.link, bus: app.bus, session: sessionOf(request) }, request.body),
  );

  app.get(
    path('GetReportParkingUsage'),
    {
      config: signedIn({ writes: false }),
      schema: {
        ...schema,
        summary: 'Occupancy of parking units within the daily window (default 08:00–17:00 UTC)',
        querystring: ParkingUsageQuery,
        response: { 200: ParkingReport, ...legacyErrors },
      },
    },
    async (request) => {
      const q = request.query;
      return parkingUsage(db, sessionOf(request), {
        start: legacyDate(q.StartDate, 'StartDate'),
        stop: legacyDate(q.StopDate, 'StopDate'),
        startDay: q.StartDay ?? PARKING_WINDOW_DEFAULT.start,
        stopDay: q.StopDay ?? PARKING_WINDOW_DEFAULT.stop,
        unitIds: legacyIdList(q.UnitIDs, 'UnitIDs'),
      });
    },
  );
}
