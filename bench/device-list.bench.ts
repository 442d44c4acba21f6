import { benchApp, benchDb, benchTargets, bulkUnits } from './fixture.ts';
import { type BenchResult, fmt, medianMs } from './util.ts';

const UNITS = 10_000;

/**
 * The device list of 10,000 units (GET /api/v2/device/devices: units with status from their
 * active alarms) against the bare SQL reading the same rows.
 */
export async function deviceListBench(): Promise<BenchResult> {
  const lines: string[] = [];
  for (const kind of benchTargets()) {
    const db = await benchDb(kind);
    const { app, org, cookie } = await benchApp(db);
    const ids = await bulkUnits(db, org, UNITS);
    // Some units in alarm, as in a real fleet.
    await db.query(
      `insert into alarms (unit_id, channel, alarm_type, event_text, event_time)
       select id, 1, 0, 'Insulation resistance low', now() from unnest($1::int[]) id where id % 25 = 0`,
      [ids],
    );
    const url = '/api/v2/device/devices';
    const first = await app.inject({ url, headers: { cookie } });
    if (first.statusCode !== 200) throw new Error(`device list failed: ${first.statusCode} ${first.body}`);
    const bare = await medianMs(() =>
      db.query(
        `select u.*, coalesce(json_agg(a.alarm_type) filter (where a.id is not null), '[]') as alarms
         from units u left join alarms a on a.unit_id = u.id and a.cleared_at is null
         where u.organization_id = any($1) group by u.id order by u.id`,
        [[org]],
      ),
    );
    const api = await medianMs(() => app.inject({ url, headers: { cookie } }));
    const count = (first.json() as { result?: unknown[] }).result?.length;
    lines.push(`${kind}: bare SQL ${fmt(bare)}; API ${fmt(api)} (${count} units); ratio ${(api / bare).toFixed(2)}`);

    // Containers: every unit in a group of 100 and, through 1,000 locations of 10, in a
    // second group each: the group names come from the group_units view (direct and by location).
    await db.query(
      `insert into device_groups (organization_id, name) select $1, 'Group ' || g from generate_series(1, 200) g`,
      [org],
    );
    const groups = (await db.query<{ id: number }>('select id from device_groups order by id')).map((g) => g.id);
    await db.query(
      `insert into device_group_members (group_id, unit_id)
       select ($2::int[])[1 + (u.n - 1) / 100], u.id
       from (select id, row_number() over (order by id) as n from unnest($1::int[]) id) u`,
      [ids, groups.slice(0, 100)],
    );
    await db.query(
      `insert into locations (id, organization_id, name)
       select lpad(g::text, 10, 'L'), $1, 'Place ' || g from generate_series(1, 1000) g`,
      [org],
    );
    await db.query(
      `insert into location_units (unit_id, location_id)
       select u.id, lpad((1 + (u.n - 1) / 10)::text, 10, 'L')
       from (select id, row_number() over (order by id) as n from unnest($1::int[]) id) u`,
      [ids],
    );
    await db.query(
      `insert into group_locations (group_id, location_id)
       select ($1::int[])[1 + (g - 1) / 10], lpad(g::text, 10, 'L') from generate_series(1, 1000) g`,
      [groups.slice(100)],
    );
    const grouped = await medianMs(() => app.inject({ url, headers: { cookie } }));
    const containers = await medianMs(() => app.inject({ url: '/api/v3/containers', headers: { cookie } }));
    const sample = (await app.inject({ url, headers: { cookie } })).json() as { result: { groups: string[] }[] };
    if (sample.result[0]?.groups.length !== 2) throw new Error('units should be in two groups each');
    lines.push(
      `${kind}: with 200 groups and 1,000 locations: API ${fmt(grouped)} (ratio to bare SQL ${(grouped / bare).toFixed(2)}); GET /api/v3/containers ${fmt(containers)} (ratio ${(containers / bare).toFixed(2)})`,
    );
    await app.close();
    await db.close();
  }
  return { name: `Device list of ${UNITS.toLocaleString('en')} units`, lines };
}
