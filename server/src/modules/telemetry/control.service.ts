import type { Operation, OperationStatus, RelayView } from '@fieldwatch/core';
import type { Db } from '../../db/db.ts';
import type { DeviceLink } from '../../gateway/link.ts';
import type { LiveBus } from '../../live/bus.ts';
import { httpError } from '../../plugins/errors.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import { deviceSettings } from '../devices/devices.service.ts';
import {
  commandUnit,
  type OperationRow,
  operationOf,
  relayView,
  toOperationStatus,
  waitForOperation,
} from '../operations/operations.service.ts';
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
  const unit = await unitOf(db, session, unitId, { customerId: opts.customerId, write: true });
  if (opts.serial !== undefined && opts.serial !== '' && opts.serial !== unit.serial) {
    throw httpError(400, 'UnitSerial does not match the unit');
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
  const unit = await unitOf(db, session, unitId, { write: true });
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
