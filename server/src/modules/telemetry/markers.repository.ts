import type { MarkerData } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';

export type MarkerRow = { id: number; unit_id: number; channel: number; data: MarkerData };

const columns = 'id, unit_id, channel, data';

export async function listMarkers(db: Queryable, unitId: number, channel: number): Promise<MarkerRow[]> {
  return db.query<MarkerRow>(`select ${columns} from markers where unit_id = $1 and channel = $2 order by id`, [
    unitId,
    channel,
  ]);
}

export async function findMarker(
  db: Queryable,
  unitId: number,
  channel: number,
  id: number,
  forUpdate = false,
): Promise<MarkerRow | undefined> {
  const rows = await db.query<MarkerRow>(
    `select ${columns} from markers where unit_id = $1 and channel = $2 and id = $3${forUpdate ? ' for update' : ''}`,
    [unitId, channel, id],
  );
  return rows[0];
}

export async function insertMarker(db: Queryable, unitId: number, channel: number, data: MarkerData) {
  const [row] = await db.query<MarkerRow>(
    `insert into markers (unit_id, channel, data) values ($1, $2, $3) returning ${columns}`,
    [unitId, channel, JSON.stringify(data)],
  );
  if (!row) throw new Error('insert into markers returned nothing');
  return row;
}

export async function updateMarker(db: Queryable, id: number, data: MarkerData): Promise<MarkerRow | undefined> {
  const rows = await db.query<MarkerRow>(`update markers set data = $2 where id = $1 returning ${columns}`, [
    id,
    JSON.stringify(data),
  ]);
  return rows[0];
}

export async function deleteMarker(db: Queryable, id: number) {
  await db.query('delete from markers where id = $1', [id]);
}
