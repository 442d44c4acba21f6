import type { Operation, OperationState, OperationStatus, RelayView } from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import type { DeviceLink } from '../../gateway/link.ts';
import { HttpError } from '../../http.ts';
import type { LiveBus } from '../../live/bus.ts';

import { nextSequence, type UnitRow } from '../devices/devices.service.ts';
import * as operationsRepository from './operations.repository.ts';
import { findOperation, insertOperation, latestOperations, type OperationRow } from './operations.repository.ts';

/** UnitAction with RunAndWait waits this long for the unit's answer at most. */
export const RUN_AND_WAIT_MS = 15_000;

/**
 * Requests an operation of a unit: a new sequence number, stored as requested, then delivered
 * over MQTT. The unit's result settles it; the watchdog fails it when no answer comes in time.
 * When the gateway cannot take the message, the operation fails at once and the call is a 503.
 */
export async function requestOperation(
  db: Db,
  link: DeviceLink,
  unit: { id: number; serial: string },
  operation: Operation | 'relay',
  body: Record<string, unknown> = {},
): Promise<OperationRow> {
  const row = await db.transaction(async (tx) => {
    const seq = await nextSequence(tx, unit.id);
    return insertOperation(tx, unit.id, seq, operation, body);
  });
  const kind = operation === 'relay' ? 'relay' : operation === 'send_settings' ? 'settings' : 'op';
  try {
    await link.publish(unit.serial, kind, { seq: row.seq, op: operation, ...body });
  } catch (e) {
    await settleOperation(db, unit.id, row.seq, 'failed', 'Not delivered: the device gateway is not available');
    throw new HttpError(503, 'The device gateway is not available', { cause: e });
  }
  return row;
}

/** Settles an operation from the unit's result; returns it when this result settled it. */
export async function finishOperation(
  db: Queryable,
  unitId: number,
  seq: number,
  ok: boolean,
  message: string,
  _data?: Record<string, unknown>,
): Promise<OperationRow | undefined> {
  return settleOperation(db, unitId, seq, ok ? 'succeeded' : 'failed', message);
}

/**
 * The one path of every command to a unit (v2 operation and relay, legacy SetRelay and
 * UnitAction). The caller has checked the user's write capability. A relay state must have one
 * character per relay when the unit's RelayCount is known; send_settings carries `settings`.
 */
export async function commandUnit(
  db: Db,
  link: DeviceLink,
  unit: UnitRow,
  command:
    | { operation: Operation; settings?: Record<string, unknown> }
    | { operation: 'relay'; state: string; field?: string },
): Promise<OperationRow> {
  if (command.operation === 'relay') {
    const count = unit.info.RelayCount;
    if (typeof count === 'number' && count > 0 && command.state.length !== count) {
      throw new HttpError(400, `${command.field ?? 'state'} must have ${count} characters, one per relay`);
    }
    return requestOperation(db, link, unit, 'relay', { state: command.state });
  }
  const body = command.operation === 'send_settings' ? { settings: command.settings ?? {} } : {};
  return requestOperation(db, link, unit, command.operation, body);
}

export const toOperationStatus = (row: OperationRow): OperationStatus => ({
  seq: row.seq,
  operation: row.operation,
  state: row.state,
  message: row.message,
  requestedAt: new Date(row.requested_at).toISOString(),
  finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
});

/** An operation of the unit by sequence number and name (404 when there is none). */
export async function operationOf(db: Queryable, unitId: number, seq: number, operation: string) {
  const row = await findOperation(db, unitId, seq, operation);
  if (!row) throw new HttpError(404, `Operation ${operation} ${seq} not found`);
  return row;
}

/**
 * Waits until the operation is settled or `timeoutMs` passed; answers its state then. The live
 * event of a result is published before ingest commits, so after it (or every 250 ms) the stored
 * state is read again.
 */
export async function waitForOperation(
  db: Queryable,
  bus: LiveBus,
  unitId: number,
  row: OperationRow,
  timeoutMs = RUN_AND_WAIT_MS,
): Promise<OperationRow> {
  const deadline = Date.now() + timeoutMs;
  let wake: (() => void) | undefined;
  const off = bus.subscribe((e) => {
    if (e.kind === 'operation' && e.unitId === unitId && e.seq === row.seq) wake?.();
  });
  try {
    let current = row;
    for (;;) {
      current = (await findOperation(db, unitId, row.seq, row.operation)) ?? current;
      const left = deadline - Date.now();
      if (current.state !== 'requested' || left <= 0) return current;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(250, left));
        wake = () => {
          clearTimeout(timer);
          setTimeout(resolve, 20);
        };
      });
    }
  } finally {
    off();
  }
}

/** The relay as the interface shows it: the reported state and what is under way. */
export async function relayView(db: Queryable, unit: UnitRow): Promise<RelayView> {
  const latest = await latestOperations(db, unit.id, ['relay', 'restart']);
  const relay = latest.find((o) => o.operation === 'relay');
  const restart = latest.find((o) => o.operation === 'restart');
  const status =
    restart?.state === 'requested'
      ? 'resetting'
      : relay?.state === 'requested'
        ? 'pending'
        : relay?.state === 'failed'
          ? 'error'
          : unit.relay_state === null
            ? 'initializing'
            : 'ready';
  const requested = relay?.payload?.state;
  return {
    state: unit.relay_state,
    status,
    requested: typeof requested === 'string' ? requested : null,
    seq: relay?.seq ?? null,
    message: relay?.message ?? '',
  };
}

// The stored rows other modules read and write, through this service only.
export type { OperationRow } from './operations.repository.ts';

export function expireOperations(db: Queryable, olderThan: Date) {
  return operationsRepository.expireOperations(db, olderThan);
}

export function settleOperation(db: Queryable, unitId: number, seq: number, state: OperationState, message: string) {
  return operationsRepository.settleOperation(db, unitId, seq, state, message);
}

export function recentOperations(db: Queryable, unitId: number, limit: number) {
  return operationsRepository.recentOperations(db, unitId, limit);
}

export function countRequestedOperations(db: Queryable) {
  return operationsRepository.countRequestedOperations(db);
}
