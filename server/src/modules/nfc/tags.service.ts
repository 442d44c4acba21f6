import { randomUUID } from 'node:crypto';
import { BUILTIN_KEYS, type TagView } from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import { HttpError } from '../../http.ts';
import { NO_AUTHORITY } from '../../plugins/envelopes.ts';

import type { SessionRow } from '../auth/auth.service.ts';
import { deviceScope, findUnit } from '../devices/devices.service.ts';
import { scopeOrganizations } from '../organizations/organizations.service.ts';
import * as tagsRepository from './tags.repository.ts';
import { findTag, setTagField, type TagRow, tagOfUnit, tagsOfOrganizations } from './tags.repository.ts';

/**
 * A tag's template is the built-in dashboard (1-based in BUILTIN_KEYS) a customer onboarded through
 * it lands on; its restriction binds it to an organization (its id) or disables it (0). -1 is "none".
 */
export const NONE = -1;

const view = (t: TagRow): TagView => ({
  tag_uuid: t.tag_uuid,
  template: t.template,
  restriction: t.restriction,
  unit: t.unit_id,
});

/** The tag of a unit the user sees, when it has one. */
async function visibleTagOfUnit(db: Queryable, session: SessionRow, unitId: number) {
  const unit = await findUnit(db, unitId, await scopeOrganizations(db, session));
  if (!unit) throw new HttpError(404, NO_AUTHORITY);
  return { unit, tag: await tagOfUnit(db, unit.id) };
}

/** GET tag?unit=: the unit's tag uuid, or an empty string when it has none. */
export async function tagUuidOfUnit(db: Queryable, session: SessionRow, unitId: number): Promise<string> {
  return (await visibleTagOfUnit(db, session, unitId)).tag?.tag_uuid ?? '';
}

/** A tag whose unit the user sees; `manage` also needs the device manage capability (SuperUsers). */
async function tagOf(db: Queryable, session: SessionRow, uuid: string, manage: boolean) {
  const tag = await findTag(db, uuid);
  const scope = await deviceScope(db, session);
  const unit = tag?.unit_id ? await findUnit(db, tag.unit_id, scope.visible) : undefined;
  if (!tag || !unit) return undefined;
  if (manage && !scope.manageable.includes(unit.organization_id)) throw new HttpError(403, NO_AUTHORITY);
  return { tag, scope };
}

/** GET tag/{uuid}/template and /restriction: the value, or -1 without data. */
export async function tagField(db: Queryable, session: SessionRow, uuid: string, field: 'template' | 'restriction') {
  return (await tagOf(db, session, uuid, false))?.tag[field] ?? NONE;
}

/** PUT tag/{uuid}/template?id= and /restriction?id= (SuperUsers of the unit's organization). */
export async function setTag(
  db: Queryable,
  session: SessionRow,
  uuid: string,
  field: 'template' | 'restriction',
  value: number,
): Promise<TagView> {
  const found = await tagOf(db, session, uuid, true);
  if (!found) throw new HttpError(404, 'Tag not found');
  if (field === 'template' && value !== NONE && (value < 1 || value > BUILTIN_KEYS.length)) {
    throw new HttpError(400, `id: a template is -1 or a dashboard 1 to ${BUILTIN_KEYS.length}`);
  }
  if (field === 'restriction' && value > 0 && !found.scope.visible.includes(value)) {
    throw new HttpError(404, 'Organisation not found');
  }
  const row = await setTagField(db, uuid, field, value);
  if (!row) throw new HttpError(404, 'Tag not found');
  return view(row);
}

/** POST tag?unit=: gives the unit a tag with a random uuid (or answers the one it has). */
export async function createTag(db: Queryable, session: SessionRow, unitId: number): Promise<TagView> {
  const scope = await deviceScope(db, session);
  const unit = await findUnit(db, unitId, scope.visible);
  if (!unit) throw new HttpError(404, NO_AUTHORITY);
  if (!scope.manageable.includes(unit.organization_id)) throw new HttpError(403, NO_AUTHORITY);
  return view(await insertTag(db, randomUUID(), unit.id));
}

/** Every tag of the units the user may configure: what an administrator prints or exports as labels. */
export async function tagList(db: Queryable, session: SessionRow) {
  const scope = await deviceScope(db, session);
  return (await tagsOfOrganizations(db, scope.manageable)).map((t) => ({
    tag_uuid: t.tag_uuid,
    unit: t.unit_id,
    name: t.unit_name,
    serial: t.serial,
  }));
}

// The stored rows other modules read and write, through this service only.
export function insertTag(db: Queryable, uuid: string, unitId: number) {
  return tagsRepository.insertTag(db, uuid, unitId);
}

/** The tags of an organization's units, in the order of the units' ids. */
export async function tagsOfOrganization(db: Queryable, organizationId: number) {
  return (await tagsOfOrganizations(db, [organizationId])).sort((a, b) => a.unit_id - b.unit_id);
}
