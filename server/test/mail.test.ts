import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { applyFindings } from '../src/modules/alarms/alarms.service.ts';
import { processPendingAlarms } from '../src/modules/events/engine.service.ts';
import { sendDigests } from '../src/modules/events/mailer.ts';
import { startSmtpSink } from './fixtures/smtpSink.ts';
import { createOrganization, createTestApp, createUnit, createUser, type TestApp } from './helpers.ts';

// Notification mails through a real SMTP conversation with a sink on loopback.
let t: TestApp;
let db: Db;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let unit: { id: number; organization_id: number };
const FROM = 'Fieldwatch <fieldwatch@localhost>';

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
  sink = await startSmtpSink();
  const org = await createOrganization(db, 'Mail Org');
  for (const [name, email, wantsMail, language] of [
    ['anna', 'anna@example.test', true, 'de'],
    ['bert', 'bert@example.test', false, 'en'],
    ['carl', '', true, 'en'],
  ] as const) {
    const id = await createUser(db, {
      username: `mail-${name}`,
      password: 'mail-pass',
      organizationId: org,
      role: 1,
      language,
    });
    await db.query('update users set email = $2, notification_email = $3 where id = $1', [id, email, wantsMail]);
  }
  unit = {
    id: await createUnit(db, { organizationId: org, serial: 'MAIL-1', name: 'Pumphaus 3' }),
    organization_id: org,
  };
});
afterAll(async () => {
  await sink.stop();
  await t.close();
});

const transport = () => nodemailer.createTransport(sink.url);
async function raise(types: number[], channel: number) {
  for (const type of types) {
    await applyFindings(db, unit, [{ channel, type }], [{ channel, type, value: 75, limit: 60 }], new Date());
  }
  await processPendingAlarms(db, () => {});
}

describe('notification mails', () => {
  it('sends one digest to each user with the e-mail preference and an address, in their language', async () => {
    await raise([0, 4, 28], 1);
    expect(await sendDigests(db, transport(), FROM)).toBe(1);
    expect(sink.mails).toHaveLength(1);
    const [mail] = sink.mails;
    expect(mail?.to).toEqual(['anna@example.test']);
    expect(mail?.subject).toBe('Fieldwatch: 3 neue Alarme');
    // Each line's sentence is built in the recipient's language (German) from the alarm's facts.
    expect(mail?.text).toContain('Schleifenwiderstand 75\u00a0Ω über 60\u00a0Ω');
    // Nothing twice: the next round has nothing to send.
    expect(await sendDigests(db, transport(), FROM)).toBe(0);
    expect(sink.mails).toHaveLength(1);
  });

  it('retries after a failed send and never loses the notification', async () => {
    await raise([6], 2);
    const down = nodemailer.createTransport({ host: '127.0.0.1', port: 1, connectionTimeout: 2000 });
    expect(await sendDigests(db, down, FROM)).toBe(0);
    expect(sink.mails).toHaveLength(1);
    expect(await sendDigests(db, transport(), FROM)).toBe(1);
    expect(sink.mails[1]?.subject).toBe('Fieldwatch: 1 neuer Alarm');
  });

  it('sends a storm of alarms as one digest, not a mail each', async () => {
    await raise([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20], 3);
    await raise([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20], 4);
    expect(await sendDigests(db, transport(), FROM)).toBe(1);
    expect(sink.mails).toHaveLength(3);
    expect(sink.mails[2]?.subject).toBe('Fieldwatch: 40 neue Alarme');
  });
});
