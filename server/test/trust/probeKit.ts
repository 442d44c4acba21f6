import type { RoutePolicy } from '../../src/plugins/policy.ts';
import { PNG_1X1 } from '../fixtures/images.ts';

/** The types and helpers the authorisation matrix's probe table (policy.ts) is written in. */

/** The objects of one organization the matrix calls routes about. */
export type Objects = {
  org: number;
  unit: number;
  /** A marker on channel 1 of `unit`. */
  marker: number;
  task: string;
  container: string;
  tag: string;
  floorPlan: number;
  /** A device group (v2) of the organization. */
  group: number;
  /** A person's request to join the organization, waiting. */
  joinRequest: number;
  /** A fault the radar analysis suggests on channel 1 of `unit`. */
  finding: number;
  /** A webhook endpoint of the organization. */
  webhook: number;
};
export type ObjectKind = keyof Objects;

export type Req = {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** A non-JSON body (uploads). */
  raw?: { payload: Buffer | string; contentType: string };
};
export type Build = (o: Objects) => Req;

/** How to call a route: the request, and for an object-scoped route the object it names. */
export type Probe = {
  why?: string;
  req?: Build;
  /** The client's address (a loopback-only route). */
  remoteAddress?: string;
  object?: ObjectKind;
  /** Where the request names the object: 'params.id', 'query.UnitID', 'body.organization'… */
  param?: string;
  /** A fresh object of this kind for every call (the call deletes it). */
  fresh?: ObjectKind;
  /**
   * An allowed call about an object without data may answer 404 with this message (never the
   * refusal's); a refusal must still answer differently.
   */
  noData?: RegExp;
  /**
   * Refused, the route answers exactly as for an object that does not exist, whatever its
   * status (a tag's template is -1 without data); allowed, it must answer otherwise.
   */
  refusedAsUnknown?: boolean;
  /** False: described, anonymous only (why). */
  matrix?: false;
};

/** A route's declared policy (from its options) with how to call it (from this table). */
export type Policy = RoutePolicy & Probe;

export const note = (why: string, req?: Build): Probe => ({ why, req });
export type ScopedOpts = Omit<Probe, 'object' | 'param'>;
export const on =
  (object: ObjectKind) =>
  (param: string, opts: ScopedOpts = {}): Probe => ({ object, param, ...opts });
export const unit = on('unit');
export const org = on('org');
export const task = on('task');
export const container = on('container');
export const tag = on('tag');
export const floorPlan = on('floorPlan');
export const joinRequest = on('joinRequest');
export const webhook = on('webhook');

export const OWN = 'own data';
export const LIST = 'a list narrowed to the organisations the user sees';
export const png = { raw: { payload: PNG_1X1, contentType: 'image/png' } };
export const uid = (o: Objects) => ({ params: { id: o.unit } });
export const uq = (o: Objects) => ({ query: { UnitID: o.unit, CustomerID: o.org } });
export const marker = (o: Objects) => ({ params: { id: o.unit, n: 1, marker: o.marker } });
export const finding = (o: Objects) => ({ params: { id: o.unit, n: 1, finding: o.finding } });
/** A public address literal: no name to resolve, and not refused by the SSRF guard. */
export const MATRIX_WEBHOOK = {
  url: 'https://93.184.215.14/matrix',
  description: 'matrix',
  kinds: ['alarm.raised'],
  enabled: true,
};
