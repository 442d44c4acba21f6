import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.ts';
import { policyOf } from '../../plugins/policy.ts';
import { appendAudit, entryOrganization, signInUser } from './audit.service.ts';

/** Request fields never written to the trail, whatever route they come in: masked. */
const SECRET = /pass|secret|token|code|challenge|key$/i;
/** The longest `changes` kept; a larger body (an image, a curve) is cut and marked. */
const MAX_CHANGES = 4000;
/** The password step of a sign-in, and the second (two-factor) step. */
const SIGN_IN = /\/auth\/login(\/two-factor)?$/;
/** A sign-in refused for its credentials or code (417, the spec's answer), too many attempts (429), an expired second step (410). */
const FAILED_SIGN_IN = new Set([410, 417, 429]);

/** The object a route's `:id` names, by the path around it. */
const OBJECT_KINDS: [RegExp, 'unit' | 'organization' | 'user'][] = [
  [/\/devices?\/:id(\/|$)/, 'unit'],
  [/\/organizations?\/:id(\/|$)/, 'organization'],
  [/\/users?\/:id(\/|$)/, 'user'],
];

function masked(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => masked(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET.test(k) ? '•••' : masked(v, depth + 1),
    ]),
  );
}

function changesOf(body: unknown): string {
  if (body === undefined || body === null || Buffer.isBuffer(body)) return '{}';
  const text = JSON.stringify(masked(body)) ?? '{}';
  return text.length > MAX_CHANGES ? JSON.stringify({ truncated: text.slice(0, MAX_CHANGES) }) : text;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What the fields a request changes held before (set by the handler, see `noteBefore`). */
    auditBefore?: unknown;
  }
}

/**
 * For the routes whose audit entry shows before and after (unit settings, alarm limits): the
 * handler hands over the stored values before it changes them; the entry keeps those of the
 * request's fields.
 */
export function noteBefore(request: FastifyRequest, stored: Record<string, unknown>) {
  const body = request.body as Record<string, unknown> | undefined;
  request.auditBefore = body ? Object.fromEntries(Object.keys(body).map((k) => [k, stored[k] ?? null])) : stored;
}

/** The object a route's `:id` names, when the path says what it is. */
function objectOf(request: FastifyRequest, url: string) {
  const id = Number((request.params as { id?: unknown } | undefined)?.id);
  const kind = OBJECT_KINDS.find(([pattern]) => pattern.test(url))?.[1];
  return kind && Number.isInteger(id) ? { kind, id } : undefined;
}

/**
 * The audit trail's recorder: every route that declares it writes (its policy, read here as by every
 * other guard) and succeeds leaves one entry, written before the answer leaves, so a caller that
 * has its answer finds the entry; a sign-in is recorded whether it succeeded or failed for its
 * credentials. Nothing else is recorded: a refused or invalid request changed nothing.
 */
export function registerAuditTrail(app: FastifyInstance, db: Db) {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    const policy = policyOf(request.routeOptions.config);
    const url = request.routeOptions.url ?? '';
    const signIn = SIGN_IN.test(url);
    const status = reply.statusCode;
    if (!policy.writes || (status >= 400 && !(signIn && FAILED_SIGN_IN.has(status)))) return;
    try {
      const session = request.session;
      const attempted = signIn ? (request.body as { username?: unknown } | undefined)?.username : undefined;
      const userId = session?.user_id ?? (signIn && status < 400 ? await signInUser(db, attempted) : null);
      await appendAudit(db, {
        organization_id: await entryOrganization(db, objectOf(request, url), {
          currentOrganization: session?.current_organization_id ?? null,
          userId,
        }),
        user_id: userId,
        username: session?.username ?? (typeof attempted === 'string' ? attempted.slice(0, 100) : null),
        api_key: request.apiKey ? (session?.user_agent.replace(/^API key /, '') ?? null) : null,
        address: request.ip,
        action: `${request.method} ${url}`,
        object: request.params && Object.keys(request.params).length ? JSON.stringify(request.params) : null,
        status,
        changes: changesOf(request.body),
        before: request.auditBefore === undefined ? null : changesOf(request.auditBefore),
      });
    } catch (err) {
      request.log.error({ err }, 'audit entry not written');
    }
  });
}
