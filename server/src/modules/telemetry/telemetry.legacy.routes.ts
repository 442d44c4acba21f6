import {
  DeleteMarkQuery,
  EditChannelBody,
  EditMarkBody,
  GetAllMarksQuery,
  GetChannelQuery,
  GetRadarDatesQuery,
  GetRadarQuery,
  GetUnitsDataCsvQuery,
  GetUnitsDataQuery,
  LegacyChannel,
  LegacyDataRow,
  LegacyMarker,
  LegacyMarks,
  LegacyRadar,
  RadarDateRow,
} from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import { security } from '../../families/family.ts';
import { legacyErrors } from '../../families/legacy.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { deviceRead, deviceWrite, scoped } from '../../plugins/policy.ts';
import { editChannelColumns, legacyChannel } from './channels.service.ts';
import { controlLegacyRoutes } from './control.legacy.routes.ts';
import { legacyCsvExport } from './csvExport.service.ts';
import { legacyUnitData } from './data.service.ts';
import { createMarker, editMarker, markersOf, parseJsonData, removeMarker, toLegacyMarker } from './markers.service.ts';
import { curveAt, legacyRadarDates, toLegacyRadar } from './radar.service.ts';
import { legacyDate, unitOf } from './telemetry.service.ts';

const legacyPath = (endpoint: string) => `/${endpoint}`;
const tags = ['legacy v1'];
const schema = { tags, security };
/** Legacy v1 data, radar, marker, unit action, relay and report calls at /api/v1/xrequest/{EndpointName}. */
export function telemetryLegacyRoutes(app: App) {
  const { db } = app;

  app.get(
    legacyPath('GetUnitsData'),
    {
      config: deviceRead,
      schema: {
        ...schema,
        summary: 'Rows of a unit since StartDate: UnitID, DataTime and the requested columns',
        querystring: GetUnitsDataQuery,
        response: { 200: Type.Array(LegacyDataRow), ...legacyErrors },
      },
    },
    async (request) => (await legacyUnitData(db, sessionOf(request), request.query)).rows,
  );

  app.get(
    legacyPath('GetUnitsDataCSV'),
    {
      config: deviceRead,
      schema: {
        ...schema,
        summary:
          'GetUnitsData as CSV (RFC 4180, header row), optionally until StopDate: every sample, streamed as it is read',
        querystring: GetUnitsDataCsvQuery,
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'text/csv' }), ...legacyErrors },
      },
    },
    async (request, reply) => {
      // Validation and the permission check come first: an error is still a clean JSON answer.
      const body = await legacyCsvExport(db, sessionOf(request), request.query);
      reply.type('text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="unit-${request.query.UnitID}.csv"`);
      // A stream is piped as it is (no serialiser); the schema documents the text it yields.
      return reply.send(body as unknown as string);
    },
  );

  app.get(
    legacyPath('GetRadarDates'),
    {
      config: deviceRead,
      schema: {
        ...schema,
        summary: 'Times of the stored radar curves of a channel from StartDate to StopDate (default now)',
        querystring: GetRadarDatesQuery,
        response: { 200: Type.Array(RadarDateRow), ...legacyErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const start = legacyDate(q.StartDate, 'StartDate');
      const stop = q.StopDate ? new Date(legacyDate(q.StopDate, 'StopDate').getTime() + 999) : new Date();
      const unit = await unitOf(db, sessionOf(request), q.UnitID);
      return legacyRadarDates(db, unit.id, q.ChannelID, start, stop);
    },
  );

  app.get(
    legacyPath('GetRadar'),
    {
      config: deviceRead,
      schema: {
        ...schema,
        summary: 'The radar curve of a channel at (or before) RadarDate, with reference and difference',
        querystring: GetRadarQuery,
        response: { 200: LegacyRadar, ...legacyErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const at = new Date(legacyDate(q.RadarDate, 'RadarDate').getTime() + 999);
      const unit = await unitOf(db, sessionOf(request), q.UnitID, { customerId: q.CustomerID });
      return toLegacyRadar(unit, q.ChannelID, await curveAt(db, unit.id, q.ChannelID, at));
    },
  );

  app.post(
    legacyPath('EditMark'),
    {
      config: deviceWrite,
      schema: {
        ...schema,
        summary: 'Adds (MarkerID 0) or changes a marker; JSonData is {name, position, comments, pulseSpeed, locked}',
        body: EditMarkBody,
        response: { 200: Type.Array(LegacyMarker, { minItems: 1, maxItems: 1 }), ...legacyErrors },
      },
    },
    async (request) => {
      const b = request.body;
      const input = parseJsonData(b.JSonData);
      const unit = await unitOf(db, sessionOf(request), b.UnitID, { customerId: b.CustomerID, need: 'write' });
      const row =
        b.MarkerID === 0
          ? await createMarker(db, unit, b.ChannelID, input)
          : await editMarker(db, unit, b.ChannelID, b.MarkerID, input);
      return [toLegacyMarker(row, unit.organization_id)];
    },
  );

  app.get(
    legacyPath('DeleteMark'),
    {
      config: deviceWrite,
      schema: {
        ...schema,
        summary: 'Deletes a marker (not a locked one); answers the deleted marker',
        querystring: DeleteMarkQuery,
        response: { 200: Type.Array(LegacyMarker, { minItems: 1, maxItems: 1 }), ...legacyErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const unit = await unitOf(db, sessionOf(request), q.UnitID, { customerId: q.CustomerID, need: 'write' });
      return [toLegacyMarker(await removeMarker(db, unit, q.ChannelID, q.MarkerID), unit.organization_id)];
    },
  );

  app.get(
    legacyPath('GetAllMarks'),
    {
      config: deviceRead,
      schema: {
        ...schema,
        summary: 'The markers of a channel: one item whose Marker list may be empty',
        querystring: GetAllMarksQuery,
        response: { 200: Type.Array(LegacyMarks), ...legacyErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const unit = await unitOf(db, sessionOf(request), q.UnitID);
      const rows = await markersOf(db, unit.id, q.ChannelID);
      return [
        { ChannelID: q.ChannelID, UnitID: unit.id, Marker: rows.map((m) => toLegacyMarker(m, unit.organization_id)) },
      ];
    },
  );

  app.get(
    legacyPath('GetChannel'),
    {
      config: deviceRead,
      schema: {
        ...schema,
        summary: 'A channel and the columns shown for it',
        querystring: GetChannelQuery,
        response: { 200: LegacyChannel, ...legacyErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const unit = await unitOf(db, sessionOf(request), q.UnitID, { customerId: q.CustomerID });
      return legacyChannel(db, unit, q.ChannelID);
    },
  );

  app.post(
    legacyPath('EditChannel'),
    {
      config: scoped('device', 'manage', { writes: true }),
      schema: {
        ...schema,
        summary: 'Sets the columns shown for a channel (known column names, comma-joined)',
        body: EditChannelBody,
        response: { 200: LegacyChannel, ...legacyErrors },
      },
    },
    async (request) => {
      const b = request.body;
      const unit = await unitOf(db, sessionOf(request), b.UnitID, { customerId: b.CustomerID, need: 'manage' });
      return editChannelColumns(db, unit, b.ChannelID, b.Columns);
    },
  );

  controlLegacyRoutes(app);
}
