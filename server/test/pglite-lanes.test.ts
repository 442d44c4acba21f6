import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { type Db, inBackground, openDb } from '../src/db/db.ts';

// PGlite has one connection, handed out in lanes: background work (forecasts, the radar analysis)
// queues behind the requests' queries, but not for longer than a second. Ordering, not timing: the
// clock is moved by hand.
let db: Db;
beforeAll(async () => {
  db = await openDb({ kind: 'pglite' });
});
afterAll(() => db.close());
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

it('lets background work go in turn once it has waited a second', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const order: string[] = [];
  const release = await hold();
  const background = queue(order, 'background', inBackground(db).query('select 1'));
  vi.setSystemTime(Date.now() + 1000);
  const request = queue(order, 'request', db.query('select 2'));
  await release();
  await Promise.all([background, request]);
  expect(order).toEqual(['background', 'request']);
});

it('still puts ingest’s transactions first, however long background work has waited', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
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
