import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setUnauthorizedHandler } from './http.ts';

// Unit test of the client's own rules; the real server is exercised by the API and browser suites.
const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => vi.unstubAllGlobals());

describe('request', () => {
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
