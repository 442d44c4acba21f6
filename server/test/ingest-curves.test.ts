import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { createIngest } from '../src/gateway/ingest.ts';
import { LiveBus } from '../src/live/bus.ts';
import { createOrganization, createUnit, openTestDb } from './helpers.ts';

// A night's curves arrive all at once: ingest stores them a few dozen per transaction, so the
// reports queued behind them are acknowledged between, while each unit's messages keep their order.
let db: Db;
let ingest: ReturnType<typeof createIngest>;
const serials = Array.from({ length: 10 }, (_, i) => `NC-${i}`);

beforeAll(async () => {
  db = await openTestDb();
  await migrate(db);
  const org = await createOrganization(db, 'Night');
  for (const serial of [...serials, 'NC-LIVE']) await createUnit(db, { organizationId: org, serial, channels: 1 });
  ingest = createIngest({ db, bus: new LiveBus(), log: pino({ level: 'silent' }) });
});
afterAll(() => db?.close());

const curve = (k: number) =>
  JSON.stringify({
    t: new Date(Date.UTC(2026, 10, 1, 2, k)).toISOString(),
    ch: 1,
    pulseSpeed: 0.6,
    points: Array.from({ length: 512 }, (_, i) => 1000 * Math.exp(-i / 40) + k),
  });
const report = (minute: number) =>
  JSON.stringify({ t: new Date(Date.UTC(2026, 10, 1, 2, minute)).toISOString(), v: { BatteryVoltage: 3.6 } });

describe('a night of curves at ingest', () => {
  it('acknowledges a report queued behind 100 curves before most of them, and keeps each unit in order', async () => {
    const settled: string[] = [];
    const sent: Promise<void>[] = [];
    const send = (serial: string, kind: string, payload: string, label: string) =>
      sent.push(ingest.handle(serial, kind, payload).then(() => void settled.push(label)));
    // Ten units send ten curves each; the first unit then reports, behind its own curves.
    for (let k = 0; k < 10; k++) for (const serial of serials) send(serial, 'radar', curve(k), `curve ${serial}`);
    send('NC-0', 'samples', report(30), 'report NC-0');
    send('NC-LIVE', 'samples', report(30), 'report NC-LIVE');
    await Promise.all(sent);

    const curvesBefore = (label: string) =>
      settled.slice(0, settled.indexOf(label)).filter((l) => l.startsWith('curve')).length;
    // Another unit's report goes with the first few dozen curves, not after all hundred.
    expect(curvesBefore('report NC-LIVE')).toBeLessThanOrEqual(25);
    // A unit's report is stored after every curve it sent before it.
    const lastOwnCurve = settled.lastIndexOf('curve NC-0');
    expect(settled.indexOf('report NC-0')).toBeGreaterThan(lastOwnCurve);
    const [stored] = await db.query<{ n: number }>('select count(*)::int as n from radar_curves');
    expect(stored?.n).toBe(100);
  });
});
