import type { Queryable } from '../../db/db.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import { type VisibleOrganizationRow, visibleOrganizations } from './organizations.repository.ts';

/**
 * The organizations the user sees, each with the role that reaches them there: read once while
 * their session is held in memory, so a request's scope and access checks share one read.
 */
export function reachedOrganizations(db: Queryable, session: SessionRow) {
  const memo = session.memo;
  if (!memo) return visibleOrganizations(db, session.user_id);
  if (!memo.visible) {
    memo.visible = visibleOrganizations(db, session.user_id);
    // A failed read is not remembered.
    memo.visible.catch(() => {
      memo.visible = undefined;
    });
  }
  return memo.visible;
}

/**
 * The organizations a device call may touch: those the user may see, narrowed to the requested
 * customers (CustomerIDs, orgs, the selected customers) when given; with `useContext`, to the
 * session's current organization and its descendants. Never wider than what the user may see.
 */
export async function scopeOrganizations(
  db: Queryable,
  session: SessionRow,
  opts: ScopeOptions = {},
): Promise<number[]> {
  return scopeWithin(await reachedOrganizations(db, session), session, opts);
}

type ScopeOptions = { customerIds?: readonly number[]; useContext?: boolean };

/** scopeOrganizations over organizations already read. */
export function scopeWithin(
  visible: readonly VisibleOrganizationRow[],
  session: SessionRow,
  opts: ScopeOptions = {},
): number[] {
  let ids = visible.map((o) => o.id);
  if (opts.useContext && session.current_organization_id !== null) {
    const inside = new Set<number>([session.current_organization_id]);
    for (const o of visible) {
      if (o.parent_organization_id !== null && inside.has(o.parent_organization_id)) inside.add(o.id);
    }
    ids = ids.filter((id) => inside.has(id));
  }
  if (opts.customerIds && opts.customerIds.length > 0) {
    const wanted = new Set(opts.customerIds);
    ids = ids.filter((id) => wanted.has(id));
  }
  return ids;
}
