import { describe, expect, it } from 'vitest';
import type { App } from '../src/http.ts';
import { useBadInputApp } from './fixtures/badInput.ts';

// Bad input through the real app: what is refused, with which answer, and that nothing is written.
// This file: unknown routes, and the OpenAPI document against the routes the app registered.

const { t } = useBadInputApp();

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api'],
    ['POST', '/api/v2/auth/nothing'],
    ['PUT', '/api/v2/auth/login'],
    ['DELETE', '/api/v2/auth'],
    ['GET', '/api/v9/xrequest/LoginAccess?x=1'],
  ] as const)('%s %s answers 404 JSON', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: { cookie: t.cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      error: true,
      statusCode: 404,
      message: `Not found: ${method} ${url.split('?')[0]}`,
    });
  });
});

/** Every route the app registered, as `METHOD /path` with OpenAPI-style {params}, from printRoutes. */
function registeredRoutes(app: App): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return routes;
}

describe('GET /api/docs/json', () => {
  it('documents every /api route the app registered', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();

    const registered = registeredRoutes(t.app)
      .filter((r) => !r.startsWith('HEAD '))
      .filter((r) => / \/api\//.test(r) && !/ \/api\/docs/.test(r))
      // The live push WebSocket upgrade is not an OpenAPI operation (server/src/live/README.md describes it).
      .filter((r) => r !== 'GET /api/v3/live')
      .sort();
    // the parser did find the routes
    expect(registered).toContain('POST /api/v2/auth/login');
    expect(registered).toContain('GET /api/v2/auth/sessions');
    expect(registered).toContain('DELETE /api/v2/auth/session/logout/{session}');
    expect(documented).toEqual(registered);
  });

  it('marks the routes behind a session with the cookie security scheme', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(doc.paths['/api/v2/auth'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/v2/auth/login'].post.security).toBeUndefined();
  });
});
