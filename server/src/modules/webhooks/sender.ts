import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { LiveBus } from '../../live/bus.ts';
import { repeating } from '../../live/repeating.ts';
import { type Post, poster, WEBHOOK_TIMEOUT_MS } from './post.ts';
import { type ClaimedRow, claimDue, deleteFinishedBefore, recordAttempt } from './webhooks.repository.ts';

const SECOND = 1000;
const HOUR = 3_600_000;
/** How long a delivery is retried, from when it was written. */
export const WEBHOOK_RETRY_MS = 24 * HOUR;
/** Back-off after the first failure, doubling to at most an hour (30 s, 1 min, 2 min, … 1 h). */
const FIRST_RETRY_MS = 30 * SECOND;
const LONGEST_RETRY_MS = HOUR;
/** Sends under way at once, and at most this many to one endpoint (a dead one cannot take every slot). */
const IN_FLIGHT = 20;
const PER_ENDPOINT = 4;
/** A claim outlives the longest attempt by this much: a sender that died frees its claims after it. */
const CLAIM_MARGIN_MS = 50 * SECOND;
/** How often due retries are looked for (and new deliveries that no bus message announced). */
const EVERY_MS = 5 * SECOND;
/** Finished deliveries are kept this long for the delivery log. */
const KEPT_MS = 30 * 24 * HOUR;

/** The wait before the attempt after `attempts` failed ones. */
export const retryDelayMs = (attempts: number) =>
  Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/**
 * What follows an attempt: done on a 2xx; otherwise retried after the back-off, the last attempt at
 * 24 h after the delivery was written; failed for good once that is past.
 */
export function nextStep(
  ok: boolean,
  d: { created_at: Date; attempts: number },
  now: Date,
): { state: 'pending' | 'succeeded' | 'failed'; nextAttemptAt: Date | null } {
  if (ok) return { state: 'succeeded', nextAttemptAt: null };
  const deadline = d.created_at.getTime() + WEBHOOK_RETRY_MS;
  if (now.getTime() >= deadline) return { state: 'failed', nextAttemptAt: null };
  const next = Math.min(now.getTime() + retryDelayMs(d.attempts + 1), deadline);
  return { state: 'pending', nextAttemptAt: new Date(next) };
}

export type WebhookSenderOptions = {
  /** WEBHOOK_ALLOW_PRIVATE: private and loopback addresses, and http://, may be reached. */
  allowPrivate: boolean;
  /** The clock (tests move it a day on); default the real one. */
  now?: () => Date;
  everyMs?: number;
  post?: Post;
  timeoutMs?: number;
};

/**
 * The webhook sender: claims due deliveries (for update skip locked: several instances on one
 * PostgreSQL never send one at once), posts each signed with a timeout, records the attempt and
 * schedules the retry. Up to 20 sends run at once, at most 4 to one endpoint, and a round never
 * waits for them: an endpoint that does not answer delays only its own deliveries. Runs at start, every 5 s and whenever the bus says something happened that
 * may have written a delivery (an alarm, an acknowledgement, a task, an API write). It only reads
 * the outbox: ingest and the event engine write rows and never wait for it.
 */
export function startWebhookSender(db: Db, bus: LiveBus, log: FastifyBaseLogger, opts: WebhookSenderOptions) {
  const now = opts.now ?? (() => new Date());
  const post = opts.post ?? poster({ allowPrivate: opts.allowPrivate, timeoutMs: opts.timeoutMs });
  const claimMs = (opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS) + CLAIM_MARGIN_MS;
  let lastCleanup = 0;
  const send = async (d: ClaimedRow) => {
    const at = now();
    const result = await post({
      url: d.url,
      body: d.body,
      secret: d.secret,
      eventId: d.event_id,
      deliveryId: d.id,
      now: at,
    });
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const step = nextStep(ok, d, now());
    await recordAttempt(db, d.id, { ...result, at, ...step });
    if (step.state === 'failed') log.warn({ delivery: d.id, kind: d.kind }, 'webhook delivery given up after 24 h');
  };
  /** Sends under way, and how many per endpoint: a slow endpoint holds its own slots, not the round. */
  const inFlight = new Set<Promise<void>>();
  const perEndpoint = new Map<number, number>();
  const start = (d: ClaimedRow) => {
    perEndpoint.set(d.endpoint_id, (perEndpoint.get(d.endpoint_id) ?? 0) + 1);
    const sending: Promise<void> = send(d)
      .catch((err) => log.error({ err, delivery: d.id }, 'webhook attempt not recorded; its claim runs out'))
      .finally(() => {
        inFlight.delete(sending);
        const left = (perEndpoint.get(d.endpoint_id) ?? 1) - 1;
        if (left > 0) perEndpoint.set(d.endpoint_id, left);
        else perEndpoint.delete(d.endpoint_id);
        void job.run(); // a slot is free: take what is due
      });
    inFlight.add(sending);
  };
  const job = repeating(
    async () => {
      try {
        // Claims what is due while there is room; sends run on without holding the round.
        for (;;) {
          const room = IN_FLIGHT - inFlight.size;
          if (room <= 0) break;
          const busy = [...perEndpoint].filter(([, n]) => n >= PER_ENDPOINT).map(([id]) => id);
          const at = now();
          const claimed = await claimDue(db, at, new Date(at.getTime() + claimMs), room, busy);
          for (const d of claimed) start(d);
          if (claimed.length < room) break;
        }
        if (now().getTime() - lastCleanup > HOUR) {
          lastCleanup = now().getTime();
          await deleteFinishedBefore(db, new Date(lastCleanup - KEPT_MS));
        }
      } catch (err) {
        log.error({ err }, 'webhook sender failed; the next round retries');
      }
    },
    opts.everyMs ?? EVERY_MS,
    { bus, take: (m) => m.kind === 'alarm' || m.kind === 'acknowledged' || m.kind === 'task' || m.kind === 'event' },
  );
  // An API write (a test ping, a task's status) is announced as dataChanged, which only observers hear.
  const unobserve = bus.onMessage((m) => {
    if (m.kind === 'dataChanged') void job.run();
  });
  return {
    run: job.run,
    /** Stops claiming, then waits for the sends under way (each ends within its timeout). */
    stop: async () => {
      unobserve();
      await job.stop();
      await Promise.all(inFlight);
    },
  };
}
