import type { Queryable } from '../../db/db.ts';

/**
 * The dashboards an administrator oversees in the organizations: those made in their context, and
 * the personal ones of users every one of whose roles lies in `governedIds` (a user who also belongs
 * elsewhere keeps their personal dashboards to themselves).
 */
export async function dashboardsOfOrganizations(
  db: Queryable,
  organizationIds: readonly number[],
  governedIds: readonly number[],
) {
  return db.query<{
    id: number;
    name: string;
    username: string;
    fullname: string;
    use_context: boolean;
    updated_at: Date;
  }>(
    `select d.id, d.name, u.username, u.fullname, d.use_context, d.updated_at
     from dashboards d join users u on u.id = d.user_id
     where d.user_id in (select user_id from user_roles where organization_id = any($1::int[]))
       and case when d.use_context then d.organization_id = any($1::int[])
                else not exists (select 1 from user_roles r where r.user_id = d.user_id and r.organization_id <> all($2::int[])) end
     order by lower(u.fullname), d.name`,
    [organizationIds, governedIds],
  );
}

/** Moves a user's dashboards to another user: personal ones, or those made in these organizations' context. */
export async function transferDashboards(
  db: Queryable,
  t: { from: number; to: number; workspace: boolean; organizationIds: readonly number[] },
): Promise<number> {
  const rows = await db.query(
    `update dashboards set user_id = $2, updated_at = now()
     where user_id = $1 and use_context = $3 and ($3 = false or organization_id = any($4::int[]))
     returning id`,
    [t.from, t.to, t.workspace, t.organizationIds],
  );
  return rows.length;
}

/**
 * Usage per day over the last `days` days for the organizations: samples and alarms counted per
 * day, and the units and users that existed at the end of each day.
 */
export async function usagePerDay(db: Queryable, organizationIds: readonly number[], days: number) {
  return db.query<{ day: string; samples: number; alarms: number; units: number; users: number }>(
    `with span as (
       select generate_series(date_trunc('day', now()) - ($2::int - 1) * interval '1 day',
                              date_trunc('day', now()), interval '1 day') as day
     ),
     org_units as (select id, created_at from units where organization_id = any($1::int[])),
     sample_days as (
       select date_trunc('day', s.ts) as day, count(*)::int as n from samples s
       where s.unit_id in (select id from org_units)
         and s.ts >= date_trunc('day', now()) - ($2::int - 1) * interval '1 day'
       group by 1
     ),
     alarm_days as (
       select date_trunc('day', a.event_time) as day, count(*)::int as n from alarms a
       where a.unit_id in (select id from org_units)
         and a.event_time >= date_trunc('day', now()) - ($2::int - 1) * interval '1 day'
       group by 1
     )
     select to_char(span.day, 'YYYY-MM-DD') as day,
       coalesce(sd.n, 0) as samples, coalesce(ad.n, 0) as alarms,
       (select count(*)::int from org_units u where u.created_at < span.day + interval '1 day') as units,
       (select count(distinct r.user_id)::int from user_roles r join users u on u.id = r.user_id
        where r.organization_id = any($1::int[]) and u.created_at < span.day + interval '1 day') as users
     from span
     left join sample_days sd on sd.day = span.day
     left join alarm_days ad on ad.day = span.day
     order by span.day`,
    [organizationIds, days],
  );
}
