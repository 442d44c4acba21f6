import type { OperationState } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';

export type OperationRow = {
  unit_id: number;
  seq: number;
  operation: string;
  state: OperationState;
  message: string;
  requested_at: Date;
  finished_at: Date | null;
};

const columns = 'unit_id, seq, operation, state, message, requested_at, finished_at';

export async function insertOperation(
  db: Queryable,
  unitId: number,
  seq: number,
  operation: string,
  payload?: unknown,
) {
  const [row] = await db.query<OperationRow>(
    `insert into operations (unit_id, seq, operation, payload) values ($1, $2, $3, $4) returning ${columns}`,
    [unitId, seq, operation, payload === undefined ? null : JSON.stringify(payload)],
  );
  if (!row) throw new Error('insert into operations returned nothing');
  return row;
}

export async function findOperation(db: Queryable, unitId: number, seq: number, operation: string) {
  const rows = await db.query<OperationRow>(
    `select ${columns} from operations where unit_id = $1 and seq = $2 and operation = $3`,
    [unitId, seq, operation],
  );
  return rows[0];
}

/** Settles a requested operation once; a repeated result changes nothing. */
export async function settleOperation(
  db: Queryable,
  unitId: number,
  seq: number,
  state: OperationState,
  message: string,
) {
  const rows = await db.query<OperationRow>(
    `update operations set state = $3, message = $4, finished_at = now()
     where unit_id = $1 and seq = $2 and state = 'requested' returning ${columns}`,
    [unitId, seq, state, message],
  );
  return rows[0];
}

/** Fails every operation still requested after the time-out; returns them. */
export async function expireOperations(
  db: Queryable,
  olderThan: Date,
): Promise<(OperationRow & { organization_id: number })[]> {
  return db.query(
    `update operations o set state = 'failed', message = 'No answer from the unit', finished_at = now()
     from units u where u.id = o.unit_id and o.state = 'requested' and o.requested_at < $1
     returning o.unit_id, o.seq, o.operation, o.state, o.message, o.requested_at, o.finished_at, u.organization_id`,
    [olderThan],
  );
}

/** Operations sent to units and not answered yet, of all units (a partial index makes this cheap). */
export async function countRequestedOperations(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>("select count(*)::int as n from operations where state = 'requested'");
  return row?.n ?? 0;
}

/** The newest operation of each given name of a unit, with its payload. */
export async function latestOperations(
  db: Queryable,
  unitId: number,
  operations: readonly string[],
): Promise<(OperationRow & { payload: Record<string, unknown> | null })[]> {
  return db.query(
    `select distinct on (operation) ${columns}, payload from operations
     where unit_id = $1 and operation = any($2) order by operation, seq desc`,
    [unitId, operations],
  );
}

/** The newest operations of a unit (the operations panel's queue and the log). */
export async function recentOperations(db: Queryable, unitId: number, limit: number): Promise<OperationRow[]> {
  return db.query<OperationRow>(`select ${columns} from operations where unit_id = $1 order by seq desc limit $2`, [
    unitId,
    limit,
  ]);
}
