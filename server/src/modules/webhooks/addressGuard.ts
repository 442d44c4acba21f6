import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { type WebhookUrlProblem, webhookUrlRefusal, webhookUrlShapeProblem } from '@fieldwatch/core';
import { HttpError } from '../../http.ts';

/**
 * The SSRF guard of outbound webhook requests: no loopback, private (RFC 1918, carrier-grade NAT,
 * fc00::/7), link-local (169.254/16, fe80::/10), unspecified, multicast, reserved or broadcast
 * address is ever connected to, unless private addresses are allowed (WEBHOOK_ALLOW_PRIVATE=1).
 * A host name is resolved once per request, every address it has is checked, and the connection
 * goes to a checked address (the request's own `lookup`), so a name that changes its answer
 * between a check and the connection (DNS rebinding) gains nothing.
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 of any IPv4 address
  ['2001:db8::', 32], // documentation
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** The IPv4 address an IPv4-mapped or -compatible IPv6 address stands for (::ffff:10.0.0.1). */
function embeddedIpv4(address: string): string | undefined {
  const m = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return m[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex?.[1] || !hex[2]) return undefined;
  const a = Number.parseInt(hex[1], 16);
  const b = Number.parseInt(hex[2], 16);
  return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
}

/** Whether an IP address is one a webhook may never reach (without WEBHOOK_ALLOW_PRIVATE). */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse
  const v4 = embeddedIpv4(address);
  if (v4 !== undefined) return isIP(v4) !== 4 || blocked.check(v4, 'ipv4');
  return blocked.check(address, 'ipv6');
}

/** A refusal of an endpoint's URL, named by its problem so that the web app words it (400). */
export class WebhookUrlError extends HttpError {
  constructor(
    readonly problem: WebhookUrlProblem,
    detail: string,
  ) {
    super(400, webhookUrlRefusal(problem, detail));
  }
}

/** A URL's host as an address or a name, without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/**
 * Checks an endpoint's URL: its shape, then every address its host has (when private addresses are
 * not allowed). Throws a WebhookUrlError naming the problem.
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean, resolve: Resolve = systemResolve) {
  const shape = webhookUrlShapeProblem(raw, allowPrivate);
  if (shape === 'scheme') throw new WebhookUrlError(shape, 'only https:// URLs may receive webhooks');
  if (shape === 'credentials') throw new WebhookUrlError(shape, 'a webhook URL may not hold a user name or password');
  if (shape) throw new WebhookUrlError(shape, 'not an absolute URL');
  if (allowPrivate) return;
  const host = hostOf(new URL(raw));
  if (isIP(host)) {
    if (isForbiddenAddress(host)) throw privateRefusal(host);
    return;
  }
  let addresses: { address: string }[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new WebhookUrlError('unresolvable', `the host name ${host} has no address`);
  }
  if (addresses.length === 0) throw new WebhookUrlError('unresolvable', `the host name ${host} has no address`);
  const bad = addresses.find((a) => isForbiddenAddress(a.address));
  if (bad) throw privateRefusal(`${host} (${bad.address})`);
}

const privateRefusal = (what: string) =>
  new WebhookUrlError('private', `${what} is a loopback, private, link-local or otherwise internal address`);

/**
 * The `lookup` of an outbound request: resolves like the system does, refuses when any address the
 * name has is forbidden, and hands the connection only checked addresses. With `allowPrivate`, the
 * system's lookup unchanged.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  if (allowPrivate) return dns.lookup as LookupFunction;
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true, family: options.family }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const bad = addresses.find((a) => isForbiddenAddress(a.address));
      if (bad || addresses.length === 0) {
        const refusal = Object.assign(new Error(`${hostname} resolves to a forbidden address ${bad?.address ?? ''}`), {
          code: 'EWEBHOOKPRIVATE',
        });
        return callback(refusal, '', 0);
      }
      if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as dns.LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}
