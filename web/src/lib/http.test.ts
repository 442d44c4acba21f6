import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setUnauthorizedHandler } from './http.ts';

// Unit test of the client's own rules; the real server is exercised by the API and browser suites.
const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => vi.unstubAllGlobals());

describe('request', () => {
  it('sends the language the page shows, so the server words its texts in it', async () => {
    const fetch = vi.fn(async (_path: string, _init?: RequestInit) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    document.documentElement.lang = 'ar';
    await api.put('/api/x', { a: 1 });
    expect(fetch.mock.calls[0]?.[1]?.headers).toEqual({ 'content-type': 'application/json', 'accept-language': 'ar' });
    document.documentElement.lang = '';
  });

  it('calls the 401 handler once until a request succeeds again', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    vi.stubGlobal('fetch', respond(401, { message: 'Session expired' }));
    await expect(api.get('/api/a')).rejects.toMatchObject({ status: 401 });
    await expect(api.get('/api/b')).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', respond(200, { ok: true }));
    await expect(api.get('/api/c')).resolves.toEqual({ ok: true });
    vi.stubGlobal('fetch', respond(401, {}));
    await expect(api.get('/api/d')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('ignores a late 401 of a request sent before the expiry, even after a public call succeeded', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    vi.stubGlobal('fetch', respond(200, {}));
    await api.get('/api/reset');
    // Two calls in flight when the session ends; the second answers only after a public call succeeded.
    let answerLate: (r: Response) => void = () => {};
    const late = new Promise<Response>((resolve) => {
      answerLate = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => (path === '/api/late' ? late : new Response('{}', { status: 401 }))),
    );
    const slow = api.get('/api/late');
    await expect(api.get('/api/first')).rejects.toMatchObject({ status: 401 });
    vi.stubGlobal('fetch', respond(200, {}));
    await api.get('/api/v3/config');
    answerLate(new Response('{}', { status: 401 }));
    await expect(slow).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    // A call sent after that still meets the next expiry.
    vi.stubGlobal('fetch', respond(401, {}));
    await expect(api.get('/api/next')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('sends JSON as JSON, a file as raw bytes and a form as it is', async () => {
    const fetch = vi.fn(async (_path: string, _init?: RequestInit) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await api.post('/api/json', { a: 1 });
    await api.post('/api/file', new Blob(['bytes']));
    await api.postImage('/api/image', new Blob(['png'], { type: 'image/png' }));
    const form = new FormData();
    await api.put('/api/form', form);
    const sent = fetch.mock.calls.map((c) => (c as unknown as [string, RequestInit])[1]);
    expect(sent[0]).toMatchObject({ headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(sent[1]?.headers).toEqual({ 'content-type': 'application/octet-stream' });
    expect(sent[1]?.body).toBeInstanceOf(Blob);
    // An image goes with its own type (the avatar calls: the image's type as content type).
    expect(sent[2]?.headers).toEqual({ 'content-type': 'image/png' });
    expect(sent[3]?.headers).toEqual({});
    expect(sent[3]?.body).toBe(form);
  });

  it('does not treat a failed sign-in as an expired session', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    vi.stubGlobal('fetch', respond(200, {}));
    await api.get('/api/reset');
    vi.stubGlobal('fetch', respond(401, {}));
    await expect(api.post('/api/v2/auth/login', {})).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
  });

  it('carries the server message and status, and status 0 for network failures', async () => {
    vi.stubGlobal('fetch', respond(417, { error: true, message: 'Authentication failed' }));
    await expect(api.post('/api/v2/auth/login', {})).rejects.toMatchObject({
      status: 417,
      message: 'Authentication failed',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
  });
});
