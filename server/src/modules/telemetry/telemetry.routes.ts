import {
  DATA_DEFAULT_RANGE_MS,
  DATA_MAX_POINTS,
  DeviceChannelParams,
  IdParam,
  RadarCurve,
  RadarQuery,
  RadarReferenceBody,
  RadarReferenceResult,
  TableReport,
  TableReportBody,
  UnitData,
  UnitDataQueryV2,
  UnitDataQueryV3,
} from '@fieldwatch/core';
import { security } from '../../families/family.ts';
import { v3Errors } from '../../families/standard.ts';
import { v2Responses } from '../../families/v2.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { v2 } from '../../plugins/envelopes.ts';
import { deviceRead, deviceWrite, signedIn } from '../../plugins/policy.ts';
import { readAgain } from '../analytics/findings.service.ts';
import { controlRoutes } from './control.routes.ts';
import { columnsOf, queryUnitData, toUnitData } from './data.service.ts';
import { markerRoutes } from './markers.routes.ts';
import { curveAt, setReference, toRadarCurve } from './radar.service.ts';
import { tableReport } from './reports.service.ts';
import { timeRange, unitOf } from './telemetry.service.ts';

const REPORT_DEFAULT_RANGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Telemetry, v3: a unit's samples. */
export function telemetryRoutes(app: App) {
  const { db } = app;

  app.get(
    '/device/devices/:id/data',
    {
      config: deviceRead,
      schema: {
        tags: ['device v3'],
        summary: `Samples of a unit (default the last 24 h), at most ${DATA_MAX_POINTS} points per series (min/max downsampled)`,
        security,
        params: IdParam,
        querystring: UnitDataQueryV3,
        response: { 200: UnitData, ...v3Errors },
      },
    },
    async (request) => {
      const unit = await unitOf(db, sessionOf(request), request.params.id);
      const q = request.query;
      const range = timeRange(q.start, q.end, DATA_DEFAULT_RANGE_MS);
      const maxPoints = Math.min(q.records ?? DATA_MAX_POINTS, DATA_MAX_POINTS);
      return toUnitData(unit.id, await queryUnitData(db, unit.id, { ...range, maxPoints }));
    },
  );
}

/** Telemetry, v2 device calls: samples, radar, markers, operations and relay. */
export function telemetryV2Routes(app: App) {
  const { db } = app;

  app.get(
    '/devices/:id/data',
    {
      config: deviceRead,
      schema: {
        tags: ['device v2'],
        summary: `Samples of a unit (default the last 24 h), at most ${DATA_MAX_POINTS} points per series`,
        security,
        params: IdParam,
        querystring: UnitDataQueryV2,
        response: v2Responses(UnitData),
      },
    },
    async (request) => {
      const unit = await unitOf(db, sessionOf(request), request.params.id);
      const range = timeRange(request.query.start, request.query.stop, DATA_DEFAULT_RANGE_MS, ['start', 'stop']);
      return v2(toUnitData(unit.id, await queryUnitData(db, unit.id, { ...range, maxPoints: DATA_MAX_POINTS })));
    },
  );

  app.get(
    '/legacy/devices/:id/radar/:channel',
    {
      config: deviceRead,
      schema: {
        tags: ['device v2'],
        summary: "The channel's radar curve at or before timestamp, with its reference and the difference",
        security,
        params: DeviceChannelParams,
        querystring: RadarQuery,
        response: v2Responses(RadarCurve),
      },
    },
    async (request) => {
      const { id, channel } = request.params;
      const unit = await unitOf(db, sessionOf(request), id);
      const at = request.query.timestamp ? new Date(request.query.timestamp) : new Date();
      return v2(toRadarCurve(unit.id, channel, await curveAt(db, unit.id, channel, at)));
    },
  );

  app.put(
    '/legacy/devices/:id/radar/:channel',
    {
      config: deviceWrite,
      schema: {
        tags: ['device v2'],
        summary: "Sets the channel's reference curve (ChannelDefaultRadar)",
        security,
        params: DeviceChannelParams,
        body: RadarReferenceBody,
        response: v2Responses(RadarReferenceResult),
      },
    },
    async (request) => {
      const { id, channel } = request.params;
      const unit = await unitOf(db, sessionOf(request), id, { need: 'write' });
      const result = await setReference(db, unit.id, channel, request.body.ChannelDefaultRadar);
      await readAgain(db, app.bus, unit, channel);
      return v2(result);
    },
  );

  markerRoutes(app);
  controlRoutes(app);
}

/** The v2 reports. */
export function reportRoutes(app: App) {
  const { db } = app;

  app.post(
    '/table',
    {
      config: signedIn({ writes: false }),
      schema: {
        tags: ['report v2'],
        summary: 'TableReport: per unit and column the newest value and min, max, mean and count in the range',
        security,
        body: TableReportBody,
        response: v2Responses(TableReport),
      },
    },
    async (request) => {
      const b = request.body;
      const series = columnsOf(b.columns.join(','), 'columns');
      const range = timeRange(b.start, b.stop, REPORT_DEFAULT_RANGE_MS, ['start', 'stop']);
      return v2(
        await tableReport(db, sessionOf(request), { unitIds: b.unitIds, series, start: range.start, stop: range.end }),
      );
    },
  );
}
