import type { Queryable } from '../../db/db.ts';
import type { StoredReference } from './channels.repository.ts';

/** Radar curves as units send them (`radar_curves`): one per unit, channel and time. */

export type RadarRow = { channel: number; ts: Date; pulse_speed: number; points: number[] };

/** Stores curves (a curve already stored, same unit, channel and time, is skipped), in one statement. */
export async function insertRadarsOfUnits(db: Queryable, rows: readonly (RadarRow & { unitId: number })[]) {
  if (rows.length === 0) return;
  await db.query(
    `insert into radar_curves (unit_id, channel, ts, pulse_speed, points)
     select * from unnest($1::int[], $2::int[], $3::timestamptz[], $4::float8[], $5::jsonb[])
     on conflict do nothing`,
    [
      rows.map((r) => r.unitId),
      rows.map((r) => r.channel),
      rows.map((r) => r.ts.toISOString()),
      rows.map((r) => r.pulse_speed),
      rows.map((r) => JSON.stringify(r.points)),
    ],
  );
}

/** Stores one curve of a unit (see insertRadarsOfUnits). */
export function insertRadar(db: Queryable, unitId: number, r: RadarRow): Promise<void> {
  return insertRadarsOfUnits(db, [{ ...r, unitId }]);
}

export async function radarDates(
  db: Queryable,
  unitId: number,
  channel: number,
  start: Date,
  stop: Date,
): Promise<Date[]> {
  const rows = await db.query<{ ts: Date }>(
    'select ts from radar_curves where unit_id = $1 and channel = $2 and ts >= $3 and ts <= $4 order by ts',
    [unitId, channel, start, stop],
  );
  return rows.map((r) => r.ts);
}

/** The curve at a time, or the newest one at or before it. */
export async function radarAt(db: Queryable, unitId: number, channel: number, at: Date): Promise<RadarRow | undefined> {
  const rows = await db.query<RadarRow>(
    `select channel, ts, pulse_speed, points from radar_curves
     where unit_id = $1 and channel = $2 and ts <= $3 order by ts desc limit 1`,
    [unitId, channel, at],
  );
  return rows[0];
}

/** Stored curves of channels at the given times, each with its channel's reference (null when none). */
export async function curvesWithReferences(
  db: Queryable,
  keys: readonly { unit_id: number; channel: number; curve_ts: Date }[],
) {
  return db.query<RadarRow & { unit_id: number; reference: StoredReference | null }>(
    `select r.unit_id, r.channel, r.ts, r.pulse_speed, r.points, c.default_radar as reference
       from unnest($1::int[], $2::int[], $3::timestamptz[]) as k(unit_id, channel, ts)
       join radar_curves r on r.unit_id = k.unit_id and r.channel = k.channel and r.ts = k.ts
       left join channels c on c.unit_id = k.unit_id and c.channel = k.channel`,
    [keys.map((k) => k.unit_id), keys.map((k) => k.channel), keys.map((k) => k.curve_ts)],
  );
}
