import { type AlarmSeverities, nearestSeverities, type Severity } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';

/** Deeper than any real organization tree: a cycle in the tree cannot make the walk endless. */
const MAX_DEPTH = 64;

type ChainRow = { organization_id: number; depth: number; alarm_type: number; severity: Severity };

/**
 * The severity settings of each organization and of every one above it: `depth` 0 is the
 * organization's own, 1 its parent's, and so on.
 */
async function settingsUpTree(db: Queryable, organizationIds: readonly number[]): Promise<ChainRow[]> {
  if (organizationIds.length === 0) return [];
  return db.query<ChainRow>(
    `with recursive up (start, id, depth) as (
       select o.id, o.id, 0 from organizations o where o.id = any($1::int[])
       union
       select up.start, o.parent_organization_id, up.depth + 1
       from up join organizations o on o.id = up.id
       where o.parent_organization_id is not null and up.depth < $2
     )
     select up.start as organization_id, up.depth, s.alarm_type, s.severity
     from up join alarm_severities s on s.organization_id = up.id
     order by up.start, up.depth, s.alarm_type`,
    [[...new Set(organizationIds)], MAX_DEPTH],
  );
}

/** The settings of an organization and of its ancestors, nearest first (one entry per level that has any). */
function chains(rows: readonly ChainRow[]): Map<number, AlarmSeverities[]> {
  const out = new Map<number, Map<number, Partial<Record<number, Severity>>>>();
  for (const r of rows) {
    const levels = out.get(r.organization_id) ?? new Map<number, Partial<Record<number, Severity>>>();
    const level = levels.get(r.depth) ?? {};
    level[r.alarm_type] = r.severity;
    levels.set(r.depth, level);
    out.set(r.organization_id, levels);
  }
  return new Map(
    [...out].map(([id, levels]) => [id, [...levels].sort(([a], [b]) => a - b).map(([, settings]) => settings)]),
  );
}

/**
 * The severities that apply to each organization (the nearest setting per alarm type, from the
 * organization itself upward): what the event engine gives new events. An organization with no
 * setting on it or above is missing from the map (spec defaults).
 */
export async function effectiveSeverities(
  db: Queryable,
  organizationIds: readonly number[],
): Promise<Map<number, AlarmSeverities>> {
  const byOrg = chains(await settingsUpTree(db, organizationIds));
  return new Map([...byOrg].map(([id, chain]) => [id, nearestSeverities(chain)]));
}

/** One organization's own settings and those it inherits (its ancestors', nearest winning). */
export async function ownAndInherited(
  db: Queryable,
  organizationId: number,
): Promise<{ own: AlarmSeverities; inherited: AlarmSeverities }> {
  const rows = await settingsUpTree(db, [organizationId]);
  const own: Partial<Record<number, Severity>> = {};
  for (const r of rows) if (r.depth === 0) own[r.alarm_type] = r.severity;
  const above = chains(rows.filter((r) => r.depth > 0)).get(organizationId) ?? [];
  return { own, inherited: nearestSeverities(above) };
}

/** Sets (a severity) or clears (null) alarm types' severities of one organization. */
export async function writeSeverities(
  db: Queryable,
  organizationId: number,
  changes: readonly { alarmType: number; severity: Severity | null }[],
) {
  const cleared = changes.filter((c) => c.severity === null).map((c) => c.alarmType);
  const set = changes.filter((c) => c.severity !== null);
  if (cleared.length)
    await db.query('delete from alarm_severities where organization_id = $1 and alarm_type = any($2::int[])', [
      organizationId,
      cleared,
    ]);
  if (set.length)
    await db.query(
      `insert into alarm_severities (organization_id, alarm_type, severity)
       select $1, t, s from unnest($2::int[], $3::text[]) as x(t, s)
       on conflict (organization_id, alarm_type) do update set severity = excluded.severity, updated_at = now()`,
      [organizationId, set.map((c) => c.alarmType), set.map((c) => c.severity)],
    );
}

/** An organization's own event settings (null: the default). */
export type EventSettings = { joinHours: number | null; forecastDays: number | null };

export async function eventSettingsOf(db: Queryable, organizationId: number): Promise<EventSettings> {
  const [row] = await db.query<{ alarm_join_hours: number | null; forecast_warning_days: number | null }>(
    'select alarm_join_hours, forecast_warning_days from organizations where id = $1',
    [organizationId],
  );
  return { joinHours: row?.alarm_join_hours ?? null, forecastDays: row?.forecast_warning_days ?? null };
}

/** Sets the event settings given (the others kept). */
export async function writeEventSettings(db: Queryable, organizationId: number, settings: Partial<EventSettings>) {
  await db.query(
    `update organizations set
       alarm_join_hours = case when $2 then $3::int else alarm_join_hours end,
       forecast_warning_days = case when $4 then $5::int else forecast_warning_days end
     where id = $1`,
    [
      organizationId,
      'joinHours' in settings,
      settings.joinHours ?? null,
      'forecastDays' in settings,
      settings.forecastDays ?? null,
    ],
  );
}
