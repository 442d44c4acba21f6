import {
  Alarm,
  AlarmsQuery,
  CustomersQuery,
  EditUnitInfoBody,
  KpiAlarmRow,
  KpiAlarmsBody,
  KpiBatteryRow,
  KpiBody,
  KpiSwitchRow,
  LegacyUnit,
  UnitByPos,
  UnitGroupRow,
  UnitGroupsBody,
  UnitShowValue,
  UnitsByPosQuery,
  UnitsInfoQuery,
  UnitsQuery,
  UnitTypeRow,
} from '@fieldwatch/core';
import { type TSchema, Type } from '@sinclair/typebox';
import { doc } from '../../families/family.ts';
import { legacyErrorResponses } from '../../families/legacy.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { scoped, signedIn } from '../../plugins/policy.ts';
import { unitGroupsOf } from './groups.service.ts';
import {
  editUnitInfo,
  kpiAlarms,
  kpiBattery,
  kpiSwitch,
  legacyAlarms,
  unitsByPosition,
  unitsInfo,
  unitsShowValue,
  unitTypesIn,
} from './legacy.service.ts';

const errors = legacyErrorResponses(400, 401, 403, 404);
const list = (row: TSchema) => ({ 200: Type.Array(row), ...errors });
// Who may call each route (plugins/policy.ts).
const reads = signedIn({ writes: false });
const common = doc('legacy v1');

/**
 * Legacy v1 unit, group and alarm calls at /api/v1/xrequest/{EndpointName}: list calls answer an
 * array, business errors a single { Result } with a 4xx status.
 */
export function deviceLegacyRoutes(app: App) {
  const { db } = app;

  app.get(
    `/GetUnitsInfo`,
    {
      config: reads,
      schema: {
        ...common,
        summary: 'Units with their alarm events and editable fields (Rows: default the number of units)',
        querystring: UnitsInfoQuery,
        response: list(LegacyUnit),
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      return app.answers.send(request, reply, session, () => unitsInfo(app.fleet, session, request.query));
    },
  );
  app.get(
    `/GetUnitType`,
    {
      config: reads,
      schema: {
        ...common,
        summary: "The unit types among the customers' units",
        querystring: CustomersQuery,
        response: list(UnitTypeRow),
      },
    },
    async (request) => unitTypesIn(db, sessionOf(request), request.query),
  );
  app.post(
    `/GetUnitGroups`,
    {
      config: reads,
      schema: {
        ...common,
        summary: 'The unit groups of a customer',
        body: UnitGroupsBody,
        response: list(UnitGroupRow),
      },
    },
    async (request) => unitGroupsOf(db, sessionOf(request), Number(request.body.CustomerID)),
  );
  app.get(
    `/GetUnitsByPos`,
    {
      config: reads,
      schema: {
        ...common,
        summary: 'Units within Distance km of the centroid of UnitIDs (or of all units), nearest first',
        querystring: UnitsByPosQuery,
        response: list(UnitByPos),
      },
    },
    async (request) => unitsByPosition(app.fleet, sessionOf(request), request.query),
  );
  app.get(
    `/GetUnitsShowValue`,
    {
      config: reads,
      schema: {
        ...common,
        summary: 'Latest display values of units (temperature by display priority, battery)',
        querystring: UnitsQuery,
        response: list(UnitShowValue),
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      return app.answers.send(request, reply, session, () => unitsShowValue(app.fleet, session, request.query));
    },
  );
  app.get(
    `/GetAlarms`,
    {
      config: reads,
      schema: {
        ...common,
        summary: 'Alarms since StartDate, newest first (Rows 500, StartDate 2010-01-01 00:00 by default)',
        querystring: AlarmsQuery,
        response: list(Alarm),
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      return app.answers.send(request, reply, session, () => legacyAlarms(app.fleet, session, request.query), {
        reports: false,
      });
    },
  );
  app.post(
    `/GetKPIAlarms`,
    {
      config: reads,
      schema: { ...common, summary: 'Alarm counts per day', body: KpiAlarmsBody, response: list(KpiAlarmRow) },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      // Counts of alarms change with alarms only, not with every report.
      return app.answers.send(request, reply, session, () => kpiAlarms(app.fleet, session, request.body), {
        reports: false,
      });
    },
  );
  app.post(
    `/GetKPIBattery`,
    {
      config: reads,
      schema: {
        ...common,
        summary: 'Units per latest battery voltage (0.1 V) and status',
        body: KpiBody,
        response: list(KpiBatteryRow),
      },
    },
    async (request) => kpiBattery(app.fleet, sessionOf(request), request.body),
  );
  app.post(
    `/GetKPISwitch`,
    {
      config: reads,
      schema: {
        ...common,
        summary: 'Latest switch values per unit and channel',
        body: KpiBody,
        response: list(KpiSwitchRow),
      },
    },
    async (request) => kpiSwitch(app.fleet, sessionOf(request), request.body),
  );
  app.post(
    `/EditUnitInfo`,
    {
      config: scoped('device', 'manage', { writes: true }),
      schema: {
        ...common,
        summary: 'Change editable fields of a unit (all valid or nothing written); answers the unit',
        body: EditUnitInfoBody,
        response: list(LegacyUnit),
      },
    },
    async (request) => editUnitInfo(db, sessionOf(request), request.body as { UnitID: number }, app.bus),
  );
}
