import type { Action, Resource } from '@fieldwatch/core';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * What a route lets a request do, declared once in its own options (`config.policy`) and read from
 * the matched route by every guard: the sign-in requirement and API-key scopes (plugins/auth.ts),
 * cross-site refusal (plugins/csrf.ts) and the authorisation matrix of the tests. Never decided from
 * the raw URL or the HTTP method: a GET can write, and a URL can be spelled many ways.
 */
export type RoutePolicy = {
  /**
   * public: anyone; signedIn: any signed-in user about their own data, or a list narrowed to what
   * they may see; scoped: about one object, allowed when the caller's role on the object's
   * organization has `capability` (the service checks the object); platform: the platform
   * administrator.
   */
  access: 'public' | 'signedIn' | 'scoped' | 'platform';
  capability?: { resource: Resource; action: Action };
  /** Changes anything, whatever its method: a cross-site browser and a read-only API key are refused. */
  writes: boolean;
  /** The API-key scope it needs; `none`: no API key at all (the calls that guard the account itself). */
  apiKey: 'read' | 'write' | 'none';
  /** Refused to a cross-site browser although it does not write: it opens a channel a foreign page must not hear. */
  sameSiteOnly: boolean;
  /**
   * Open to a signed-in user whom an organization's policy requires to use two-factor sign-in and
   * who has not enrolled yet; every other signed-in route answers them 403 `two_factor_required`
   * (plugins/auth.ts) until they have.
   */
  beforeTwoFactor: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: RoutePolicy;
  }
}

type Options = {
  writes: boolean;
  /** False for the calls an API key may never make: keys themselves, passwords, the e-mail address. */
  apiKey?: false;
  sameSiteOnly?: true;
  /** Reachable before a required two-factor enrolment: the enrolment calls and what its screen reads. */
  beforeTwoFactor?: true;
};

function declare(access: RoutePolicy['access'], o: Options, capability?: RoutePolicy['capability']): RoutePolicy {
  return {
    access,
    ...(capability && { capability }),
    writes: o.writes,
    apiKey: o.apiKey === false ? 'none' : o.writes ? 'write' : 'read',
    sameSiteOnly: o.sameSiteOnly ?? false,
    beforeTwoFactor: o.beforeTwoFactor ?? false,
  };
}

/** Route options declaring who may call: `{ config: signedIn({ writes: false }), schema, … }`. */
export const anyone = (o: Options) => ({ policy: declare('public', o) });
export const signedIn = (o: Options) => ({ policy: declare('signedIn', o) });
export const platform = (o: Options) => ({ policy: declare('platform', o) });
export const scoped = (resource: Resource, action: Action, o: Options) => ({
  policy: declare('scoped', o, { resource, action }),
});
/** The two policies most routes of a unit's data take: read it, or change it. */
export const deviceRead = scoped('device', 'read', { writes: false });
export const deviceWrite = scoped('device', 'write', { writes: true });

/** One of the web app's files, which @fastify/static marks with its `rootPath`. */
export const isStaticFile = (config: unknown) => (config as { rootPath?: string } | undefined)?.rootPath !== undefined;
/** Routes that plugins register, the OpenAPI viewer and the web app's files, are public reads. */
const isPluginRoute = (route: RouteOptions) => /^\/api\/docs(\/|$)/.test(route.url) || isStaticFile(route.config);
const PUBLIC_READ = declare('public', { writes: false });

/** The policy of a matched route; a request no route matched (a 404) is a public read. */
export const policyOf = (config: { policy?: RoutePolicy } | undefined): RoutePolicy => config?.policy ?? PUBLIC_READ;

/**
 * Refuses to start while a route of ours declares no policy, naming every such route; a plugin's
 * own routes are public reads.
 */
export function requireDeclaredPolicies(app: FastifyInstance) {
  const undeclared: string[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = (route.config ?? {}) as { policy?: RoutePolicy };
    if (config.policy) return;
    if (isPluginRoute(route)) route.config = { ...config, policy: PUBLIC_READ };
    else undeclared.push(`${route.method} ${route.url}`);
  });
  app.addHook('onReady', async () => {
    if (undeclared.length)
      throw new Error(`Routes without a policy (config: anyone|signedIn|scoped|platform): ${undeclared.join(', ')}`);
  });
}
