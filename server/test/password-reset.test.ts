import { AccessLevel } from '@fieldwatch/core';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpAccountMailer } from '../src/modules/auth/accountMail.ts';
import { startSmtpSink } from './fixtures/smtpSink.ts';
import { createOrganization, createTestApp, createUser, login, signIn, type TestApp } from './helpers.ts';

// Password reset end to end through a real SMTP conversation with a sink on loopback: the link is
// random, single-use, stored hashed and short-lived, and the answer never tells who has an account.
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const OLD = 'forgotten-one';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    mailer: smtpAccountMailer(nodemailer.createTransport(sink.url), 'fw@localhost'),
    publicUrl: 'https://fieldwatch.example',
  });
  const org = await createOrganization(t.db, 'Reset Org');
  await createUser(t.db, {
    username: 'rita',
    password: OLD,
    organizationId: org,
    role: AccessLevel.User,
    email: 'rita@example.test',
    fullname: 'Rita Lund',
    language: 'sv',
  });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const ask = (email: string, baseUrl = 'http://localhost/reset-password') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v3/user/createRestorePasswordToken',
    // A forged Host: the link must not follow it.
    headers: { host: 'evil.example' },
    payload: { userId: email, baseUrl },
  });
const verify = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/v3/user/verifyChangePasswordToken/${token}` });
const change = (token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/v3/user/changePassword', payload: { token, newPassword } });

/** The link of the newest mail to `to`, once it has arrived. */
async function linkMailedTo(to: string, count: number) {
  await expect.poll(() => sink.mails.filter((m) => m.to.includes(to)).length).toBe(count);
  const raw =
    sink.mails
      .filter((m) => m.to.includes(to))
      .at(-1)
      ?.raw.replace(/=\r?\n/g, '') ?? '';
  const link = /(http\S+reset-password\?token=3D|http\S+reset-password\?token=)([A-Za-z0-9_-]{43})/.exec(raw);
  if (!link) throw new Error(`no link in ${raw}`);
  return { url: link[1]?.replace('=3D', '='), token: link[2] as string, raw };
}

describe('password reset', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const known = await ask('Rita@Example.test');
    const unknown = await ask('nobody@example.test');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    const { url, raw } = await linkMailedTo('rita@example.test', 1);
    // The link points at PUBLIC_URL, never at the request's Host header or an address from its body.
    expect(url).toBe('https://fieldwatch.example/reset-password?token=');
    expect(raw).toContain('Rita Lund');
    expect(sink.mails.some((m) => m.to.includes('nobody@example.test'))).toBe(false);
  });

  it('stores only a hash of the token, sets the new password once, and ends every session', async () => {
    const session = await signIn(t.app, 'rita', OLD);
    await ask('rita@example.test');
    const { token } = await linkMailedTo('rita@example.test', 2);
    const stored = await t.db.query<{ token_hash: string }>('select token_hash from password_tokens');
    expect(stored.some((r) => r.token_hash === token)).toBe(false);

    expect((await verify(token)).json()).toEqual({ valid: true, username: 'rita' });
    const short = await change(token, '123');
    expect(short.statusCode).toBe(400);
    expect((await verify(token)).statusCode).toBe(200);

    expect((await change(token, 'remembered-now')).statusCode).toBe(200);
    expect((await login(t.app, 'rita', 'remembered-now')).statusCode).toBe(200);
    expect((await login(t.app, 'rita', OLD)).statusCode).toBe(417);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v3/user/profile', headers: { cookie: session } })).statusCode,
    ).toBe(401);

    const again = await change(token, 'third-password');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('Link expired');
    expect((await verify(token)).statusCode).toBe(410);
  });

  it('refuses an expired link and one replaced by a newer link', async () => {
    await ask('rita@example.test');
    const first = await linkMailedTo('rita@example.test', 3);
    await ask('rita@example.test');
    const second = await linkMailedTo('rita@example.test', 4);
    expect((await verify(first.token)).statusCode).toBe(410);
    await t.db.query("update password_tokens set expires_at = now() - interval '1 second' where used_at is null");
    expect((await change(second.token, 'too-late-now')).statusCode).toBe(410);
    expect((await login(t.app, 'rita', 'remembered-now')).statusCode).toBe(200);
  });

  it('gives a link at most an hour', async () => {
    await ask('rita@example.test');
    await linkMailedTo('rita@example.test', 5);
    const [row] = await t.db.query<{ minutes: number }>(
      `select extract(epoch from expires_at - created_at) / 60 as minutes from password_tokens
       where used_at is null order by created_at desc limit 1`,
    );
    expect(Number(row?.minutes)).toBeLessThanOrEqual(60);
    expect(Number(row?.minutes)).toBeGreaterThan(50);
  });

  it('sends no more than five links a quarter hour, answering the same', async () => {
    const before = sink.mails.filter((m) => m.to.includes('rita@example.test')).length;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await ask('rita@example.test')).body);
    expect(new Set(answers).size).toBe(1);
    // Five links so far in this file's quarter hour, so these three send nothing.
    expect(sink.mails.filter((m) => m.to.includes('rita@example.test')).length).toBe(before);
    const [row] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from password_tokens where purpose = 'reset'`,
    );
    expect(row?.n).toBe(5);
  });

  it('refuses malformed tokens and bodies with a 400', async () => {
    expect((await verify('short')).statusCode).toBe(400);
    expect((await change('x'.repeat(43), '')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v3/user/createRestorePasswordToken', payload: {} })).statusCode,
    ).toBe(400);
  });
});
