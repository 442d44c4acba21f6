import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  webhookUrlShapeProblem,
} from '@fieldwatch/core';
import { guardedLookup, hostOf, isForbiddenAddress } from './addressGuard.ts';

/** How long one attempt may take, from connecting to the answer's last byte read. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The start of an answer's body that is kept (characters), and the bytes read for it. */
const EXCERPT_CHARS = 1000;
const EXCERPT_BYTES = 4096;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`. */
export function signatureOf(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export type PostResult = { statusCode: number | null; excerpt: string; durationMs: number; error: string | null };
export type Post = (p: {
  url: string;
  body: string;
  secret: string;
  eventId: string;
  deliveryId: string;
  now: Date;
}) => Promise<PostResult>;

/**
 * Sends one delivery: a POST of the body, signed with the endpoint's secret at `now`. Never throws:
 * no answer (refused address, timeout, connection error) is a result with its error. Redirects are
 * not followed (a 3xx is an answer like any other that is not 2xx).
 */
export function poster(opts: { allowPrivate: boolean; timeoutMs?: number }): Post {
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const lookup = guardedLookup(opts.allowPrivate);
  return ({ url, body, secret, eventId, deliveryId, now }) => {
    const started = performance.now();
    const done = (r: Omit<PostResult, 'durationMs'>): PostResult => ({
      ...r,
      durationMs: Math.round(performance.now() - started),
    });
    const shape = webhookUrlShapeProblem(url, opts.allowPrivate);
    if (shape) return Promise.resolve(done({ statusCode: null, excerpt: '', error: `URL refused: ${shape}` }));
    const target = new URL(url);
    const host = hostOf(target);
    // An address literal is connected to without any lookup: checked here.
    if (!opts.allowPrivate && isIP(host) && isForbiddenAddress(host))
      return Promise.resolve(done({ statusCode: null, excerpt: '', error: `forbidden address ${host}` }));
    const payload = Buffer.from(body, 'utf8');
    return new Promise<PostResult>((resolve) => {
      let settled = false;
      const finish = (r: Omit<PostResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(done(r));
      };
      const client = target.protocol === 'https:' ? https : http;
      const request = client.request(target, {
        method: 'POST',
        lookup,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          'user-agent': 'Fieldwatch-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signatureOf(secret, body, Math.floor(now.getTime() / 1000)),
          [WEBHOOK_EVENT_HEADER]: eventId,
          [WEBHOOK_DELIVERY_HEADER]: deliveryId,
        },
      });
      const timer = setTimeout(() => {
        finish({ statusCode: null, excerpt: '', error: `no answer within ${timeoutMs / 1000} s` });
        request.destroy();
      }, timeoutMs);
      request.on('error', (err: NodeJS.ErrnoException) => {
        finish({ statusCode: null, excerpt: '', error: err.code ? `${err.code}: ${err.message}` : err.message });
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        const end = () => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS);
          finish({ statusCode: response.statusCode ?? null, excerpt: text, error: null });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          bytes += chunk.length;
          if (bytes >= EXCERPT_BYTES) end();
        });
        response.on('end', end);
        response.on('error', end);
      });
      request.end(payload);
    });
  };
}
