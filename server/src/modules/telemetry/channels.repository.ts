import type { Queryable } from '../../db/db.ts';

/** A channel of a unit (1-based). `columns` holds the legacy Columns text once set; `default_radar` the reference curve. */
export type ChannelRow = {
  unit_id: number;
  channel: number;
  columns: unknown;
  pulse_speed: number;
  default_radar: StoredReference | null;
};

/** The stored reference curve (channels.default_radar). */
export type StoredReference = { points: number[]; t: string | null; pulseSpeed: number | null };

export async function findChannel(db: Queryable, unitId: number, channel: number): Promise<ChannelRow | undefined> {
  const rows = await db.query<ChannelRow>(
    'select unit_id, channel, columns, pulse_speed, default_radar from channels where unit_id = $1 and channel = $2',
    [unitId, channel],
  );
  return rows[0];
}

export async function setDefaultRadar(db: Queryable, unitId: number, channel: number, ref: StoredReference | null) {
  await db.query('update channels set default_radar = $3 where unit_id = $1 and channel = $2', [
    unitId,
    channel,
    ref === null ? null : JSON.stringify(ref),
  ]);
}

export async function setChannelColumns(db: Queryable, unitId: number, channel: number, columns: string) {
  await db.query('update channels set columns = $3 where unit_id = $1 and channel = $2', [
    unitId,
    channel,
    JSON.stringify(columns),
  ]);
}
