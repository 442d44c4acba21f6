import type { AlarmRecord, EventRecord, NotificationRecord } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';

/** The e-mail digests' bookkeeping: which notifications are still to be mailed, claimed while they are sent. */

export type UnmailedRow = {
  id: string;
  user_id: number;
  data: NotificationRecord;
  /** The event's alarm: the mail words its message in the recipient's language. */
  alarm: AlarmRecord | null;
  /** The event's severity (its category): each line of the mail names it. */
  category: EventRecord['category'] | null;
  email: string;
  language: string;
  timezone: string;
  time_12h: boolean;
  date_format: string;
};

/**
 * Claims up to `limit` recent notifications that still need a mail (users with the e-mail
 * preference and an address), skipping those another mailer holds; an old claim (a mailer that
 * died mid-send) runs out after `leaseS` and is claimed again.
 */
export async function claimUnmailed(
  db: Queryable,
  opts: { recentS: number; leaseS: number; limit: number },
): Promise<UnmailedRow[]> {
  return db.query<UnmailedRow>(
    `update notifications n set mail_claimed_at = now()
     from users u, events e
     where u.id = n.user_id and e.id = n.event_id and n.id in (
       select c.id from notifications c join users cu on cu.id = c.user_id
       where c.emailed_at is null and cu.notification_email and cu.email <> ''
         and c.created > now() - make_interval(secs => $1)
         and (c.mail_claimed_at is null or c.mail_claimed_at < now() - make_interval(secs => $2))
       order by c.user_id, c.created limit $3
       for update of c skip locked)
     returning n.id, n.user_id, n.data, e.data->'alarm' as alarm, e.data->>'category' as category, u.email,
       u.language, u.timezone, u.time_12h, u.date_format`,
    [opts.recentS, opts.leaseS, opts.limit],
  );
}

export async function markEmailed(db: Queryable, ids: readonly string[]) {
  await db.query('update notifications set emailed_at = now() where id = any($1)', [ids]);
}

/** Gives claims back after a failed send, so the next round retries at once. */
export async function releaseMailClaims(db: Queryable, ids: readonly string[]) {
  await db.query('update notifications set mail_claimed_at = null where id = any($1)', [ids]);
}
