import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { type Db, inBackground, openDb } from '../src/db/db.ts';
import { traceDb } from '../src/observability/tracing.ts';

// PGlite has one connection, handed out in lanes: ingest's transactions first, the requests'
// queries next; background work (forecasts, the radar analysis) behind the requests,
// with a turn a second while they keep waiting. Ordering, not timing: the
// clock is moved by hand.
let db: Db;
beforeAll(async () => {
  db = await openDb({ kind: 'pglite' });
});
afterAll(() => db.close());
// The clock stands still unless a test moves it: how long something waited is the test's to say.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Holds the connection (once it has it) until the returned function is called. */
async function hold() {
  let release = () => {};
  let holding = () => {};
  const started = new Promise<void>((resolve) => (holding = resolve));
  const held = db.transaction(
    () =>
      new Promise<void>((resolve) => {
        release = resolve;
        holding();
      }),
  );
  await started;
  return async () => {
    release();
    await held;
  };
}

/** Queues `work` now and notes `name` in `order` when it is done. */
const queue = (order: string[], name: string, work: Promise<unknown>) => work.then(() => order.push(name));

it('runs a request’s query before background work that was already waiting', async () => {
  const order: string[] = [];
  const release = await hold();
  const done = [
    queue(order, 'background', inBackground(db).query('select 1')),
    queue(
      order,
      'background transaction',
      inBackground(db).transaction((tx) => tx.query('select 2')),
    ),
    queue(order, 'request', db.query('select 3')),
  ];
  await release();
  await Promise.all(done);
  expect(order).toEqual(['request', 'background', 'background transaction']);
});

it('gives background work that has waited a second one turn a second while requests keep waiting', async () => {
  const order: string[] = [];
  const release = await hold();
  const done = [
    queue(order, 'background 1', inBackground(db).query('select 1')),
    queue(order, 'background 2', inBackground(db).query('select 2')),
  ];
  vi.setSystemTime(Date.now() + 1000);
  done.push(queue(order, 'request 1', db.query('select 3')), queue(order, 'request 2', db.query('select 4')));
  await release();
  await Promise.all(done);
  expect(order).toEqual(['background 1', 'request 1', 'request 2', 'background 2']);
});

it('still puts ingest’s transactions first, however long background work has waited', async () => {
  const order: string[] = [];
  const release = await hold();
  const background = queue(order, 'background', inBackground(db).query('select 1'));
  vi.setSystemTime(Date.now() + 5000);
  const ingest = queue(
    order,
    'ingest',
    db.transaction((tx) => tx.query('select 2'), { first: true }),
  );
  await release();
  await Promise.all([background, ingest]);
  expect(order).toEqual(['ingest', 'background']);
});

it('keeps every lane when its queries are traced', async () => {
  const traced = traceDb(db);
  const order: string[] = [];
  const release = await hold();
  const done = [
    queue(order, 'background', inBackground(traced).query('select 1')),
    queue(order, 'request', traced.query('select 2')),
    queue(
      order,
      'ingest',
      traced.transaction((tx) => tx.query('select 3'), { first: true }),
    ),
  ];
  await release();
  await Promise.all(done);
  expect(order).toEqual(['ingest', 'request', 'background']);
});
