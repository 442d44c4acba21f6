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
    await app.close();
    await db.close();
  }
  return { name: `Device list of ${UNITS.toLocaleString('en')} units`, lines };
}
