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
/** Deliveries claimed per round; each round sends them at once. */
const BATCH = 20;
/** A claim outlives the longest attempt: a sender that died frees its claims after this. */
const CLAIM_MS = WEBHOOK_TIMEOUT_MS + 50 * SECOND;
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
 * schedules the retry. Runs at start, every 5 s and whenever the bus says something happened that
 * may have written a delivery (an alarm, an acknowledgement, a task, an API write). It only reads
 * the outbox: ingest and the event engine write rows and never wait for it.
 */
export function startWebhookSender(db: Db, bus: LiveBus, log: FastifyBaseLogger, opts: WebhookSenderOptions) {
  const now = opts.now ?? (() => new Date());
  const post = opts.post ?? poster({ allowPrivate: opts.allowPrivate, timeoutMs: opts.timeoutMs });
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
  const job = repeating(
    async () => {
      try {
        for (;;) {
          const at = now();
          const claimed = await claimDue(db, at, new Date(at.getTime() + CLAIM_MS), BATCH);
          if (claimed.length === 0) break;
          await Promise.all(claimed.map(send));
          if (claimed.length < BATCH) break;
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
    stop: async () => {
      unobserve();
      await job.stop();
    },
  };
}
