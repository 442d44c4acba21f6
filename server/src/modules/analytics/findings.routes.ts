import { AcceptFindingBody, FindingParams, MarkerChannelParams, RadarFinding } from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import { security } from '../../families/family.ts';
import { v2Responses } from '../../families/v2.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { v2 } from '../../plugins/envelopes.ts';
import { deviceRead, deviceWrite } from '../../plugins/policy.ts';
import { unitOf } from '../telemetry/telemetry.service.ts';
import { decide, findingsOf } from './findings.service.ts';

const base = '/legacy/devices/:id/channel/:n/findings';
const tags = ['device v2'];
/** v2 faults the radar analysis found on a channel (n is 1-based): read them; accept or dismiss a suggestion. */
export function findingRoutes(app: App) {
  const { db } = app;

  app.get(
    base,
    {
      config: deviceRead,
      schema: {
        tags,
        summary: 'Faults the radar analysis found on a channel: suggested, accepted and dismissed',
        security,
        params: MarkerChannelParams,
        response: v2Responses(Type.Array(RadarFinding)),
      },
    },
    async (request) => {
      const unit = await unitOf(db, sessionOf(request), request.params.id);
      return v2(await findingsOf(db, unit.id, request.params.n));
    },
  );

  app.post(
    `${base}/:finding/accept`,
    {
      config: deviceWrite,
      schema: {
        tags,
        summary: 'Accepts a suggested fault: it becomes a marker at its position, named as given (decided: 409)',
        security,
        params: FindingParams,
        body: AcceptFindingBody,
        response: v2Responses(RadarFinding),
      },
    },
    async (request) => {
      const { id, n, finding } = request.params;
      const session = sessionOf(request);
      const unit = await unitOf(db, session, id, { need: 'write' });
      return v2(await decide(db, app.bus, { userId: session.user_id }, unit, n, finding, { accept: request.body }));
    },
  );

  app.post(
    `${base}/:finding/dismiss`,
    {
      config: deviceWrite,
      schema: {
        tags,
        summary: 'Dismisses a suggested fault: it is not suggested again (decided: 409)',
        security,
        params: FindingParams,
        response: v2Responses(RadarFinding),
      },
    },
    async (request) => {
      const { id, n, finding } = request.params;
      const session = sessionOf(request);
      const unit = await unitOf(db, session, id, { need: 'write' });
      return v2(await decide(db, app.bus, { userId: session.user_id }, unit, n, finding, { dismiss: true }));
    },
  );
}
