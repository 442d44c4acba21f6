import type { BusMessage } from '../../live/bus.ts';
import type { VisibleOrganizationRow } from '../organizations/organizations.service.ts';
import type { SessionRow } from './auth.repository.ts';

/** What requests read about a session's user while the session is held (its organizations). */
export type SessionMemo = { visible?: Promise<VisibleOrganizationRow[]> };

/** How long a recognised session is trusted from memory before it is read again. */
const TTL_MS = 10_000;
/** Sessions held at most; the oldest give way (a Map keeps insertion order). */
const MAX_ENTRIES = 20_000;

/**
 * Signed-in sessions recognised in the last few seconds, by token hash, so the requests of an open
 * page do not each read their session. A session that ends (on any instance) is forgotten at once;
 * anything written through the API (a profile's language, the current organization, a role)
 * forgets them all; expiry is checked on every use.
 */
export class SessionCache {
  private readonly entries = new Map<string, { row: SessionRow; until: number }>();

  get(tokenHash: string): SessionRow | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    const now = Date.now();
    if (entry.until > now && entry.row.expires_at.getTime() > now) return entry.row;
    this.entries.delete(tokenHash);
    return undefined;
  }

  /** Holds the session, with a memo of its own for what requests read about its user. */
  set(tokenHash: string, row: SessionRow): SessionRow {
    this.entries.delete(tokenHash);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const held = { ...row, memo: {} };
    this.entries.set(tokenHash, { row: held, until: Date.now() + TTL_MS });
    return held;
  }

  /** Follows the bus: ended sessions go, and everything goes after a write. */
  follow(message: BusMessage) {
    if (message.kind === 'dataChanged') this.entries.clear();
    else if (message.kind === 'sessionsEnded') {
      const ended = new Set(message.sessionIds);
      for (const [hash, { row }] of this.entries) if (ended.has(row.id)) this.entries.delete(hash);
    }
  }
}
