import type { MailDelivery } from '@fieldwatch/core';
import type { FastifyBaseLogger } from 'fastify';
import { translate } from '../../i18n.ts';

/** How the server sends a person a mail: nodemailer through SMTP_URL, or the log when there is none (local use). */
export type AccountMailer = {
  /** Where a sent mail ends up, told to whoever asked for it (an administrator, never the public). */
  delivery: MailDelivery;
  send(mail: { to: string; subject: string; text: string }): Promise<void>;
};

export function smtpAccountMailer(
  transport: { sendMail(m: { from: string; to: string; subject: string; text: string }): Promise<unknown> },
  from: string,
): AccountMailer {
  return { delivery: 'mail', send: async (m) => void (await transport.sendMail({ from, ...m })) };
}

/** Without a mail server the link is written to the server log, so a local installation can still reset. */
export function logAccountMailer(log: FastifyBaseLogger): AccountMailer {
  return {
    delivery: 'log',
    send: async (m) => log.warn({ to: m.to, subject: m.subject, text: m.text }, 'no SMTP_URL: mail written to the log'),
  };
}

/** A password reset or invitation mail in the recipient's language. */
export function passwordLinkMail(kind: 'reset' | 'invitation', lang: string, vars: Record<string, string | number>) {
  const t = (key: string) => translate(lang, `mail.${kind}.${key}`, vars);
  return {
    subject: t('subject'),
    text: [t('greeting'), '', t('body'), '', String(vars.link), '', t('footer')].join('\n'),
  };
}
