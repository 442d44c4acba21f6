import type { Queryable } from '../../db/db.ts';

/** NFC tags of units (migration 009). */
export type TagRow = { tag_uuid: string; unit_id: number | null; template: number; restriction: number };

const columns = 'tag_uuid, unit_id, template, restriction';

export async function tagOfUnit(db: Queryable, unitId: number): Promise<TagRow | undefined> {
  const rows = await db.query<TagRow>(`select ${columns} from nfc_tags where unit_id = $1`, [unitId]);
  return rows[0];
}

export async function findTag(db: Queryable, uuid: string): Promise<TagRow | undefined> {
  const rows = await db.query<TagRow>(`select ${columns} from nfc_tags where tag_uuid = $1`, [uuid]);
  return rows[0];
}

/** A new tag for the unit, or the one it has (a unit carries one tag). */
export async function insertTag(db: Queryable, uuid: string, unitId: number): Promise<TagRow> {
  await db.query('insert into nfc_tags (tag_uuid, unit_id) values ($1, $2) on conflict (unit_id) do nothing', [
    uuid,
    unitId,
  ]);
  const row = await tagOfUnit(db, unitId);
  if (!row) throw new Error('insert into nfc_tags returned nothing');
  return row;
}

export async function setTagField(db: Queryable, uuid: string, field: 'template' | 'restriction', value: number) {
  const rows = await db.query<TagRow>(`update nfc_tags set ${field} = $2 where tag_uuid = $1 returning ${columns}`, [
    uuid,
    value,
  ]);
  return rows[0];
}

/** The tags of the units of these organizations, with the unit's name and serial (for printing labels). */
export async function tagsOfOrganizations(db: Queryable, organizationIds: readonly number[]) {
  return db.query<{ tag_uuid: string; unit_id: number; unit_name: string; serial: string }>(
    `select t.tag_uuid, u.id as unit_id, u.unit_name, u.serial from nfc_tags t join units u on u.id = t.unit_id
     where u.organization_id = any($1::int[]) order by u.unit_name, u.id`,
    [organizationIds],
  );
}
