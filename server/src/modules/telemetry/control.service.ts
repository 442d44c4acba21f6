import type { Operation, OperationStatus, RelayView, UnitLogEntry } from '@fieldwatch/core';
import type { Db } from '../../db/db.ts';
import type { DeviceLink } from '../../gateway/link.ts';
import { HttpError } from '../../http.ts';
import type { LiveBus } from '../../live/bus.ts';

import { alarmsSince } from '../alarms/alarms.service.ts';
import { alarmRowText } from '../alarms/alarmTexts.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import { deviceSettings } from '../devices/devices.service.ts';
import {
  commandUnit,
  type OperationRow,
  operationOf,
  recentOperations,
  relayView,
  settleOperation,
  toOperationStatus,
  waitForOperation,
} from '../operations/operations.service.ts';
import { reportsSince } from './telemetry.repository.ts';
import { unitOf } from './telemetry.service.ts';

type Caller = { db: Db; link: DeviceLink; session: SessionRow };

/**
 * Runs an operation on a unit the user may write (v2 operation, legacy UnitAction). send_settings
 * carries the unit's stored settings and alarm settings.
 */
export async function startOperation(
  { db, link, session }: Caller,
  unitId: number,
  operation: Operation,
  opts: { customerId?: number; serial?: string } = {},
): Promise<OperationRow> {
  const unit = await unitOf(db, session, unitId, { customerId: opts.customerId, need: 'write' });
  if (opts.serial !== undefined && opts.serial !== '' && opts.serial !== unit.serial) {
    throw new HttpError(400, 'UnitSerial does not match the unit');
  }
  const settings =
    operation === 'send_settings'
      ? { ...(await deviceSettings(db, session, unit.id)), alarm: unit.alarm_settings }
      : undefined;
  return commandUnit(db, link, unit, { operation, settings });
}

/** Sets the relay outputs of a unit the user may write (v2 relay, legacy SetRelay). */
export async function startRelay(
  { db, link, session }: Caller,
  unitId: number,
  state: string,
  field = 'state',
): Promise<OperationRow> {
  const unit = await unitOf(db, session, unitId, { need: 'write' });
  return commandUnit(db, link, unit, { operation: 'relay', state, field });
}

/** The state of an operation of a unit the user may see. */
export async function pollOperation(
  db: Db,
  session: SessionRow,
  unitId: number,
  seq: number,
  operation: string,
  customerId?: number,
): Promise<OperationStatus> {
  const unit = await unitOf(db, session, unitId, { customerId });
  return toOperationStatus(await operationOf(db, unit.id, seq, operation));
}

export async function relayOf(db: Db, session: SessionRow, unitId: number): Promise<RelayView> {
  return relayView(db, await unitOf(db, session, unitId));
}

/**
 * Legacy UnitAction: SequenceNumber 0 (or none) runs the action, another number polls it;
 * RunAndWait waits for the unit's answer (at most RUN_AND_WAIT_MS). Exactly one result item.
 */
export async function unitAction(
  caller: Caller & { bus: LiveBus },
  body: {
    Action: string;
    CustomerID: number;
    UnitID: number;
    RunAndWait?: boolean | number;
    SequenceNumber?: number;
    UnitSerial?: string;
  },
) {
  const operation = body.Action.toLowerCase() as Operation;
  let row: OperationRow;
  if (body.SequenceNumber) {
    const unit = await unitOf(caller.db, caller.session, body.UnitID, { customerId: body.CustomerID });
    row = await operationOf(caller.db, unit.id, body.SequenceNumber, operation);
  } else {
    row = await startOperation(caller, body.UnitID, operation, {
      customerId: body.CustomerID,
      serial: body.UnitSerial,
    });
  }
  if (body.RunAndWait) row = await waitForOperation(caller.db, caller.bus, body.UnitID, row);
  return [{ SequenceNumber: row.seq, Action: body.Action, Status: row.state, Message: row.message }];
}

/** The operations panel's queue: the unit's newest operations, pending ones among them. */
export async function operationsOf(db: Db, session: SessionRow, unitId: number): Promise<OperationStatus[]> {
  const unit = await unitOf(db, session, unitId);
  return (await recentOperations(db, unit.id, 50)).map(toOperationStatus);
}

/**
 * Cancels an operation still requested: it fails with the canceller's name, and a late answer of the
 * unit changes nothing (an operation settles once). A settled one answers 409.
 */
export async function cancelOperation(
  { db, session, bus }: { db: Db; session: SessionRow; bus: LiveBus },
  unitId: number,
  seq: number,
  operation: string,
): Promise<OperationStatus> {
  const unit = await unitOf(db, session, unitId, { need: 'write' });
  await operationOf(db, unit.id, seq, operation);
  const row = await settleOperation(db, unit.id, seq, 'failed', `Cancelled by ${session.username}`);
  if (!row) throw new HttpError(409, 'The operation has already finished');
  bus.publish({
    kind: 'operation',
    unitId: unit.id,
    organizationId: unit.organization_id,
    seq,
    operation: row.operation,
    state: row.state,
    message: row.message,
  });
  return toOperationStatus(row);
}

const LOG_REPORT_WINDOW_MS = 2 * 24 * 3600_000;

/**
 * The log scan tab: the unit's operations (requested and finished), alarms (raised and cleared) and
 * reports of the last two days, newest first, at most `limit` entries.
 */
export async function unitLog(db: Db, session: SessionRow, unitId: number, limit: number): Promise<UnitLogEntry[]> {
  const unit = await unitOf(db, session, unitId);
  const since = new Date(Date.now() - LOG_REPORT_WINDOW_MS);
  const [operations, alarms, reports] = await Promise.all([
    recentOperations(db, unit.id, limit),
    alarmsSince(db, [unit.id], new Date(0), limit),
    reportsSince(db, unit.id, since, limit),
  ]);
  const iso = (d: Date | string) => new Date(d).toISOString();
  const entries: UnitLogEntry[] = [
    ...operations.flatMap((o) => [
      { time: iso(o.requested_at), kind: 'operation' as const, name: o.operation, state: 'requested', message: '' },
      ...(o.finished_at
        ? [
            {
              time: iso(o.finished_at),
              kind: 'operation' as const,
              name: o.operation,
              state: o.state,
              message: o.message,
            },
          ]
        : []),
    ]),
    ...alarms.flatMap((a) => [
      {
        time: iso(a.event_time),
        kind: 'alarm' as const,
        name: String(a.alarm_type),
        state: 'raised',
        message: alarmRowText(session.language, a),
      },
      ...(a.cleared_at
        ? [
            {
              time: iso(a.cleared_at),
              kind: 'alarmCleared' as const,
              name: String(a.alarm_type),
              state: 'cleared',
              message: alarmRowText(session.language, a),
            },
          ]
        : []),
    ]),
    ...reports.map((r) => ({
      time: iso(r.ts),
      kind: 'report' as const,
      name: String(r.values),
      state: '',
      message: '',
    })),
  ];
  return entries.sort((a, b) => b.time.localeCompare(a.time)).slice(0, limit);
}
