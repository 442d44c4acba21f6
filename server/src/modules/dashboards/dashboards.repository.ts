import type { DashboardModel, FilterSettings } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';

export type DashboardRow = {
  id: number;
  user_id: number;
  organization_id: number | null;
  name: string;
  filter: FilterSettings | null;
  content: DashboardModel | null;
  template_id: string | null;
  use_context: boolean;
};

/** jsonb parameters travel as text, the same on PGlite and PostgreSQL. */
const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

const columns = 'id, user_id, organization_id, name, filter, content, template_id, use_context';

/** A user's dashboards of one context (an organization, or null for the personal ones), oldest first. */
export async function listDashboards(
  db: Queryable,
  userId: number,
  organizationId: number | null,
  withContent: boolean,
) {
  return db.query<DashboardRow>(
    `select ${withContent ? columns : columns.replace('content', 'null as content')} from dashboards
      where user_id = $1 and organization_id is not distinct from $2 order by id`,
    [userId, organizationId],
  );
}

export async function findDashboard(db: Queryable, userId: number, id: number): Promise<DashboardRow | undefined> {
  const [row] = await db.query<DashboardRow>(`select ${columns} from dashboards where id = $1 and user_id = $2`, [
    id,
    userId,
  ]);
  return row;
}

export async function insertDashboard(db: Queryable, d: Omit<DashboardRow, 'id'>): Promise<DashboardRow> {
  const [row] = await db.query<DashboardRow>(
    `insert into dashboards (user_id, organization_id, name, filter, content, template_id, use_context)
     values ($1, $2, $3, $4, $5, $6, $7) returning ${columns}`,
    [d.user_id, d.organization_id, d.name, json(d.filter), json(d.content), d.template_id, d.use_context],
  );
  return row as DashboardRow;
}

/** Updates the given columns of a user's dashboard; undefined when there is no such dashboard. */
export async function updateDashboard(
  db: Queryable,
  userId: number,
  id: number,
  patch: Partial<Pick<DashboardRow, 'name' | 'filter' | 'content' | 'template_id'>>,
): Promise<DashboardRow | undefined> {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  const sets = entries.map(([k], n) => `${k} = $${n + 3}`);
  const [row] = await db.query<DashboardRow>(
    `update dashboards set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1 and user_id = $2 returning ${columns}`,
    [id, userId, ...entries.map(([k, v]) => (k === 'filter' || k === 'content' ? json(v) : v))],
  );
  return row;
}

export async function deleteDashboard(db: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await db.query('delete from dashboards where id = $1 and user_id = $2 returning id', [id, userId]);
  return rows.length > 0;
}
