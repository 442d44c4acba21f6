import { processPendingAlarms } from '../server/src/modules/events/engine.service.ts';
import { insertOrganization } from '../server/src/modules/organizations/organizations.service.ts';
import { insertUser, setUserRole } from '../server/src/modules/users/users.service.ts';
import { benchDb, benchTargets, bulkUnits } from './fixture.ts';
import type { BenchResult } from './util.ts';

const UNITS = 1_000;
const PER_UNIT = 10;
const USERS = 3;

/**
 * An alarm storm: 10,000 alarms across 1,000 units become events, a notification for each of the
 * three users who see them, and one alarm task per unit (every rule of the event engine held),
 * against the bare inserts of exactly the rows the engine wrote, into the same tables.
 */
export async function alarmStormBench(): Promise<BenchResult> {
  const lines: string[] = [];
  for (const kind of benchTargets()) {
    const db = await benchDb(kind);
    const org = await insertOrganization(db, 'Storm', null);
    for (let i = 0; i < USERS; i++) {
      // Readers of three languages: each notification is worded in its reader's.
      const language = ['en', 'sv', 'ar'][i % 3];
      const user = await insertUser(db, { username: `storm${org}-${i}`, passwordHash: 'x', language });
      await setUserRole(db, user, org, 1);
    }
    const ids = await bulkUnits(db, org, UNITS);
    await db.query(
      `insert into alarms (unit_id, channel, alarm_type, event_text, value, limit_value, event_time)
       select u, 1, t, '', 0.4 + t / 100.0, 1, now() - (t || ' seconds')::interval
       from unnest($1::int[]) u, generate_series(0, $2::int - 1) t`,
      [ids, PER_UNIT],
    );
    const alarms = UNITS * PER_UNIT;

    let t0 = performance.now();
    const processed = await processPendingAlarms(db, () => {});
    const engineMs = performance.now() - t0;
    if (processed !== alarms) throw new Error(`the engine processed ${processed} of ${alarms} alarms`);

    // The same rows again, written bare: one multi-row insert per table and 1,000 rows.
    const events = await db.query<Record<string, unknown>>('select * from events');
    const notifications = await db.query<Record<string, unknown>>('select * from notifications');
    const tasks = await db.query<Record<string, unknown>>('select * from tasks');
    await db.query('delete from tasks');
    await db.query('delete from events'); // notifications cascade
    t0 = performance.now();
    await db.transaction(async (tx) => {
      for (const [table, rows] of [
        ['events', events],
        ['notifications', notifications],
        ['tasks', tasks],
      ] as const) {
        for (let i = 0; i < rows.length; i += 1000) {
          const chunk = rows.slice(i, i + 1000);
          await tx.query(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [
            JSON.stringify(chunk),
          ]);
        }
      }
    });
    const bareMs = performance.now() - t0;
    const perS = (ms: number) => Math.round((alarms / ms) * 1000).toLocaleString('en');
    lines.push(
      `${kind}: bare inserts ${bareMs.toFixed(0)} ms (${perS(bareMs)} alarms/s); engine ${engineMs.toFixed(0)} ms ` +
        `(${perS(engineMs)} alarms/s: ${events.length} events, ${notifications.length} notifications, ` +
        `${tasks.length} tasks); ratio ${(engineMs / bareMs).toFixed(2)}`,
    );
    await db.close();
  }
  return {
    name: `Alarm storm: ${(UNITS * PER_UNIT).toLocaleString('en')} alarms across ${UNITS.toLocaleString('en')} units`,
    lines,
  };
}
