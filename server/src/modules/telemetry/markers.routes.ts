import { Marker, MarkerChannelParams, MarkerInput, MarkerParams, MarkerPatch } from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import { security } from '../../families/family.ts';
import { v2Responses } from '../../families/v2.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { v2 } from '../../plugins/envelopes.ts';
import { deviceRead, deviceWrite } from '../../plugins/policy.ts';
import { createMarker, editMarker, markersOf, removeMarker, toMarker } from './markers.service.ts';
import { unitOf } from './telemetry.service.ts';

const base = '/legacy/devices/:id/channel/:n/markers';
const tags = ['device v2'];
/** v2 radar markers of a channel (n is 1-based); writes need the device write capability; a locked marker stays put (409). */
export function markerRoutes(app: App) {
  const { db } = app;

  app.get(
    base,
    {
      config: deviceRead,
      schema: {
        tags,
        summary: 'Markers of a channel',
        security,
        params: MarkerChannelParams,
        response: v2Responses(Type.Array(Marker)),
      },
    },
    async (request) => {
      const unit = await unitOf(db, sessionOf(request), request.params.id);
      return v2((await markersOf(db, unit.id, request.params.n)).map(toMarker));
    },
  );

  app.post(
    base,
    {
      config: deviceWrite,
      schema: {
        tags,
        summary: 'Adds a marker',
        security,
        params: MarkerChannelParams,
        body: MarkerInput,
        response: v2Responses(Marker),
      },
    },
    async (request) => {
      const unit = await unitOf(db, sessionOf(request), request.params.id, { need: 'write' });
      return v2(toMarker(await createMarker(db, unit, request.params.n, request.body)));
    },
  );

  app.put(
    `${base}/:marker`,
    {
      config: deviceWrite,
      schema: {
        tags,
        summary: 'Changes a marker (a locked one cannot be moved: 409)',
        security,
        params: MarkerParams,
        body: MarkerPatch,
        response: v2Responses(Marker),
      },
    },
    async (request) => {
      const { id, n, marker } = request.params;
      const unit = await unitOf(db, sessionOf(request), id, { need: 'write' });
      return v2(toMarker(await editMarker(db, unit, n, marker, request.body)));
    },
  );

  app.delete(
    `${base}/:marker`,
    {
      config: deviceWrite,
      schema: {
        tags,
        summary: 'Deletes a marker (a locked one cannot be deleted: 409); answers the deleted marker',
        security,
        params: MarkerParams,
        response: v2Responses(Marker),
      },
    },
    async (request) => {
      const { id, n, marker } = request.params;
      const unit = await unitOf(db, sessionOf(request), id, { need: 'write' });
      return v2(toMarker(await removeMarker(db, unit, n, marker)));
    },
  );
}
