import { beforeAll, describe, expect, it } from 'vitest';
import { isForbiddenAddress } from '../src/modules/webhooks/addressGuard.ts';
import { poster } from '../src/modules/webhooks/post.ts';
import { A, useWebhookApp } from './fixtures/webhooks.ts';

// Signed webhooks (issue 24) through the real app: endpoints administered over HTTP, facts raised
// through the real MQTT gateway, the alarm service and the event calls, delivered by the real sender
// to a real HTTP sink on loopback (WEBHOOK_ALLOW_PRIVATE for this app). Time is moved through the
// sender's clock, never waited for.
//
// This file: administering endpoints: the SSRF guard, who may administer them, and bad input.

const { strict, sink, orgs, cookies, call, addEndpoint, ping } = useWebhookApp();

describe('the SSRF guard', () => {
  const refused = ['https://10.0.0.1/hook', 'https://127.0.0.1/hook', 'https://169.254.169.254/latest/meta-data'];
  it.each([...refused, 'https://localhost/hook', 'https://[::1]/hook', 'https://[::ffff:127.0.0.1]/hook'])(
    'without WEBHOOK_ALLOW_PRIVATE, %s is refused with 400 private',
    async (url) => {
      const res = await call(
        'POST',
        `${A}/organization/${(await strict.db.query<{ id: number }>('select id from organizations'))[0]?.id}/webhooks`,
        cookies.strict,
        { url, description: '', kinds: ['alarm.raised'], enabled: true },
        strict,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/^webhook url private:/);
    },
  );

  it('only https:// without the flag; credentials and non-URLs are refused with their codes', async () => {
    const [org] = await strict.db.query<{ id: number }>('select id from organizations');
    const problem = async (url: string) => {
      const res = await call(
        'POST',
        `${A}/organization/${org?.id}/webhooks`,
        cookies.strict,
        { url, description: '', kinds: ['alarm.raised'], enabled: true },
        strict,
      );
      expect(res.statusCode).toBe(400);
      return /^webhook url (\w+):/.exec(res.json().message)?.[1];
    };
    expect(await problem('http://93.184.215.14/hook')).toBe('scheme');
    expect(await problem('ftp://93.184.215.14/hook')).toBe('scheme');
    expect(await problem('https://user:pw@93.184.215.14/hook')).toBe('credentials');
    expect(await problem('not a url')).toBe('invalid');
    expect(await problem('https://no-such-host.invalid/hook')).toBe('unresolvable');
  });

  it('a changed URL is checked again: an endpoint cannot be moved to an internal address', async () => {
    const [org] = await strict.db.query<{ id: number }>('select id from organizations');
    const hook = { url: 'https://93.184.215.14/hook', description: '', kinds: ['alarm.raised'], enabled: true };
    const made = await call('POST', `${A}/organization/${org?.id}/webhooks`, cookies.strict, hook, strict);
    expect(made.statusCode, made.body).toBe(200);
    const id = (made.json() as { endpoint: { id: number } }).endpoint.id;
    const moved = await call(
      'PUT',
      `${A}/webhooks/${id}`,
      cookies.strict,
      { ...hook, url: 'https://10.0.0.1/' },
      strict,
    );
    expect([moved.statusCode, moved.json().message]).toEqual([400, expect.stringMatching(/^webhook url private:/)]);
    const disabled = await call('PUT', `${A}/webhooks/${id}`, cookies.strict, { ...hook, enabled: false }, strict);
    expect(disabled.statusCode).toBe(200);
  });

  it('at send time too: an address literal and a name resolving to loopback are never connected to', async () => {
    const post = poster({ allowPrivate: false });
    const send = (url: string) =>
      post({ url, body: '{}', secret: 's', eventId: 'e', deliveryId: 'd', now: new Date() });
    const port = new URL(sink.url).port;
    const before = sink.received.length;
    expect((await send(`https://127.0.0.1:${port}/x`)).error).toMatch(/forbidden address/);
    expect((await send(`https://localhost:${port}/x`)).error).toMatch(/EWEBHOOKPRIVATE/);
    expect((await send(`https://[::1]:${port}/x`)).error).toMatch(/forbidden address/);
    expect((await send(`${sink.url}/x`)).error).toMatch(/scheme/);
    expect(sink.received.length).toBe(before);
  });

  it('classifies addresses: private, loopback, link-local, unspecified, multicast and mapped ones', () => {
    for (const a of ['10.1.2.3', '172.16.0.1', '192.168.1.1', '127.0.0.1', '169.254.169.254', '0.0.0.0', '224.0.0.1'])
      expect(isForbiddenAddress(a), a).toBe(true);
    for (const a of ['::1', '::', 'fc00::1', 'fd12::1', 'fe80::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:7f00:1'])
      expect(isForbiddenAddress(a), a).toBe(true);
    for (const a of ['93.184.215.14', '8.8.8.8', '2606:4700::1111']) expect(isForbiddenAddress(a), a).toBe(false);
  });
});

describe('permissions', () => {
  let endpoint = 0;
  let other = 0;
  let otherDelivery = '';
  beforeAll(async () => {
    endpoint = (await addEndpoint('/perm', ['alarm.raised'])).id;
    other = (await addEndpoint('/perm-other', ['alarm.raised'])).id;
    otherDelivery = (await ping(other)).id;
  });

  it('a Reader of the organisation and a SuperUser of another are refused its endpoints', async () => {
    for (const cookie of [cookies.reader, cookies.beta]) {
      expect((await call('GET', `${A}/organization/${orgs.alpha}/webhooks`, cookie)).statusCode).toBe(403);
      const add = await call('POST', `${A}/organization/${orgs.alpha}/webhooks`, cookie, {
        url: `${sink.url}/x`,
        description: '',
        kinds: ['alarm.raised'],
        enabled: true,
      });
      expect(add.statusCode).toBe(403);
    }
  });

  it('an endpoint of another organisation tree answers 404, like one that does not exist', async () => {
    const body = { url: `${sink.url}/x`, description: '', kinds: ['alarm.raised'], enabled: true };
    for (const [method, url, payload] of [
      ['PUT', `${A}/webhooks/${endpoint}`, body],
      ['DELETE', `${A}/webhooks/${endpoint}`],
      ['POST', `${A}/webhooks/${endpoint}/rotate`],
      ['POST', `${A}/webhooks/${endpoint}/test`],
      ['GET', `${A}/webhooks/${endpoint}/deliveries`],
      ['GET', `${A}/webhooks/${other}/deliveries/${otherDelivery}`],
    ] as const) {
      const foreign = await call(method, url, cookies.beta, payload);
      const unknown = await call(method, url.replace(/webhooks\/\d+/, 'webhooks/999999'), cookies.alpha, payload);
      expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Webhook not found']);
      expect(unknown.statusCode).toBe(404);
    }
    // A delivery of another endpoint through one's own endpoint is not found either.
    const crossed = await call('GET', `${A}/webhooks/${endpoint}/deliveries/${otherDelivery}`, cookies.alpha);
    expect(crossed.statusCode).toBe(404);
  });

  it('a SuperUser above the organisation administers its endpoints', async () => {
    const list = await call('GET', `${A}/organization/${orgs.alpha}/webhooks`, cookies.root);
    expect(list.statusCode).toBe(200);
    const changed = await call('PUT', `${A}/webhooks/${endpoint}`, cookies.root, {
      url: `${sink.url}/perm`,
      description: 'changed above',
      kinds: ['alarm.cleared'],
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ description: 'changed above', kinds: ['alarm.cleared'], enabled: false });
    expect((await call('DELETE', `${A}/webhooks/${endpoint}`, cookies.root)).statusCode).toBe(200);
    expect((await call('GET', `${A}/webhooks/${endpoint}/deliveries`, cookies.alpha)).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  const add = (payload: unknown) => call('POST', `${A}/organization/${orgs.alpha}/webhooks`, cookies.alpha, payload);
  const good = { url: 'https://hooks.example.com/x', description: '', kinds: ['alarm.raised'], enabled: true };
  it.each([
    ['no url', { ...good, url: undefined }],
    ['no kinds', { ...good, kinds: [] }],
    ['an unknown kind', { ...good, kinds: ['alarm.exploded'] }],
    ['ping as a subscription', { ...good, kinds: ['ping'] }],
    ['a kind twice', { ...good, kinds: ['alarm.raised', 'alarm.raised'] }],
    ['an unknown key', { ...good, secret: 'mine' }],
    ['enabled as a string', { ...good, enabled: 'yes' }],
    ['a too long description', { ...good, description: 'x'.repeat(201) }],
    ['a too long URL', { ...good, url: `https://example.com/${'x'.repeat(2100)}` }],
    ['not a URL', { ...good, url: 'hooks' }],
  ])('%s answers 400 with a message', async (_, payload) => {
    const res = await add(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: true, statusCode: 400 });
  });

  it('ids that are not ids answer 400', async () => {
    expect((await call('GET', `${A}/webhooks/abc/deliveries`, cookies.alpha)).statusCode).toBe(400);
    expect((await call('GET', `${A}/webhooks/1/deliveries/not-a-uuid`, cookies.alpha)).statusCode).toBe(400);
    expect((await call('GET', `${A}/webhooks/1/deliveries?limit=0`, cookies.alpha)).statusCode).toBe(400);
  });
});
