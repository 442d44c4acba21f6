import pg from 'pg';
import type { Logger } from 'pino';
import type { BusMessage, LiveBus } from './bus.ts';

/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
const MAX_PAYLOAD = 7900;
/** Events kept while the connection is down; older ones give way (live push is best effort). */
const MAX_OUTBOX = 10_000;
const RECONNECT_MS = 1000;

export type LiveFanout = { close(): Promise<void> };

/**
 * Live push across API instances: every instance NOTIFYs its events on one channel and LISTENs on
 * it, so a browser connected to instance B hears of a sample that instance A ingested. Events
 * published in the same tick go out in one statement. Ended sessions go the same way, so a socket
 * closes on every instance at once. A lost connection is reopened; messages of other instances sent
 * meanwhile are missed (live push is best effort: pages refetch on focus and on reconnect, and a
 * socket re-checks its session every minute), this instance's own are kept and sent after it.
 */
export async function startLiveFanout(
  bus: LiveBus,
  opts: { url: string; channel?: string; log: Pick<Logger, 'warn' | 'error'> },
): Promise<LiveFanout> {
  const channel = opts.channel ?? 'fieldwatch_live';
  let client: pg.Client | undefined;
  let closed = false;
  let outbox: string[] = [];
  let flushing = false;

  const connect = async () => {
    const c = new pg.Client({ connectionString: opts.url });
    c.on('notification', (n) => {
      if (n.channel !== channel || !n.payload) return;
      bus.deliver(JSON.parse(n.payload) as BusMessage);
    });
    c.on('error', (err) => {
      opts.log.warn({ err }, 'live fan-out connection lost');
      if (client === c) client = undefined;
      c.end().catch(() => {});
      if (!closed) setTimeout(reconnect, RECONNECT_MS).unref();
    });
    await c.connect();
    await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = c;
    // Whatever other instances announced while this one was not listening is lost: what it holds
    // in memory is read again.
    bus.deliver({ kind: 'dataChanged' });
    void flush();
  };
  const reconnect = () => {
    if (closed || client) return;
    connect().catch((err) => {
      opts.log.warn({ err }, 'live fan-out cannot reconnect yet');
      setTimeout(reconnect, RECONNECT_MS).unref();
    });
  };

  const flush = async () => {
    if (flushing || !client || outbox.length === 0) return;
    flushing = true;
    const batch = outbox;
    outbox = [];
    try {
      // A function scan yields the array in order, so the notifications keep the events' order.
      await client.query('select pg_notify($1, p) from unnest($2::text[]) as x(p)', [channel, batch]);
    } catch (err) {
      opts.log.warn({ err, events: batch.length }, 'live fan-out could not send; will retry');
      outbox = batch.concat(outbox).slice(-MAX_OUTBOX);
    } finally {
      flushing = false;
      if (outbox.length && client) setImmediate(flush);
    }
  };

  await connect();
  bus.useRelay({
    send(message) {
      const payload = JSON.stringify(message);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) {
        opts.log.error(
          { kind: message.kind, unitId: 'unitId' in message ? message.unitId : undefined },
          'live event too large to fan out; delivered here only',
        );
        bus.deliver(message);
        return;
      }
      outbox.push(payload);
      if (outbox.length === 1) setImmediate(flush);
    },
  });
  return {
    async close() {
      closed = true;
      bus.useRelay(undefined);
      await flush();
      await client?.end().catch(() => {});
    },
  };
}
