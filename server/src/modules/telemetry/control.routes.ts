import {
  IdParam,
  type Operation,
  OperationPollQuery,
  OperationQuery,
  OperationRequested,
  OperationStatus,
  RelayAccepted,
  RelayBody,
  RelayView,
  UnitLogEntry,
  UnitLogQuery,
} from '@fieldwatch/core';
import { Type } from '@sinclair/typebox';
import { security } from '../../families/family.ts';
import { v2Responses } from '../../families/v2.ts';
import type { App } from '../../http.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { v2 } from '../../plugins/envelopes.ts';
import { deviceRead, deviceWrite } from '../../plugins/policy.ts';
import {
  cancelOperation,
  operationsOf,
  pollOperation,
  relayOf,
  startOperation,
  startRelay,
  unitLog,
} from './control.service.ts';

const tags = ['device v2'];
/** v2 relay and operations: commands are requested over MQTT and polled by sequence number. */
export function controlRoutes(app: App) {
  const { db } = app;

  app.get(
    '/devices/:id/relay',
    {
      config: deviceRead,
      schema: {
        tags,
        summary: 'The relay outputs as last reported, and what is under way',
        security,
        params: IdParam,
        response: v2Responses(RelayView),
      },
    },
    async (request) => v2(await relayOf(db, sessionOf(request), request.params.id)),
  );

  app.post(
    '/devices/:id/relay',
    {
      config: deviceWrite,
      schema: {
        tags,
        summary: "Sets the relay outputs; pending until the unit's answer (poll with operation=relay)",
        security,
        params: IdParam,
        body: RelayBody,
        response: v2Responses(RelayAccepted),
      },
    },
    async (request) => {
      const row = await startRelay(
        { db, link: app.link, session: sessionOf(request) },
        request.params.id,
        request.body.state,
      );
      return v2({ seq: row.seq, state: 'pending' as const });
    },
  );

  app.post(
    '/devices/:id/operation',
    {
      config: deviceWrite,
      schema: {
        tags,
        summary: 'Requests an operation of the unit',
        security,
        params: IdParam,
        querystring: OperationQuery,
        response: v2Responses(OperationRequested),
      },
    },
    async (request) => {
      const operation = request.query.operation as Operation;
      const row = await startOperation(
        { db, link: app.link, session: sessionOf(request) },
        request.params.id,
        operation,
      );
      return v2({ seq: row.seq, operation: row.operation, state: 'requested' as const });
    },
  );

  // Polling and cancelling name one operation alike and both answer its state.
  const operationSchema = {
    tags,
    security,
    params: IdParam,
    querystring: OperationPollQuery,
    response: v2Responses(OperationStatus),
  };
  app.get(
    '/devices/:id/operation',
    {
      config: deviceRead,
      schema: { ...operationSchema, summary: 'The state of an operation: requested, succeeded or failed' },
    },
    async (request) => {
      const { sequence, operation } = request.query;
      return v2(await pollOperation(db, sessionOf(request), request.params.id, sequence, operation));
    },
  );

  app.delete(
    '/devices/:id/operation',
    {
      config: deviceWrite,
      schema: {
        ...operationSchema,
        summary: 'Cancels an operation still requested (it fails; a late answer changes nothing)',
      },
    },
    async (request) => {
      const { sequence, operation } = request.query;
      const caller = { db, bus: app.bus, session: sessionOf(request) };
      return v2(await cancelOperation(caller, request.params.id, sequence, operation));
    },
  );

  app.get(
    '/devices/:id/operations',
    {
      config: deviceRead,
      schema: {
        tags,
        summary: "The unit's newest operations (the queue of the operations panel)",
        security,
        params: IdParam,
        response: v2Responses(Type.Array(OperationStatus)),
      },
    },
    async (request) => v2(await operationsOf(db, sessionOf(request), request.params.id)),
  );

  app.get(
    '/devices/:id/log',
    {
      config: deviceRead,
      schema: {
        tags,
        summary: "The unit's log: operations, alarms and the reports of the last two days, newest first",
        security,
        params: IdParam,
        querystring: UnitLogQuery,
        response: v2Responses(Type.Array(UnitLogEntry)),
      },
    },
    async (request) => v2(await unitLog(db, sessionOf(request), request.params.id, request.query.limit ?? 100)),
  );
}
