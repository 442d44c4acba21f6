import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/helpers.ts';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { hashUnitSecret } from '../gateway/embedded.ts';
import { readFleetFile } from './fleet.ts';
import { planHistory } from './history.ts';
import { type SeededFleet, seedDemo } from './seed.ts';

// The demo seed on a real database: the fleet registered with its credentials and thresholds, and
// a few days of history with the alarms the values raised on the way.
let db: Db;
let dir: string;
let file: string;
let fleet: SeededFleet;
const q = async <T>(sql: string, params: unknown[] = []) => db.query<T>(sql, params);

beforeAll(async () => {
  db = await openTestDb();
  await migrate(db);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldwatch-seed-'));
  file = path.join(dir, 'demo-fleet.json');
  const seeded = await seedDemo(db, { fleet: { file, units: 12, historyDays: 4 } });
  if (!seeded.fleet) throw new Error('no fleet');
  fleet = seeded.fleet;
});
afterAll(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const unitOf = (index: number) => {
  const u = fleet.units[index];
  if (!u) throw new Error(`no unit ${index}`);
  return u;
};

describe('the demo fleet seed', () => {
  it('registers the units under the demo organisations with the default thresholds', async () => {
    expect(fleet.created).toBe(12);
    const rows = await q<{ serial: string; org: string; unit_name: string; alarm_settings: { resistance: number[] } }>(
      `select u.serial, o.name as org, u.unit_name, u.alarm_settings from units u
       join organizations o on o.id = u.organization_id order by u.id`,
    );
    expect(rows.map((r) => r.serial)).toEqual(fleet.units.map((u) => u.def.serial));
    expect(rows.map((r) => r.org)).toEqual(fleet.units.map((u) => u.def.organization));
    expect(rows.every((r) => r.alarm_settings.resistance.join() === '10,5,1,0.5')).toBe(true);
    expect(rows.filter((r) => r.unit_name.includes('Ej Installerad'))).toHaveLength(1);
  });

  it('writes the fleet file (mode 0600) with secrets that match the stored hashes', async () => {
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const stored = readFleetFile(file);
    expect(stored?.file.units).toHaveLength(12);
    const hashes = await q<{ serial: string; secret_hash: string }>('select serial, secret_hash from units');
    for (const h of hashes) {
      const secret = stored?.file.units.find((u) => u.serial === h.serial)?.secret ?? '';
      expect(hashUnitSecret(secret)).toBe(h.secret_hash);
    }
    expect(fleet.simulated.map((u) => u.serial)).toEqual(
      fleet.units.filter((u) => !u.def.inactive).map((u) => u.def.serial),
    );
  });

  it('gives reporting units history, and none to the inactive unit', async () => {
    const counts = await q<{ id: number; n: number; first: Date; last: Date }>(
      'select unit_id as id, count(*)::int as n, min(ts) as first, max(ts) as last from samples group by unit_id',
    );
    const byId = new Map(counts.map((c) => [c.id, c]));
    for (const u of fleet.units) {
      const c = byId.get(u.id);
      if (u.def.inactive) {
        expect(c).toBeUndefined();
        continue;
      }
      expect(c?.n).toBeGreaterThan(50);
      expect(Date.now() - (c?.first.getTime() ?? 0)).toBeGreaterThan(3.9 * 86_400_000);
    }
    const plan = planHistory(
      fleet.units.map((u) => u.def),
      { days: 4 },
    );
    expect(fleet.history?.plan).toEqual(plan);
    expect(fleet.history?.rows).toBe(counts.reduce((s, c) => s + c.n, 0));
  });

  it('records the alarms of the history at the time they arose', async () => {
    const leak = unitOf(1); // a leak that began three days before the seed
    const alarms = await q<{ alarm_type: number; event_time: Date; cleared_at: Date | null }>(
      'select alarm_type, event_time, cleared_at from alarms where unit_id = $1 order by event_time',
      [leak.id],
    );
    const active = alarms.filter((a) => !a.cleared_at).map((a) => a.alarm_type);
    expect(active).toEqual(expect.arrayContaining([0, 1, 2]));
    const first = alarms.find((a) => a.alarm_type === 0);
    expect(Date.now() - (first?.event_time.getTime() ?? Date.now())).toBeGreaterThan(12 * 3_600_000);

    const open = await q<{ alarm_type: number }>(
      'select alarm_type from alarms where unit_id = $1 and cleared_at is null',
      [unitOf(5).id],
    );
    expect(open.map((a) => a.alarm_type)).toContain(5); // loop open circuit
  });

  it('leaves a silent unit with an old last report and a communication error', async () => {
    const silent = unitOf(8);
    const [row] = await q<{ last_report_at: Date }>('select last_report_at from units where id = $1', [silent.id]);
    expect(row?.last_report_at.getTime()).toBeLessThan(silent.def.silentFrom ?? 0);
    const comm = await q('select 1 from alarms where unit_id = $1 and alarm_type = 19 and cleared_at is null', [
      silent.id,
    ]);
    expect(comm).toHaveLength(1);
  });

  it('stores radar curves every night on a faulty channel', async () => {
    const leak = unitOf(1);
    const curves = await q<{ channel: number; n: number }>(
      'select channel, count(*)::int as n from radar_curves where unit_id = $1 group by channel order by channel',
      [leak.id],
    );
    const faulty = curves.find((c) => c.channel === leak.def.leak?.channel);
    expect(faulty?.n).toBeGreaterThanOrEqual(4);
  });

  it('gives the demo operator an address and e-mail notifications, and nobody else the preference', async () => {
    const rows = await q<{ username: string; email: string; notification_email: boolean }>(
      'select username, email, notification_email from users where email <> $1 order by username',
      [''],
    );
    expect(rows.filter((r) => r.notification_email).map((r) => r.username)).toEqual(['operator']);
    expect(rows.find((r) => r.username === 'operator')?.email).toBe('operator@example.com');
  });

  it('puts every unit into one group of its town and kind, within its own organisation', async () => {
    const rows = await q<{ unit_id: number; group_name: string; same_org: boolean }>(
      `select m.unit_id, g.name as group_name, g.organization_id = u.organization_id as same_org
       from device_group_members m join device_groups g on g.id = m.group_id join units u on u.id = m.unit_id`,
    );
    expect(rows.map((r) => r.unit_id).sort((a, b) => a - b)).toEqual(
      fleet.units.map((u) => u.id).sort((a, b) => a - b),
    );
    expect(rows.every((r) => r.same_org)).toBe(true);
    for (const u of fleet.units) {
      expect(rows.find((r) => r.unit_id === u.id)?.group_name.startsWith(u.def.town)).toBe(true);
    }
  });

  it('is idempotent, and a larger fleet adds only the new units', async () => {
    const again = await seedDemo(db, { fleet: { file, units: 12 } });
    expect(again.fleet?.created).toBe(0);
    expect(again.fleet?.history).toBeNull();
    expect(again.fleet?.spec).toEqual(fleet.spec);
    const larger = await seedDemo(db, { fleet: { file, units: 14, history: false } });
    expect(larger.fleet?.created).toBe(2);
    expect(larger.fleet?.units.slice(0, 12).map((u) => u.id)).toEqual(fleet.units.map((u) => u.id));
    expect(readFleetFile(file)?.file.units).toHaveLength(14);
    const [n] = await q<{ n: number }>('select count(*)::int as n from units');
    expect(n?.n).toBe(14);
    // Groups are seeded once per organization: the operator's own arrangement is never redone.
    const [groups] = await q<{ n: number }>('select count(*)::int as n from device_groups');
    const [before] = await q<{ n: number }>(
      'select count(*)::int as n from device_group_members where unit_id = any($1)',
      [fleet.units.map((u) => u.id)],
    );
    expect(groups?.n).toBeGreaterThan(0);
    expect(before?.n).toBe(12);
  });

  it('puts two reporting pipe monitors of a large fleet in stock with onboarding tags, once', async () => {
    expect(fleet.stockTags).toEqual([]);
    const large = await seedDemo(db, { fleet: { file, units: 60, history: false } });
    const tags = large.fleet?.stockTags ?? [];
    expect(tags).toHaveLength(2);
    const rows = await q<{ stock: boolean; kind: string; simulated: boolean }>(
      `select o.stock, u.serial from nfc_tags t join units u on u.id = t.unit_id join organizations o on o.id = u.organization_id
       where t.tag_uuid = any($1::uuid[])`,
      [tags],
    );
    expect(rows.map((r) => r.stock)).toEqual([true, true]);
    const [all] = await q<{ n: number }>('select count(*)::int as n from nfc_tags');
    expect(all?.n).toBe(5);
    const again = await seedDemo(db, { fleet: { file, units: 60, history: false } });
    expect(again.fleet?.stockTags.sort()).toEqual([...tags].sort());
    // The stock units are simulated like any other, so a claimed unit reports at once.
    const serials = new Set(again.fleet?.simulated.map((u) => u.serial));
    const stockSerials = await q<{ serial: string }>(
      'select u.serial from units u join organizations o on o.id = u.organization_id where o.stock',
    );
    expect(stockSerials.every((r) => serials.has(r.serial))).toBe(true);
  });
});
