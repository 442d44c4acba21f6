import { Worker } from 'node:worker_threads';
import type { Db, Queryable } from './db.ts';

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
 * (`first`) go ahead of queued reads, so a unit's acknowledgement waits for one running query at most.
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

  // The connection is handed out one holder at a time, in order of arrival, except that a
  // transaction asked for `first` goes ahead of everything still waiting (but never stops the holder).
  const waiting = { first: [] as (() => void)[], rest: [] as (() => void)[] };
  let held = false;
  const handOn = () => {
    const next = waiting.first.shift() ?? waiting.rest.shift();
    held = next !== undefined;
    next?.();
  };
  const exclusive = <T>(fn: () => Promise<T>, first = false): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = () => void fn().then(resolve, reject).finally(handOn);
      if (held) (first ? waiting.first : waiting.rest).push(start);
      else {
        held = true;
        start();
      }
    });

  await raw('select 1');
  return {
    kind: 'pglite',
    query: (sql, params) => exclusive(() => raw(sql, params)),
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
      }, options?.first),
    async close() {
      await exclusive(() => send({ close: true }));
      await worker.terminate();
    },
  };
}
