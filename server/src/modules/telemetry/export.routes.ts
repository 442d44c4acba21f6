import { DATA_DEFAULT_RANGE_MS, DEFAULT_TIMEZONE, isoDay } from '@fieldwatch/core';
import { type Static, Type } from '@sinclair/typebox';
import { security } from '../../families/family.ts';
import { v3Errors } from '../../families/standard.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/policy.ts';
import { findUserById } from '../users/users.service.ts';
import { EXPORT_MAX_UNITS, unitsCsvExport } from './csvExport.service.ts';
import { timeRange } from './telemetry.service.ts';

const IsoTime = Type.String({ format: 'date-time', maxLength: 40 });

export const UnitsExportQuery = Type.Object({
  units: Type.String({
    pattern: '^\\s*\\d+(\\s*,\\s*\\d+)*\\s*$',
    maxLength: 2000,
    description: `comma-joined unit ids, at most ${EXPORT_MAX_UNITS}; units appear in this order`,
  }),
  columns: Type.Optional(
    Type.String({
      maxLength: 2000,
      description:
        'comma-joined column names (e.g. Resistance1,PT1) or *; default: the columns any of the units has a value in during the range',
    }),
  ),
  start: Type.Optional({ ...IsoTime, description: 'ISO time; default 24 hours before end' }),
  end: Type.Optional({ ...IsoTime, description: 'ISO time (exclusive); default now' }),
});
export type UnitsExportQuery = Static<typeof UnitsExportQuery>;

/** The v3 CSV export of the chart widgets: several units, one streamed document. */
export function exportRoutes(app: App) {
  const { db } = app;

  app.get(
    '/device/devices/export.csv',
    {
      config: signedIn({ writes: false }),
      schema: {
        tags: ['device v3'],
        summary:
          'Samples of several units as one CSV (RFC 4180, header UnitID,UnitName,DataTime,columns…; one line per unit and second; every sample, streamed)',
        security,
        querystring: UnitsExportQuery,
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'text/csv' }), ...v3Errors },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const range = timeRange(q.start, q.end, DATA_DEFAULT_RANGE_MS);
      const session = sessionOf(request);
      const body = await unitsCsvExport(db, session, q, range);
      // The file is named after the days of the range as the user's profile timezone has them.
      const timezone = (await findUserById(db, session.user_id))?.timezone ?? DEFAULT_TIMEZONE;
      const day = (d: Date) => isoDay(d, timezone);
      reply.type('text/csv; charset=utf-8');
      reply.header(
        'content-disposition',
        `attachment; filename="fieldwatch-${day(range.start)}-${day(range.end)}.csv"`,
      );
      reply.header('cache-control', 'no-store');
      // A stream is piped as it is (no serialiser); the schema documents the text it yields.
      return reply.send(body as unknown as string);
    },
  );
}
