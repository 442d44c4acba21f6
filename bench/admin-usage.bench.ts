import { benchApp, benchDb, benchTargets, bulkUnits } from './fixture.ts';
import { type BenchResult, fmt, medianMs } from './util.ts';

const UNITS = 200;
const DAYS = 30;

/**
 * Usage stats of the admin screen (GET /api/v1/admin/organization/{id}/usage?days=30: samples and
 * alarms per day, units and users by day) over a month of 10-minute samples from 200 units
 * (864,000 samples), against the bare SQL counting the same month's samples.
 */
export async function adminUsageBench(): Promise<BenchResult> {
  const lines: string[] = [];
  for (const kind of benchTargets()) {
    const db = await benchDb(kind);
    const { app, org, cookie } = await benchApp(db);
    await db.query('update user_roles set role_id = 0 where organization_id = $1', [org]);
    const ids = await bulkUnits(db, org, UNITS);
    await db.query(
      `insert into samples (unit_id, series, ts, value)
       select u, 1, now() - (i * interval '10 minutes'), 1 from unnest($1::int[]) u, generate_series(0, $2::int * 144 - 1) i`,
      [ids, DAYS],
    );
    await db.query(
      `insert into alarms (unit_id, alarm_type, event_text, event_time, cleared_at)
       select u, 0, 'low', now() - (i * interval '1 day'), now() from unnest($1::int[]) u, generate_series(0, 29) i where u % 10 = 0`,
      [ids],
    );
    await db.query('analyze');
    const url = `/api/v1/admin/organization/${org}/usage?days=${DAYS}`;
    const first = await app.inject({ url, headers: { cookie } });
    if (first.statusCode !== 200) throw new Error(`usage failed: ${first.statusCode} ${first.body}`);
    const total = (first.json() as { days: { samples: number }[] }).days.reduce((a, d) => a + d.samples, 0);
    const bare = await medianMs(() =>
      db.query(
        `select count(*) from samples where unit_id in (select id from units where organization_id = $1)
         and ts >= date_trunc('day', now()) - ($2::int - 1) * interval '1 day'`,
        [org, DAYS],
      ),
    );
    const api = await medianMs(() => app.inject({ url, headers: { cookie } }));
    lines.push(
      `${kind}: bare SQL count ${fmt(bare)}; API usage by day ${fmt(api)} (${total.toLocaleString('en')} samples); ratio ${(api / bare).toFixed(2)}`,
    );
    await app.close();
    await db.close();
  }
  return { name: `Admin usage stats over ${DAYS} days of ${UNITS} units`, lines };
}
