import type { FaultFinding } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';

export type FindingState = 'suggested' | 'accepted' | 'dismissed';

export type FindingRow = {
  id: number;
  unit_id: number;
  channel: number;
  kind: FaultFinding['kind'];
  position_m: number;
  uncertainty_m: number;
  size: number;
  confidence: number;
  pulse_speed: number;
  first_seen: Date;
  curve_ts: Date;
  state: FindingState;
  decided_by: number | null;
  decided_at: Date | null;
  marker_id: number | null;
};

const columns = `id, unit_id, channel, kind, position_m, uncertainty_m, size, confidence, pulse_speed,
  first_seen, curve_ts, state, decided_by, decided_at, marker_id`;

/** A channel whose newest curve the analysis has not read, with that curve's time. */
export type PendingCurve = { unit_id: number; organization_id: number; channel: number; curve_ts: Date };

/**
 * Channels with a reference whose newest curve is newer than the last one analysed: of the given
 * units (a curve just stored), or of every unit (the catch-up that finds what an announcement missed).
 */
export async function pendingCurves(db: Queryable, unitIds: readonly number[] | null, limit: number) {
  return db.query<PendingCurve>(
    `select c.unit_id, u.organization_id, c.channel, newest.ts as curve_ts
       from channels c
       join units u on u.id = c.unit_id
       cross join lateral (
         select r.ts from radar_curves r where r.unit_id = c.unit_id and r.channel = c.channel order by r.ts desc limit 1
       ) newest
       left join radar_analysed a on a.unit_id = c.unit_id and a.channel = c.channel
      where c.default_radar is not null and ($1::int[] is null or c.unit_id = any($1))
        and (a.curve_ts is null or a.curve_ts < newest.ts)
      order by c.unit_id, c.channel
      limit $2`,
    [unitIds, limit],
  );
}

/**
 * Takes channels' curves for analysis: the ones for which this caller (of any instance) moved the
 * channel's mark to the curve; not those another has taken or whose newer curve was read already.
 */
export async function claimCurves(db: Queryable, ps: readonly PendingCurve[]) {
  return db.query<{ unit_id: number; channel: number }>(
    `insert into radar_analysed (unit_id, channel, curve_ts)
     select * from unnest($1::int[], $2::int[], $3::timestamptz[])
     on conflict (unit_id, channel) do update set curve_ts = excluded.curve_ts
       where radar_analysed.curve_ts < excluded.curve_ts
     returning unit_id, channel`,
    [ps.map((p) => p.unit_id), ps.map((p) => p.channel), ps.map((p) => p.curve_ts)],
  );
}

/** The channel's newest curve is read again (its reference changed). */
export async function forgetAnalysed(db: Queryable, unitId: number, channel: number) {
  await db.query('delete from radar_analysed where unit_id = $1 and channel = $2', [unitId, channel]);
}

export async function listFindings(db: Queryable, unitId: number, channel: number): Promise<FindingRow[]> {
  return db.query<FindingRow>(
    `select ${columns} from radar_findings where unit_id = $1 and channel = $2 order by position_m, id`,
    [unitId, channel],
  );
}

/** The findings of the channels, by channel, nearest first. */
export async function findingsOfChannels(db: Queryable, keys: readonly { unit_id: number; channel: number }[]) {
  return db.query<FindingRow>(
    `select ${columns} from radar_findings
       join unnest($1::int[], $2::int[]) as k(k_unit, k_channel) on unit_id = k_unit and channel = k_channel
      order by unit_id, channel, position_m, id`,
    [keys.map((k) => k.unit_id), keys.map((k) => k.channel)],
  );
}

/** The open suggestions of the given units (every channel), nearest first. */
export async function suggestedOfUnits(db: Queryable, unitIds: readonly number[]): Promise<FindingRow[]> {
  return db.query<FindingRow>(
    `select ${columns} from radar_findings where unit_id = any($1) and state = 'suggested'
     order by unit_id, channel, position_m`,
    [unitIds],
  );
}

export async function findFinding(db: Queryable, unitId: number, channel: number, id: number, forUpdate = false) {
  const rows = await db.query<FindingRow>(
    `select ${columns} from radar_findings where unit_id = $1 and channel = $2 and id = $3${forUpdate ? ' for update' : ''}`,
    [unitId, channel, id],
  );
  return rows[0];
}

type NewFinding = Omit<FindingRow, 'id' | 'state' | 'decided_by' | 'decided_at' | 'marker_id' | 'first_seen'>;

export async function insertFinding(db: Queryable, f: NewFinding): Promise<FindingRow> {
  const [row] = await db.query<FindingRow>(
    `insert into radar_findings (unit_id, channel, kind, position_m, uncertainty_m, size, confidence, pulse_speed,
       first_seen, curve_ts)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) returning ${columns}`,
    [f.unit_id, f.channel, f.kind, f.position_m, f.uncertainty_m, f.size, f.confidence, f.pulse_speed, f.curve_ts],
  );
  if (!row) throw new Error('insert into radar_findings returned nothing');
  return row;
}

/** A later curve shows an open suggestion again: its newest position and size. */
export async function refreshFinding(db: Queryable, id: number, f: NewFinding) {
  await db.query(
    `update radar_findings set position_m = $2, uncertainty_m = $3, size = $4, confidence = $5, pulse_speed = $6,
       curve_ts = $7 where id = $1`,
    [id, f.position_m, f.uncertainty_m, f.size, f.confidence, f.pulse_speed, f.curve_ts],
  );
}

/** Open suggestions the newest curve no longer shows (the fault was repaired and the reference set anew). */
export async function dropSuggestions(db: Queryable, ids: readonly number[]) {
  if (ids.length > 0) await db.query(`delete from radar_findings where id = any($1) and state = 'suggested'`, [ids]);
}

export async function decideFinding(
  db: Queryable,
  id: number,
  state: Exclude<FindingState, 'suggested'>,
  userId: number,
  markerId: number | null,
): Promise<FindingRow | undefined> {
  const rows = await db.query<FindingRow>(
    `update radar_findings set state = $2, decided_by = $3, decided_at = now(), marker_id = $4
     where id = $1 and state = 'suggested' returning ${columns}`,
    [id, state, userId, markerId],
  );
  return rows[0];
}
