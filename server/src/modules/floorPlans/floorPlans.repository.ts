import type { Queryable } from '../../db/db.ts';

export type FloorPlanRow = {
  id: number;
  organization_id: number;
  name: string;
  sort_order: number;
  content_type: string;
  width: number;
  height: number;
  size: number;
  sha256: string;
  uploaded_at: Date | string;
};

const COLUMNS = 'id, organization_id, name, sort_order, content_type, width, height, size, sha256, uploaded_at';

/** The plans of an organization, without their bytes, in floor order. */
export async function listPlans(db: Queryable, organizationId: number): Promise<FloorPlanRow[]> {
  return db.query<FloorPlanRow>(
    `select ${COLUMNS} from floor_plans where organization_id = $1 order by sort_order, id`,
    [organizationId],
  );
}

export async function findPlan(db: Queryable, organizationId: number, id: number): Promise<FloorPlanRow | undefined> {
  const [row] = await db.query<FloorPlanRow>(
    `select ${COLUMNS} from floor_plans where organization_id = $1 and id = $2`,
    [organizationId, id],
  );
  return row;
}

export async function planBytes(
  db: Queryable,
  organizationId: number,
  id: number,
): Promise<{ content_type: string; sha256: string; data: Uint8Array } | undefined> {
  const [row] = await db.query<{ content_type: string; sha256: string; data: Uint8Array }>(
    'select content_type, sha256, data from floor_plans where organization_id = $1 and id = $2',
    [organizationId, id],
  );
  return row;
}

export async function countPlans(db: Queryable, organizationId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from floor_plans where organization_id = $1', [
    organizationId,
  ]);
  return row?.n ?? 0;
}

type NewPlan = {
  organizationId: number;
  name: string;
  order: number | undefined;
  contentType: string;
  width: number;
  height: number;
  sha256: string;
  data: Buffer;
  uploadedBy: number | null;
};

/** Stores a plan; without an order it goes after the organization's last one. */
export async function insertPlan(db: Queryable, p: NewPlan): Promise<FloorPlanRow> {
  const [row] = await db.query<FloorPlanRow>(
    `insert into floor_plans (organization_id, name, sort_order, content_type, width, height, size, sha256, data, uploaded_by)
     values ($1, $2, coalesce($3::int, (select coalesce(max(sort_order) + 1, 0) from floor_plans where organization_id = $1)),
             $4, $5, $6, $7, $8, $9, $10)
     returning ${COLUMNS}`,
    [
      p.organizationId,
      p.name,
      p.order ?? null,
      p.contentType,
      p.width,
      p.height,
      p.data.length,
      p.sha256,
      p.data,
      p.uploadedBy,
    ],
  );
  if (!row) throw new Error('insert into floor_plans returned nothing');
  return row;
}

export async function updatePlan(
  db: Queryable,
  organizationId: number,
  id: number,
  change: { name?: string; order?: number },
): Promise<FloorPlanRow | undefined> {
  const [row] = await db.query<FloorPlanRow>(
    `update floor_plans set name = coalesce($3, name), sort_order = coalesce($4::int, sort_order)
     where organization_id = $1 and id = $2 returning ${COLUMNS}`,
    [organizationId, id, change.name ?? null, change.order ?? null],
  );
  return row;
}

/** Which of the ids are plans of the organization. */
export async function existingPlanIds(
  db: Queryable,
  organizationId: number,
  ids: readonly number[],
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'select id from floor_plans where organization_id = $1 and id = any($2::int[]) order by id',
    [organizationId, ids],
  );
  return rows.map((r) => r.id);
}

export async function deletePlans(db: Queryable, organizationId: number, ids: readonly number[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    'delete from floor_plans where organization_id = $1 and id = any($2::int[]) returning id',
    [organizationId, ids],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export type PlacementRow = { plan_id: number; unit_id: number; x: number; y: number; unit_name: string };

/** The placements on the organization's plans (one plan when given) of units in `unitOrgs`. */
export async function listPlacements(
  db: Queryable,
  organizationId: number,
  planId: number | null,
  unitOrgs: readonly number[],
): Promise<PlacementRow[]> {
  return db.query<PlacementRow>(
    `select p.plan_id, p.unit_id, p.x, p.y, u.unit_name
     from floor_plan_placements p
     join floor_plans f on f.id = p.plan_id
     join units u on u.id = p.unit_id
     where f.organization_id = $1 and ($2::int is null or p.plan_id = $2::int) and u.organization_id = any($3::int[])
     order by p.plan_id, u.unit_name, p.unit_id`,
    [organizationId, planId, unitOrgs],
  );
}

/** Units among `ids` that belong to one of `organizationIds`. */
export async function unitsIn(db: Queryable, ids: readonly number[], organizationIds: readonly number[]) {
  const rows = await db.query<{ id: number }>(
    'select id from units where id = any($1::int[]) and organization_id = any($2::int[])',
    [ids, organizationIds],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Replaces the placements of a plan. Units placed here leave any other plan; units of the plan the
 * caller cannot see (`keepOrgs` excludes them) stay where they are.
 */
export async function replacePlacements(
  db: Queryable,
  planId: number,
  placements: readonly { unitId: number; x: number; y: number }[],
  visibleOrgs: readonly number[],
) {
  await db.query(
    `delete from floor_plan_placements p using units u
     where p.unit_id = u.id and u.organization_id = any($3::int[]) and (p.plan_id = $1 or p.unit_id = any($2::int[]))`,
    [planId, placements.map((p) => p.unitId), visibleOrgs],
  );
  if (placements.length === 0) return;
  await db.query(
    `insert into floor_plan_placements (unit_id, plan_id, x, y)
     select u, $1, x, y from unnest($2::int[], $3::float8[], $4::float8[]) as t(u, x, y)`,
    [planId, placements.map((p) => p.unitId), placements.map((p) => p.x), placements.map((p) => p.y)],
  );
}

export type LatestRow = { unit_id: number; series: number; value: number; ts: Date | string };

/** The newest sample of each of `series` for each unit (an index range scan per pair). */
export async function latestSamples(
  db: Queryable,
  unitIds: readonly number[],
  series: readonly number[],
): Promise<LatestRow[]> {
  if (unitIds.length === 0) return [];
  return db.query<LatestRow>(
    `select unit_id, series, value, ts from latest_samples
     where unit_id = any($1) and series = any($2::smallint[])`,
    [unitIds, series],
  );
}

/** Locks the organization's row until the transaction ends: its floor plan changes then happen one at a time. */
export async function lockOrganizationPlans(tx: Queryable, organizationId: number) {
  await tx.query('select id from organizations where id = $1 for update', [organizationId]);
}
