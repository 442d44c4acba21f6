import { randomUUID } from 'node:crypto';
import { AccessLevel, type JoinRequest } from '@fieldwatch/core';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpAccountMailer } from '../src/modules/auth/accountMail.ts';
import { startSmtpSink } from './fixtures/smtpSink.ts';
import { createOrganization, createTestApp, createUnit, createUser, signIn, type TestApp } from './helpers.ts';

// "Connect company": a person asks, from a scanned tag, to join the organization of an account URL;
// the SuperUsers of that organization (or above it) accept, adding and inviting them, or decline.
let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const org = { parent: 0, heat: 0, other: 0 };
const tag = randomUUID();
const cookie = { parent: '', heat: '', user: '', other: '' };
let address = 0;
const nextAddress = () => `10.1.0.${++address}`;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ mailer: smtpAccountMailer(nodemailer.createTransport(sink.url), 'fw@localhost') });
  org.parent = await createOrganization(t.db, 'Heat Group');
  org.heat = await createOrganization(t.db, 'Heat North', org.parent);
  org.other = await createOrganization(t.db, 'Other Utility');
  await t.db.query("update organizations set account_url = 'heat-north' where id = $1", [org.heat]);
  const unit = await createUnit(t.db, { organizationId: org.other, serial: 'JOIN-1' });
  await t.db.query('insert into nfc_tags (tag_uuid, unit_id, restriction) values ($1, $2, -1)', [tag, unit]);
  const make = async (username: string, organizationId: number, role: AccessLevel) => {
    await createUser(t.db, { username, password: `${username}-password`, organizationId, role });
    return signIn(t.app, username, `${username}-password`);
  };
  cookie.parent = await make('group-admin', org.parent, AccessLevel.SuperUser);
  cookie.heat = await make('heat-admin', org.heat, AccessLevel.SuperUser);
  cookie.user = await make('heat-user', org.heat, AccessLevel.User);
  cookie.other = await make('other-admin', org.other, AccessLevel.SuperUser);
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const ask = (body: object, remoteAddress = nextAddress(), uuid: string = tag) =>
  t.app.inject({ method: 'POST', url: `/api/v1/nfc/user/${uuid}/joinRequest`, payload: body, remoteAddress });
const person = (n: string, over: object = {}) => ({
  accountUrl: 'heat-north',
  name: `Person ${n}`,
  email: `${n}@example.test`,
  ...over,
});
const waiting = async (who: keyof typeof cookie) => {
  const res = await t.app.inject({ url: '/api/v1/admin/joinRequests', headers: { cookie: cookie[who] } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<JoinRequest[]>();
};
const decide = (who: keyof typeof cookie, id: number, how: 'accept' | 'decline', body?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/joinRequest/${id}/${how}`,
    headers: { cookie: cookie[who] },
    ...(body ? { payload: body } : {}),
  });
const requestsOf = (email: string) =>
  t.db.query<{ decision: string | null }>('select decision from join_requests where email = $1', [email]);

describe('asking to join', () => {
  it('names the organisation it went to, and asking again while it waits adds nothing', async () => {
    const res = await ask(person('ada', { message: 'I run the Luleå rounds', phone: '+46 70 123 45 67' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ organization: 'Heat North' });
    expect((await ask(person('ada'))).statusCode).toBe(200);
    expect(await requestsOf('ada@example.test')).toHaveLength(1);
    // No account is made: the organization decides.
    expect(await t.db.query("select 1 from users where email = 'ada@example.test'")).toEqual([]);
  });

  it('refuses an unknown account URL, a blank name, a bad address, an unknown tag, and writes nothing', async () => {
    const cases: [object, number, string, string?][] = [
      [person('bo', { accountUrl: 'nobody-here' }), 404, 'No organisation has this account URL'],
      [person('bo', { accountUrl: 'Not A URL!' }), 400, 'accountUrl'],
      [person('bo', { name: '   ' }), 400, 'name should not be blank'],
      [person('bo', { email: 'not-an-address' }), 400, 'Enter valid email'],
      [person('bo', { message: 'x'.repeat(501) }), 400, 'message'],
      [person('bo'), 404, 'Tag not found', randomUUID()],
    ];
    for (const [body, status, text, uuid] of cases) {
      const res = await ask(body, nextAddress(), uuid);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toContain(text);
    }
    expect(await requestsOf('bo@example.test')).toEqual([]);
  });

  it('limits how often one address asks', async () => {
    const from = nextAddress();
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push((await ask(person(`many${i}`), from)).statusCode);
    expect(answers.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(answers.at(-1)).toBe(429);
  });
});

describe('deciding', () => {
  it('shows waiting requests to the SuperUsers of the organisation and above it, and to no one else', async () => {
    await ask(person('cid'));
    const names = async (who: keyof typeof cookie) => (await waiting(who)).map((r) => r.email);
    expect(await names('heat')).toContain('cid@example.test');
    expect(await names('parent')).toContain('cid@example.test');
    expect(await names('user')).toEqual([]);
    expect(await names('other')).toEqual([]);
    const cid = (await waiting('heat')).find((r) => r.email === 'cid@example.test');
    expect(cid).toMatchObject({ organizationId: org.heat, organization: 'Heat North', name: 'Person cid' });
  });

  it('accepts: the person gets the role chosen and the invitation, once', async () => {
    await ask(person('dee'));
    const id = (await waiting('heat')).find((r) => r.email === 'dee@example.test')?.id ?? 0;
    // Another organization's SuperUser and a User of this one cannot see it: as if there were none.
    expect((await decide('other', id, 'accept', { username: 'dee', roleId: 1 })).statusCode).toBe(404);
    expect((await decide('user', id, 'accept', { username: 'dee', roleId: 1 })).statusCode).toBe(403);
    const res = await decide('parent', id, 'accept', { username: 'dee', roleId: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ username: 'dee', created: true, invited: true, delivery: 'mail' });
    const [role] = await t.db.query<{ organization_id: number; role_id: number }>(
      `select r.organization_id, r.role_id from user_roles r join users u on u.id = r.user_id where u.username = 'dee'`,
    );
    expect(role).toEqual({ organization_id: org.heat, role_id: 1 });
    await expect.poll(() => sink.mails.filter((m) => m.to.includes('dee@example.test')).length).toBe(1);
    expect(await requestsOf('dee@example.test')).toEqual([{ decision: 'accepted' }]);
    expect((await decide('heat', id, 'decline')).statusCode).toBe(404);
    expect((await waiting('heat')).map((r) => r.id)).not.toContain(id);
  });

  it('leaves the request waiting when the username is taken, and declines', async () => {
    await ask(person('eve'));
    const id = (await waiting('heat')).find((r) => r.email === 'eve@example.test')?.id ?? 0;
    const taken = await decide('heat', id, 'accept', { username: 'other-admin', roleId: 2 });
    expect(taken.statusCode).toBe(409);
    expect(await requestsOf('eve@example.test')).toEqual([{ decision: null }]);
    expect((await decide('heat', id, 'decline')).statusCode).toBe(200);
    expect(await requestsOf('eve@example.test')).toEqual([{ decision: 'declined' }]);
    expect(await t.db.query("select 1 from users where email = 'eve@example.test'")).toEqual([]);
  });
});
