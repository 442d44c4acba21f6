import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BusMessage } from '../../live/bus.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import { scopeOrganizations } from '../organizations/organizations.service.ts';
import type { FleetMemory, StampOptions } from './fleet.ts';

/**
 * Characters of answers kept at most (one or two bytes each): 40 lists of a 10,000-unit fleet.
 * The least recently used give way (a Map keeps insertion order; a use moves its answer last).
 */
const MAX_CHARS = 200_000_000;

type Answer = { stamp: string; body: string; etag: string };

/**
 * Fleet-wide answers kept serialised, per user, language, current organization and URL, for as
 * long as nothing held for the user's organizations has changed (the fleet memory's stamp): a
 * refetch of an unchanged list costs a lookup, and its ETag is computed once.
 */
export class FleetAnswers {
  private readonly answers = new Map<string, Answer>();
  private chars = 0;

  constructor(private readonly fleet: FleetMemory) {}

  /** A write makes every kept answer out of date: they are let go at once, not when memory runs short. */
  follow(message: BusMessage) {
    if (message.kind !== 'dataChanged') return;
    this.answers.clear();
    this.chars = 0;
  }

  /** How many answers are kept. */
  get size() {
    return this.answers.size;
  }

  /**
   * Sends the kept answer when it is current, else `build`'s, serialised by the route's schema;
   * `stamp` says what the answer is built from (FleetMemory.stamp).
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    session: SessionRow,
    build: () => Promise<unknown>,
    stamp: StampOptions = {},
  ) {
    const orgs = await scopeOrganizations(this.fleet.db, session);
    // Taken before building: a change during the build makes the next call build again.
    const current = await this.fleet.stamp(orgs, stamp);
    // A POST's question is its body (already validated), beside the URL.
    const asked = request.method === 'GET' ? request.url : `${request.url} ${JSON.stringify(request.body)}`;
    const key = `${session.user_id} ${session.language} ${session.current_organization_id} ${asked}`;
    let answer = this.answers.get(key);
    if (answer?.stamp !== current) {
      const body = String(reply.serialize(await build()));
      answer = { stamp: current, body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
    }
    this.keep(key, answer);
    return reply.header('etag', answer.etag).type('application/json; charset=utf-8').send(answer.body);
  }

  private keep(key: string, answer: Answer) {
    const old = this.answers.get(key);
    if (old) {
      this.answers.delete(key);
      this.chars -= old.body.length;
    }
    this.answers.set(key, answer);
    this.chars += answer.body.length;
    for (const [oldest, kept] of this.answers) {
      if (this.chars <= MAX_CHARS || oldest === key) break;
      this.answers.delete(oldest);
      this.chars -= kept.body.length;
    }
  }
}
