import {
  type DateFormat,
  type DatePreferences,
  formatDateTime,
  isSeverity,
  SEVERITY_TABLE,
  severityOfPriority,
} from '@fieldwatch/core';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/db.ts';
import { translate } from '../../i18n.ts';
import type { Metrics } from '../../observability/metrics.ts';
import { localizeNotification } from './localize.ts';
import { claimUnmailed, markEmailed, releaseMailClaims, type UnmailedRow } from './mailDigests.repository.ts';

/** What the mailer needs of a mail transport (nodemailer's). */
type MailTransport = {
  sendMail(mail: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
};

/** Notifications older than this are not mailed any more (a server that was down a week sends no history). */
const RECENT_S = 24 * 3600;
/** A claimed notification not mailed within this time is claimed again. */
const LEASE_S = 300;
/** Notifications claimed per round; a longer storm continues in the next round. */
const CLAIM_LIMIT = 1000;
/** Lines in one mail; the rest are counted. */
const LINES = 50;

/** One recipient's digest, in their language, dated in their date order, clock and timezone. */
function digest(user: UnmailedRow, rows: readonly UnmailedRow[]) {
  const lang = user.language;
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(lang, key, vars);
  const prefs: DatePreferences = {
    language: lang,
    timeConfig: {
      timezone: user.timezone,
      timeFormat: user.time_12h ? '12h' : '24h',
      dateFormat: user.date_format as DateFormat,
    },
  };
  // Each line names its severity (the event's category; from the priority when the event has none).
  const severity = (r: UnmailedRow) =>
    t(SEVERITY_TABLE[isSeverity(r.category) ? r.category : severityOfPriority(r.data.priority)].label);
  const lines = rows
    .slice(0, LINES)
    .map(
      (r) =>
        `• ${formatDateTime(r.data.created, prefs)}  [${severity(r)}]  ${localizeNotification(r.data, r.alarm, lang).message}`,
    );
  if (rows.length > LINES) lines.push(t('mail.more', { count: rows.length - LINES }));
  return {
    subject: t('mail.subject', { count: rows.length }),
    text: [t('mail.intro', { count: rows.length }), '', ...lines, '', t('mail.footer')].join('\n'),
  };
}

/**
 * One round: every user with new notifications and the e-mail preference gets one mail in their
 * language, a digest however many alarms arrived. A failed send is logged and retried next round;
 * it never touches alarm processing. Answers how many mails were sent.
 */
export async function sendDigests(
  db: Db,
  transport: MailTransport,
  from: string,
  log?: FastifyBaseLogger,
  metrics?: Metrics,
) {
  const claimed = await claimUnmailed(db, { recentS: RECENT_S, leaseS: LEASE_S, limit: CLAIM_LIMIT });
  const byUser = new Map<number, UnmailedRow[]>();
  for (const r of claimed) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  let sent = 0;
  let left = claimed.length;
  for (const rows of byUser.values()) {
    const first = rows[0] as UnmailedRow;
    const ids = rows.map((r) => r.id);
    try {
      await transport.sendMail({ from, to: first.email, ...digest(first, rows) });
      await markEmailed(db, ids);
      sent++;
      left -= ids.length;
    } catch (err) {
      log?.warn(
        { err, userId: first.user_id, notifications: ids.length },
        'notification mail failed; retrying next round',
      );
      await releaseMailClaims(db, ids);
    }
  }
  metrics?.mailQueueDepth.set(left);
  return sent;
}

/** Sends digests every `everyS` seconds through `SMTP_URL`; rounds never overlap. */
export function startMailer(
  db: Db,
  log: FastifyBaseLogger,
  opts: { smtpUrl: string; from: string; everyS: number; metrics?: Metrics },
) {
  const transport = nodemailer.createTransport(opts.smtpUrl);
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= sendDigests(db, transport, opts.from, log, opts.metrics)
      .catch((err) => log.error({ err }, 'notification mailer failed'))
      .finally(() => {
        running = undefined;
      });
  }, opts.everyS * 1000);
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
