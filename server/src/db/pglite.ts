import { Worker } from 'node:worker_threads';
import type { Db, Queryable, TransactionOptions } from './db.ts';

type Lane = 'first' | 'rest' | 'background';
type Start = { start: () => void; since: number };

/** While requests keep the connection busy, background work still gets one turn this often. */
const BACKGROUND_TURN_MS = 1000;

const laneOf = (options?: TransactionOptions): Lane =>
  options?.first ? 'first' : options?.background ? 'background' : 'rest';

type Reply = { id: number; rows?: unknown[]; error?: { message: string; code?: string } };

/** A database error carried back from the worker, with the PostgreSQL error code. */
class DbError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Embedded PostgreSQL (PGlite) on a worker thread. PGlite has one connection, so queries
 * are serialised here: a transaction holds the connection until it ends. Ingest's transactions
 * (`first`) go ahead of queued reads, so a unit's acknowledgement waits for one running query at most;
 * background work (`background`) goes after the requests' queries, so a request waits for one
 * running background query or transaction at most.
 */
export async function openPglite(dataDir?: string, template?: string): Promise<Db> {
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
    workerData: { dataDir, template },
    execArgv: [],
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }>();
  worker.on('message', (reply: Reply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (reply.error) p.reject(new DbError(reply.error.message, reply.error.code));
    else p.resolve(reply.rows ?? []);
  });
  worker.on('error', (e) => {
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  });
  const send = (msg: object) =>
    new Promise<unknown[]>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...msg });
    });
  const raw = <T>(sql: string, params?: readonly unknown[]) => send({ sql, params }) as Promise<T[]>;

  // The connection is handed out one holder at a time, in order of arrival within a lane: a
  // transaction asked for `first` goes ahead of everything still waiting (but never stops the
  // holder). Background work goes after the requests; while they keep waiting, one background
  // query or transaction that has waited BACKGROUND_TURN_MS goes in turn per BACKGROUND_TURN_MS,
  // so it slows down without stopping.
  const waiting = { first: [] as Start[], rest: [] as Start[], background: [] as Start[] };
  let held = false;
  let backgroundTurn = Date.now();
  const handOn = () => {
    const now = Date.now();
    const due =
      now - backgroundTurn >= BACKGROUND_TURN_MS &&
      (waiting.background[0]?.since ?? Number.POSITIVE_INFINITY) <= now - BACKGROUND_TURN_MS;
    const order: (Lane | false)[] = ['first', due && 'background', 'rest', 'background'];
    const lane = order.find((l): l is Lane => !!l && waiting[l].length > 0);
    if (lane === 'background') backgroundTurn = now;
    const next = lane && waiting[lane].shift();
    held = next !== undefined;
    next?.start();
  };
  const exclusive = <T>(fn: () => Promise<T>, lane: Lane = 'rest'): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = () => void fn().then(resolve, reject).finally(handOn);
      if (held) waiting[lane].push({ start, since: Date.now() });
      else {
        held = true;
        start();
      }
    });

  await raw('select 1');
  return {
    kind: 'pglite',
    query: (sql, params, options) => exclusive(() => raw(sql, params), laneOf(options)),
    transaction: (fn, options) =>
      exclusive(async () => {
        const tx: Queryable = { query: raw };
        await raw('begin');
        try {
          const result = await fn(tx);
          await raw('commit');
          return result;
        } catch (error) {
          await raw('rollback').catch(() => {});
          throw error;
        }
      }, laneOf(options)),
    async close() {
      await exclusive(() => send({ close: true }));
      await worker.terminate();
    },
  };
}
