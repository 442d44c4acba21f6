import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { LiveBus } from '../src/live/bus.ts';
import { applyFindings } from '../src/modules/alarms/alarms.service.ts';
import { startEventEngine } from '../src/modules/events/engine.ts';
import { createOrganizationTree, createUnit, openTestDb } from './helpers.ts';

// On PGlite's one connection the event engine's sweeps of the whole outbox (at start, every 30
// minutes) are background work, queued behind the requests; a run for alarms just raised is not.
// (On PostgreSQL every lane is the pool, so there is nothing to tell apart.)
let db: Db;
const lanes: ('background' | 'requests')[] = [];
/** `db`, noting the lane of each query and transaction the engine sends. */
let watched: Db;

beforeAll(async () => {
  db = await openTestDb();
  watched = {
    ...db,
    query: (sql, params, options) => {
      lanes.push(options?.background ? 'background' : 'requests');
      return db.query(sql, params, options);
    },
    transaction: (fn, options) => {
      lanes.push(options?.background ? 'background' : 'requests');
      return db.transaction(fn, options);
    },
  };
});
afterAll(() => db.close());

const eventCount = async () => (await db.query<{ n: number }>('select count(*)::int as n from events'))[0]?.n;

describe.skipIf(!!process.env.DATABASE_URL)("the event engine on PGlite's lanes", () => {
  it('sweeps the whole outbox in the background lane and handles a raised alarm in the requests lane', async () => {
    const tree = await createOrganizationTree(db);
    const unit = {
      id: await createUnit(db, { organizationId: tree.north, serial: 'LANE-1' }),
      organization_id: tree.north,
    };
    const raise = (type: number, bus?: LiveBus) =>
      applyFindings(db, unit, [{ channel: 1, type }], [{ channel: 1, type, value: 0.5, limit: 10 }], new Date(), bus);
    await raise(0);

    const bus = new LiveBus();
    const engine = startEventEngine(watched, bus, pino({ level: 'silent' }) as FastifyBaseLogger);
    try {
      await expect.poll(eventCount).toBe(1);
      expect(lanes.length).toBeGreaterThan(0);
      expect(new Set(lanes)).toEqual(new Set(['background']));

      lanes.length = 0;
      await raise(1, bus);
      await expect.poll(eventCount).toBe(2);
      expect(new Set(lanes)).toEqual(new Set(['requests']));
    } finally {
      await engine.stop();
    }
  });
});
