import type { Queryable } from '../../db/db.ts';

/** A tag with its unit and whether the unit waits in stock. */
export type TagUnitRow = {
  tag_uuid: string;
  restriction: number;
  template: number;
  activated_at: Date | null;
  config: Record<string, unknown> | null;
  unit_id: number | null;
  organization_id: number | null;
  unit_name: string | null;
  unit_type: number | null;
  serial: string | null;
  gps_lat: number | null;
  gps_long: number | null;
  unit_location: string | null;
  in_stock: boolean;
};

export async function findTagWithUnit(db: Queryable, uuid: string): Promise<TagUnitRow | undefined> {
  const [row] = await db.query<TagUnitRow>(
    `select t.tag_uuid, t.restriction, t.template, t.activated_at, t.config, u.id as unit_id, u.organization_id,
       u.unit_name, u.unit_type, u.serial, u.gps_lat, u.gps_long, u.unit_location, coalesce(o.stock, false) as in_stock
     from nfc_tags t left join units u on u.id = t.unit_id left join organizations o on o.id = u.organization_id
     where t.tag_uuid = $1`,
    [uuid],
  );
  return row;
}

export async function insertActivationCode(
  db: Queryable,
  c: { codeHash: string; tagUuid: string; userId: number; expiresAt: Date },
) {
  await db.query('insert into activation_codes (code_hash, tag_uuid, user_id, expires_at) values ($1, $2, $3, $4)', [
    c.codeHash,
    c.tagUuid,
    c.userId,
    c.expiresAt,
  ]);
}

/** Spends a code once, for its tag and user only; of two concurrent uses one wins. */
export async function consumeActivationCode(db: Queryable, codeHash: string, tagUuid: string, userId: number) {
  const rows = await db.query(
    `update activation_codes set used_at = now()
     where code_hash = $1 and tag_uuid = $2 and user_id = $3 and used_at is null and expires_at > now()
     returning 1`,
    [codeHash, tagUuid, userId],
  );
  return rows.length > 0;
}

/** Moves a stock unit into the organization with its place; nothing happens to a unit no longer in stock. */
export async function claimUnit(
  db: Queryable,
  u: { unitId: number; organizationId: number; position: [number, number] | null; location: string; name?: string },
): Promise<boolean> {
  const rows = await db.query(
    `update units set organization_id = $2, gps_lat = $3, gps_long = $4, unit_location = $5,
       unit_name = coalesce($6, unit_name)
     where id = $1 and organization_id in (select id from organizations where stock)
     returning id`,
    [u.unitId, u.organizationId, u.position?.[0] ?? null, u.position?.[1] ?? null, u.location, u.name ?? null],
  );
  return rows.length > 0;
}

export async function markTagActivated(db: Queryable, uuid: string, userId: number, config: Record<string, unknown>) {
  await db.query('update nfc_tags set activated_at = now(), activated_by = $2, config = $3 where tag_uuid = $1', [
    uuid,
    userId,
    JSON.stringify(config),
  ]);
}

export async function recordAttempt(db: Queryable, address: string, kind: string) {
  await db.query('insert into onboarding_attempts (address, kind) values ($1, $2)', [address, kind]);
}

export async function countAttempts(db: Queryable, address: string, kind: string, minutes: number) {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from onboarding_attempts
     where address = $1 and kind = $2 and at > now() - make_interval(mins => $3)`,
    [address, kind, minutes],
  );
  return row?.n ?? 0;
}

export async function setTermsAccepted(db: Queryable, userId: number, version: string) {
  await db.query('update users set terms_version = $2, terms_accepted_at = now() where id = $1', [userId, version]);
}
