import type { Queryable } from '../../db/db.ts';

export type JoinRequestRow = {
  id: number;
  organization_id: number;
  organization_name: string;
  name: string;
  email: string;
  phone: string | null;
  message: string | null;
  created_at: Date;
};

/** A new request; one already waiting from the same e-mail address for the organization is kept instead. */
export async function insertJoinRequest(
  db: Queryable,
  r: { organizationId: number; name: string; email: string; phone?: string; message?: string; address: string },
) {
  await db.query(
    `insert into join_requests (organization_id, name, email, phone, message, address)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (organization_id, lower(email)) where decided_at is null do nothing`,
    [r.organizationId, r.name, r.email, r.phone ?? null, r.message ?? null, r.address],
  );
}

const columns = `j.id, j.organization_id, o.name as organization_name, j.name, j.email, j.phone, j.message, j.created_at`;

/** The requests waiting for a decision in these organizations, newest first. */
export async function waitingJoinRequests(db: Queryable, organizationIds: readonly number[]) {
  return db.query<JoinRequestRow>(
    `select ${columns} from join_requests j join organizations o on o.id = j.organization_id
      where j.decided_at is null and j.organization_id = any($1::int[]) order by j.created_at desc, j.id desc`,
    [organizationIds],
  );
}

export async function findWaitingJoinRequest(db: Queryable, id: number): Promise<JoinRequestRow | undefined> {
  const [row] = await db.query<JoinRequestRow>(
    `select ${columns} from join_requests j join organizations o on o.id = j.organization_id
      where j.id = $1 and j.decided_at is null`,
    [id],
  );
  return row;
}

/** Records the decision once: false when another decided it first. */
export async function decideJoinRequest(db: Queryable, id: number, by: number, decision: 'accepted' | 'declined') {
  const rows = await db.query(
    `update join_requests set decided_at = now(), decided_by = $2, decision = $3
      where id = $1 and decided_at is null returning id`,
    [id, by, decision],
  );
  return rows.length === 1;
}

/** Takes a decision back (the addition it was for was refused). */
export async function reopenJoinRequest(db: Queryable, id: number) {
  await db.query('update join_requests set decided_at = null, decided_by = null, decision = null where id = $1', [id]);
}
