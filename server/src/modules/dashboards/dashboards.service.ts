import {
  BUILTIN_KEYS,
  type BuiltinKey,
  builtinDashboard,
  builtinNameKey,
  type DashboardModel,
  type DashboardRecord,
  decodeDashboardId,
  emptyDashboard,
  encodeDashboardId,
  type FilterSettings,
  knownWidgets,
  WIDGET_CATALOGUE,
} from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';

import { INT4_MAX } from '../../plugins/validation.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import {
  type DashboardRow,
  deleteDashboard,
  findDashboard,
  insertDashboard,
  listDashboards,
  updateDashboard,
} from './dashboards.repository.ts';

/**
 * Each dashboard belongs to its user; with useContext it belongs to the organization that was
 * current when it was made (a workspace dashboard), and is listed only while that one is current.
 */
/** A stored widget of a type no longer offered (the widget store) is left out, so the dashboard still opens. */
const toRecord = (r: DashboardRow): DashboardRecord => ({
  id: encodeDashboardId(r.id),
  name: r.name,
  filter: r.filter,
  content: r.content && knownWidgets(r.content),
  templateId: r.template_id,
  useContext: r.use_context,
});

/**
 * The numeric id of an encoded one; anything else (an id beyond the database's integers too) is a
 * 404 like a dashboard of someone else.
 */
function idOf(encoded: string): number {
  const id = decodeDashboardId(encoded);
  if (id === undefined || id > INT4_MAX) throw new HttpError(404, 'Dashboard not found');
  return id;
}

function contextOf(session: SessionRow, useContext: boolean | undefined): number | null {
  if (!useContext) return null;
  if (session.current_organization_id === null) throw new HttpError(400, 'No current organisation is selected');
  return session.current_organization_id;
}

export async function userDashboards(
  db: Queryable,
  session: SessionRow,
  q: { excludeContent?: boolean; useContext?: boolean },
) {
  // Without a current organization there is no workspace, so none of its dashboards.
  if (q.useContext && session.current_organization_id === null) return [];
  const rows = await listDashboards(db, session.user_id, contextOf(session, q.useContext), !q.excludeContent);
  return rows.map(toRecord);
}

export async function userDashboard(db: Queryable, session: SessionRow, encoded: string) {
  const row = await findDashboard(db, session.user_id, idOf(encoded));
  if (!row) throw new HttpError(404, 'Dashboard not found');
  return toRecord(row);
}

/** Creates a dashboard: the template's content when one is named, else an empty dashboard. */
export async function createDashboard(
  db: Queryable,
  session: SessionRow,
  body: { name: string; templateId?: BuiltinKey | null; useContext?: boolean },
) {
  const organizationId = contextOf(session, body.useContext);
  const content: DashboardModel = body.templateId
    ? builtinDashboard(body.templateId, body.name)
    : emptyDashboard(body.name);
  const row = await insertDashboard(db, {
    user_id: session.user_id,
    organization_id: organizationId,
    name: body.name,
    filter: null,
    content,
    template_id: body.templateId ?? null,
    use_context: organizationId !== null,
  });
  return toRecord(row);
}

async function changed(row: DashboardRow | undefined) {
  if (!row) throw new HttpError(404, 'Dashboard not found');
  return toRecord(row);
}

/** Saves the whole dashboard (PUT dashboard/{id}); the name follows its name unless that is blank. */
export async function saveDashboard(db: Queryable, session: SessionRow, encoded: string, content: DashboardModel) {
  const name = content.name.trim() || undefined;
  return changed(await updateDashboard(db, session.user_id, idOf(encoded), { name, content }));
}

export async function renameDashboard(db: Queryable, session: SessionRow, encoded: string, name: string) {
  const id = idOf(encoded);
  const row = await findDashboard(db, session.user_id, id);
  if (!row) throw new HttpError(404, 'Dashboard not found');
  const content = row.content ? { ...row.content, name } : row.content;
  return changed(await updateDashboard(db, session.user_id, id, { name, content }));
}

export async function setDashboardFilter(db: Queryable, session: SessionRow, encoded: string, filter: FilterSettings) {
  return changed(await updateDashboard(db, session.user_id, idOf(encoded), { filter }));
}

export async function removeDashboard(db: Queryable, session: SessionRow, encoded: string) {
  if (!(await deleteDashboard(db, session.user_id, idOf(encoded)))) throw new HttpError(404, 'Dashboard not found');
  return { success: true };
}

/** The built-in dashboards as templates, named by their translation keys. */
export const dashboardTemplates = () =>
  BUILTIN_KEYS.map((key) => ({ id: key as string, name: builtinNameKey(key), content: builtinDashboard(key) }));

export const widgetList = () => [...WIDGET_CATALOGUE];
