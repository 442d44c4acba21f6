import {
  Alarm,
  AlarmAction,
  AlarmLimits,
  AlarmsBody,
  Device,
  DeviceDetails,
  DeviceFilterBody,
  DeviceIdParam,
  DeviceInput,
  DeviceListQuery,
  DeviceOptions,
  InputBody,
  InputParams,
  MapUnitsBody,
  MapUnitsQuery,
  StatusCountsBody,
  StatusCountsQuery,
  TemperatureSummaryBody,
  TemperatureSummaryQuery,
  UnitSettings,
  UnitSettingsPatch,
  UnitTypeCodesBody,
  UseContextQuery,
} from '@fieldwatch/core';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { security } from '../../families/family.ts';
import { errorResponses } from '../../families/standard.ts';
import { v2ErrorResponses } from '../../families/v2.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { V2Envelope, v2 } from '../../plugins/envelopes.ts';
import { deviceRead, scoped, signedIn } from '../../plugins/policy.ts';
import { refusingUnknownKeys } from '../../plugins/validation.ts';
import { noteBefore } from '../audit/recorder.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import {
  alarmActions,
  alarmLimits,
  alarmsOfDevices,
  changeAlarmLimits,
  changeDeviceSettings,
  deviceDetails,
  deviceMapUnits,
  deviceOptions,
  deviceSettings,
  deviceStatusCounts,
  deviceTemperatureSummary,
  deviceTypeCodes,
  filterDevices,
  listCustomerDevices,
  listDevices,
  setDeviceInput,
} from './devices.service.ts';
import type { StampOptions } from './fleet.ts';
import { groupRoutes } from './groups.routes.ts';

const v1Errors = errorResponses(400, 401, 404);
const v2Errors = v2ErrorResponses(400, 401, 403, 404);
// Who may call each route (plugins/policy.ts).
const reads = signedIn({ writes: false });
const deviceManage = scoped('device', 'manage', { writes: true });

/** Device APIs, v1: the device list, details and options. */
export function deviceRoutes(app: App) {
  const { db } = app;
  const v1 = { tags: ['devices v1'], security };

  /**
   * A fleet-wide read of the customers' units, answered from the fleet memory and kept serialised
   * with its ETag until something it is built from changes (`stamp`: FleetMemory.stamp).
   */
  const fleetRead = <Q extends TSchema, B extends TSchema>(
    url: string,
    summary: string,
    schemas: { querystring: Q; body: B },
    build: (session: SessionRow, query: Static<Q>) => Promise<Static<B>>,
    stamp: StampOptions = {},
  ) =>
    // The plain instance: the type provider cannot resolve a reply type over generic schemas. The
    // schemas still validate the query and serialise the answer.
    (app as FastifyInstance).get(
      url,
      {
        config: reads,
        schema: {
          ...v1,
          summary,
          querystring: schemas.querystring,
          response: { ...v1Errors, 200: schemas.body } as Record<number, TSchema>,
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        return app.answers.send(request, reply, session, () => build(session, request.query as Static<Q>), stamp);
      },
    );
  // Answers that read no report time or latest value keep across the fleet's reports.
  const notReports = { reports: false };

  fleetRead(
    '/api/v1/device',
    'Devices of the given customers (orgs: comma-joined ids; all you may see when left out)',
    { querystring: DeviceListQuery, body: Type.Array(Device) },
    (session, q) => listCustomerDevices(app.fleet, session, q.orgs),
  );
  fleetRead(
    '/api/v1/device/statusCounts',
    'Devices of the given customers counted by status, after a filter: text search (q), unit types and alarm types (comma-joined ids)',
    { querystring: StatusCountsQuery, body: StatusCountsBody },
    (session, q) => deviceStatusCounts(app.fleet, session, q),
    notReports,
  );
  fleetRead(
    '/api/v1/device/temperatureSummary',
    'Min, mean and max of the displayed temperatures and their sources: of the units given (comma-joined ids) among the customers’ units, else of the customers’ units after a filter (q, types, alarmTypes, statuses)',
    { querystring: TemperatureSummaryQuery, body: TemperatureSummaryBody },
    (session, q) => deviceTemperatureSummary(app.fleet, session, q),
  );
  fleetRead(
    '/api/v1/device/mapUnits',
    'What a unit map draws: id, position and status of the customers’ units after a filter (q, types, alarmTypes, statuses) and the map’s variant, column by column, and how many have no position',
    { querystring: MapUnitsQuery, body: MapUnitsBody },
    (session, q) => deviceMapUnits(app.fleet, session, q),
    notReports,
  );
  fleetRead(
    '/api/v1/device/typeCodes',
    'The unit type codes among the given customers’ units (all you may see when left out)',
    { querystring: DeviceListQuery, body: UnitTypeCodesBody },
    (session, q) => deviceTypeCodes(app.fleet, session, q.orgs),
    notReports,
  );
  app.get(
    '/api/v1/device/:id/details',
    {
      config: deviceRead,
      schema: {
        ...v1,
        summary: 'One device with inputs, latest data, active alarms and settings',
        params: DeviceIdParam,
        response: { 200: DeviceDetails, ...v1Errors },
      },
    },
    async (request) => deviceDetails(db, sessionOf(request), request.params.id),
  );
  app.get(
    '/api/v1/device/:id/options',
    {
      config: deviceRead,
      schema: {
        ...v1,
        summary: 'What a device offers',
        params: DeviceIdParam,
        response: { 200: DeviceOptions, ...v1Errors },
      },
    },
    async (request) => deviceOptions(db, sessionOf(request), request.params.id),
  );
}

/** Device APIs, v2: devices, filter, settings, alarm limits and actions, inputs, alarms; device groups. */
export function deviceV2Routes(app: App) {
  const { db } = app;
  const tags = ['devices v2'];

  app.get(
    `/devices`,
    {
      config: reads,
      schema: {
        tags,
        security,
        summary: 'Devices you may see (use_context: of the current organisation only)',
        querystring: UseContextQuery,
        response: { 200: V2Envelope(Type.Array(Device)), ...v2Errors },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const useContext = request.query.use_context;
      return app.answers.send(request, reply, session, async () =>
        v2(await listDevices(app.fleet, session, { useContext })),
      );
    },
  );
  app.post(
    `/deviceFilter`,
    {
      config: reads,
      schema: {
        tags,
        security,
        summary: 'Devices matching the filter options (status, unit types, alarm types, text search)',
        querystring: UseContextQuery,
        body: DeviceFilterBody,
        response: { 200: V2Envelope(Type.Array(Device)), ...v2Errors },
      },
    },
    async (request) =>
      v2(await filterDevices(app.fleet, sessionOf(request), request.body, { useContext: request.query.use_context })),
  );
  app.get(
    `/legacy/devices/:id/settings`,
    {
      config: deviceRead,
      schema: {
        tags,
        security,
        summary: 'Every editable field of a unit (null when unset)',
        params: DeviceIdParam,
        response: { 200: V2Envelope(UnitSettings), ...v2Errors },
      },
    },
    async (request) => v2(await deviceSettings(db, sessionOf(request), request.params.id)),
  );
  app.put(
    `/legacy/devices/:id/settings`,
    {
      config: deviceManage,
      schema: {
        tags,
        security,
        summary: 'Change some editable fields (all valid or nothing written); Disabled=1 raises alarm 43',
        params: DeviceIdParam,
        body: UnitSettingsPatch,
        response: { 200: V2Envelope(UnitSettings), ...v2Errors },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      noteBefore(request, await deviceSettings(db, session, request.params.id));
      return v2(await changeDeviceSettings(db, session, request.params.id, request.body, app.bus));
    },
  );
  app.get(
    `/legacy/devices/:id/alarm_limits`,
    {
      config: deviceRead,
      schema: {
        tags,
        security,
        summary: 'Alarm limit levels of a unit and, per channel (1-based), those that differ',
        params: DeviceIdParam,
        response: { 200: V2Envelope(AlarmLimits), ...v2Errors },
      },
    },
    async (request) => v2(await alarmLimits(db, sessionOf(request), request.params.id)),
  );
  app.put(
    `/legacy/devices/:id/alarm_limits`,
    {
      config: deviceManage,
      schema: {
        tags,
        security,
        summary: 'Replace the alarm limit levels (SuperUser); applied to the next values the unit reports',
        params: DeviceIdParam,
        // The PUT replaces every limit: an unknown key or channel is refused, not dropped.
        body: refusingUnknownKeys(AlarmLimits),
        response: { 200: V2Envelope(AlarmLimits), ...v2Errors },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      noteBefore(request, await alarmLimits(db, session, request.params.id));
      return v2(await changeAlarmLimits(db, session, request.params.id, request.body));
    },
  );
  app.get(
    `/devices/:id/options`,
    {
      config: deviceRead,
      schema: {
        tags,
        security,
        summary: 'What a device offers',
        params: DeviceIdParam,
        response: { 200: V2Envelope(DeviceOptions), ...v2Errors },
      },
    },
    async (request) => v2(await deviceOptions(db, sessionOf(request), request.params.id)),
  );
  app.put(
    `/legacy/devices/:id/:inputType/:index`,
    {
      config: deviceManage,
      schema: {
        tags,
        security,
        summary: 'Set the configuration of one input of a unit',
        params: InputParams,
        body: InputBody,
        response: { 200: V2Envelope(DeviceInput), ...v2Errors },
      },
    },
    async (request) => {
      const { id, inputType, index } = request.params;
      return v2(await setDeviceInput(db, sessionOf(request), { id, kind: inputType, index, data: request.body.data }));
    },
  );
  app.get(
    `/legacy/alarm_actions`,
    {
      config: reads,
      schema: {
        tags,
        security,
        summary: 'The alarm actions',
        response: { 200: V2Envelope(Type.Array(AlarmAction)), ...v2Errors },
      },
    },
    async () => v2(await alarmActions(db)),
  );
  app.post(
    `/alarms`,
    {
      config: reads,
      schema: {
        tags,
        security,
        summary: 'Active alarms of the given units, newest first',
        body: AlarmsBody,
        response: { 200: V2Envelope(Type.Array(Alarm)), ...v2Errors },
      },
    },
    async (request) => v2(await alarmsOfDevices(db, sessionOf(request), request.body.devices)),
  );
  groupRoutes(app);
}
