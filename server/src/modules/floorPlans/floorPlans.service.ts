import { createHash } from 'node:crypto';
import {
  displayTemperature,
  FLOOR_PLAN_MAX_BYTES,
  FLOOR_PLAN_MAX_PER_ORG,
  type FloorPlan,
  type FloorPlanData,
  type FloorPlanDataBody,
  type FloorPlanType,
  type FloorPlanUpdateBody,
  seriesByColumn,
  seriesById,
  TEMPERATURE_PRIORITY,
} from '@fieldwatch/core';
import type { Db, Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import { ImageRejected, sniffImage } from '../../uploads/images.ts';
import type { SessionRow } from '../auth/auth.service.ts';
import { hasAccess, reachedOrganizations } from '../organizations/organizations.service.ts';
import {
  countPlans,
  deletePlans,
  existingPlanIds,
  type FloorPlanRow,
  findPlan,
  insertPlan,
  latestSamples,
  listPlacements,
  listPlans,
  lockOrganizationPlans,
  planBytes,
  replacePlacements,
  unitsIn,
  updatePlan,
} from './floorPlans.repository.ts';
import { looksLikeMarkup, sanitizeSvg } from './svgSanitizer.ts';

export const API = '/api/v3/user/organization';

/** The caller's standing on an organization: 404 when they cannot see it (like one that does not exist). */
type OrgAccess = { organizationId: number; writable: boolean; visible: number[]; subtree: number[] };

async function orgAccess(db: Queryable, session: SessionRow, organizationId: number): Promise<OrgAccess> {
  const visible = await reachedOrganizations(db, session);
  if (!visible.some((o) => o.id === organizationId)) throw new HttpError(404, 'Organisation not found');
  // The organization and its descendants: the units that may be placed on its plans.
  const subtree = new Set([organizationId]);
  for (const o of visible)
    if (o.parent_organization_id !== null && subtree.has(o.parent_organization_id)) subtree.add(o.id);
  return {
    organizationId,
    writable: hasAccess(visible, organizationId, 'write', 'device'),
    visible: visible.map((o) => o.id),
    subtree: [...subtree],
  };
}

/** SuperUsers and Users of the organization change plans and placements; Readers only look (403). */
async function writableOrg(db: Queryable, session: SessionRow, organizationId: number) {
  const access = await orgAccess(db, session, organizationId);
  if (!access.writable) throw new HttpError(403, 'Your role may not change the floor plans of this organisation');
  return access;
}

export function toFloorPlan(row: FloorPlanRow): FloorPlan {
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    order: row.sort_order,
    contentType: row.content_type as FloorPlanType,
    size: row.size,
    width: row.width,
    height: row.height,
    url: `${API}/${row.organization_id}/floor-plan/${row.id}?v=${row.sha256.slice(0, 16)}`,
    uploadedAt: new Date(row.uploaded_at).toISOString(),
  };
}

export async function floorPlans(db: Db, session: SessionRow, organizationId: number): Promise<FloorPlan[]> {
  await orgAccess(db, session, organizationId);
  return (await listPlans(db, organizationId)).map(toFloorPlan);
}

export async function floorPlanImage(db: Db, session: SessionRow, organizationId: number, planId: number) {
  await orgAccess(db, session, organizationId);
  const row = await planBytes(db, organizationId, planId);
  if (!row) throw new HttpError(404, 'Floor plan not found');
  const data = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
  return { contentType: row.content_type, etag: `"${row.sha256}"`, data };
}

export type Upload = { data: Buffer; name?: string; order?: number; filename?: string };

/** The image as stored: an SVG cleaned by the sanitiser, a raster image (or anything else, which sniffImage refuses) as it came. */
const cleanImage = (data: Buffer) => (looksLikeMarkup(data) ? sanitizeSvg(data) : Promise.resolve(data));

/** A name from the file name: without folder and extension, tidy, at most 120 characters. */
function nameFrom(upload: Upload): string {
  const given = upload.name?.trim();
  if (given) return given.slice(0, 120);
  const file = (upload.filename ?? '').split(/[\\/]/).pop() ?? '';
  const stem = file
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/[_]+/g, ' ')
    .trim();
  return (stem || 'Floor plan').slice(0, 120);
}

export async function uploadFloorPlan(db: Db, session: SessionRow, organizationId: number, upload: Upload) {
  await writableOrg(db, session, organizationId);
  if (upload.data.length === 0) throw new HttpError(400, "The 'file' field is empty");
  if (upload.data.length > FLOOR_PLAN_MAX_BYTES) {
    throw new HttpError(413, `Floor plans may be at most ${FLOOR_PLAN_MAX_BYTES / 1024 / 1024} MB`);
  }
  let data: Buffer;
  let image: ReturnType<typeof sniffImage>;
  try {
    data = await cleanImage(upload.data);
    image = sniffImage(data);
  } catch (e) {
    if (e instanceof ImageRejected) throw new HttpError(415, e.message);
    throw e;
  }
  return db.transaction(async (tx) => {
    // Serialises uploads of one organization so the limit holds.
    await lockOrganizationPlans(tx, organizationId);
    if ((await countPlans(tx, organizationId)) >= FLOOR_PLAN_MAX_PER_ORG) {
      throw new HttpError(409, `An organisation may have at most ${FLOOR_PLAN_MAX_PER_ORG} floor plans`);
    }
    const row = await insertPlan(tx, {
      organizationId,
      name: nameFrom(upload),
      order: upload.order,
      contentType: image.type,
      width: image.width,
      height: image.height,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
      uploadedBy: session.user_id,
    });
    return toFloorPlan(row);
  });
}

export async function changeFloorPlan(
  db: Db,
  session: SessionRow,
  organizationId: number,
  planId: number,
  change: FloorPlanUpdateBody,
) {
  await writableOrg(db, session, organizationId);
  const row = await updatePlan(db, organizationId, planId, { name: change.name?.trim(), order: change.order });
  if (!row) throw new HttpError(404, 'Floor plan not found');
  return toFloorPlan(row);
}

/** Deletes all the given plans or, when one is not the organization's, none (404). */
export async function removeFloorPlans(db: Db, session: SessionRow, organizationId: number, ids: readonly number[]) {
  await writableOrg(db, session, organizationId);
  const wanted = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = new Set(await existingPlanIds(tx, organizationId, wanted));
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length > 0) throw new HttpError(404, `Floor plan ${missing.join(', ')} not found`);
    return { success: true, deleted: await deletePlans(tx, organizationId, wanted) };
  });
}

/** The series a placement shows: every temperature the display priority picks from, and humidity. */
const VALUE_SERIES = [...TEMPERATURE_PRIORITY, 'Humidity'].flatMap((c) => seriesByColumn(c)?.id ?? []);

/** The placements of the organization's plans (or one plan) with each unit's latest temperature and humidity. */
export async function floorPlanData(
  db: Db,
  session: SessionRow,
  organizationId: number,
  planId?: number,
): Promise<FloorPlanData> {
  const access = await orgAccess(db, session, organizationId);
  if (planId !== undefined && !(await findPlan(db, organizationId, planId))) {
    throw new HttpError(404, 'Floor plan not found');
  }
  const rows = await listPlacements(db, organizationId, planId ?? null, access.visible);
  const latest = new Map<number, { values: Record<string, number>; at: number }>();
  for (const s of await latestSamples(
    db,
    rows.map((r) => r.unit_id),
    VALUE_SERIES,
  )) {
    const column = seriesById(s.series)?.column;
    if (!column) continue;
    const entry = latest.get(s.unit_id) ?? { values: {}, at: 0 };
    entry.values[column] = s.value;
    entry.at = Math.max(entry.at, new Date(s.ts).getTime());
    latest.set(s.unit_id, entry);
  }
  return {
    organizationId,
    editable: access.writable,
    placements: rows.map((r) => {
      const l = latest.get(r.unit_id);
      return {
        planId: r.plan_id,
        unitId: r.unit_id,
        x: r.x,
        y: r.y,
        unitName: r.unit_name,
        temperature: (l && displayTemperature(l.values)) ?? null,
        humidity: l?.values.Humidity ?? null,
        lastReport: l?.at ? new Date(l.at).toISOString() : null,
      };
    }),
  };
}

/** Saves a plan's placements (all of them); the units must be the organization's (or its descendants'). */
export async function saveFloorPlanData(
  db: Db,
  session: SessionRow,
  organizationId: number,
  body: FloorPlanDataBody,
): Promise<FloorPlanData> {
  const access = await writableOrg(db, session, organizationId);
  if (!(await findPlan(db, organizationId, body.planId))) throw new HttpError(404, 'Floor plan not found');
  const ids = body.placements.map((p) => p.unitId);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate !== undefined) throw new HttpError(400, `placements: unit ${duplicate} is placed twice`);
  const known = await unitsIn(db, ids, access.subtree);
  const foreign = ids.filter((id) => !known.has(id));
  if (foreign.length > 0) {
    throw new HttpError(400, `placements: unit ${foreign.join(', ')} is not a unit of this organisation`);
  }
  await db.transaction((tx) => replacePlacements(tx, body.planId, body.placements, access.visible));
  return floorPlanData(db, session, organizationId, body.planId);
}

/**
 * Stores plans with their placements for an organization that has none yet (the demo seed; later
 * starts change nothing, and clean no image). The images go through the same checks as an upload.
 */
export async function seedFloorPlans(
  db: Db,
  organizationId: number,
  floors: readonly { name: string; data: Buffer; placements: { unitId: number; x: number; y: number }[] }[],
): Promise<boolean> {
  if ((await countPlans(db, organizationId)) > 0) return false;
  const cleaned = await Promise.all(floors.map(async (f) => ({ ...f, data: await cleanImage(f.data) })));
  return db.transaction(async (tx) => {
    await lockOrganizationPlans(tx, organizationId);
    if ((await countPlans(tx, organizationId)) > 0) return false;
    for (const [order, f] of cleaned.entries()) {
      const image = sniffImage(f.data);
      const row = await insertPlan(tx, {
        organizationId,
        name: f.name,
        order,
        contentType: image.type,
        width: image.width,
        height: image.height,
        sha256: createHash('sha256').update(f.data).digest('hex'),
        data: f.data,
        uploadedBy: null,
      });
      await replacePlacements(tx, row.id, f.placements, [organizationId]);
    }
    return true;
  });
}
