import { randomUUID } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { moveUnits } from '../modules/devices/devices.service.ts';
import { insertTag, tagsOfOrganization } from '../modules/nfc/tags.service.ts';
import {
  findOrganizationByName,
  insertOrganization,
  rootOrganizationId,
  setStock,
} from '../modules/organizations/organizations.service.ts';
import { ROOT_ORGANIZATION_NAME } from '../modules/users/initialAdmin.ts';
import type { HistoryUnit } from './history.ts';

/** Units waiting for a customer: scanning their tag onboards them. */
export const STOCK_ORGANIZATION_NAME = 'Fieldwatch stock';
/** Smaller fleets (the browser tests' 12 units) keep every unit where it is. */
const MIN_FLEET = 50;

/**
 * Demo NFC tags: the last two reporting pipe monitors wait in the stock organization with a tag
 * each, ready to be claimed by scanning it; the first three placed pipe monitors carry a tag too.
 * Once only; later starts find the stock and answer its units. Returns the stock units' ids.
 */
export async function seedDemoTags(db: Db, units: HistoryUnit[]): Promise<{ stock: Set<number>; tags: string[] }> {
  const existing = await findOrganizationByName(db, STOCK_ORGANIZATION_NAME);
  if (existing !== undefined) {
    const rows = await tagsOfOrganization(db, existing);
    return { stock: new Set(rows.map((r) => r.unit_id)), tags: rows.map((r) => r.tag_uuid) };
  }
  const root = (await findOrganizationByName(db, ROOT_ORGANIZATION_NAME)) ?? (await rootOrganizationId(db));
  const pipes = units.filter((u) => u.def.kind === 'pipe' && !u.def.inactive && u.def.silentFrom === null);
  if (units.length < MIN_FLEET || root === undefined || pipes.length < 5) return { stock: new Set(), tags: [] };
  const waiting = pipes.slice(-2);
  return db.transaction(async (tx) => {
    const stockId = await insertOrganization(tx, STOCK_ORGANIZATION_NAME, root);
    await setStock(tx, stockId, true);
    await moveUnits(
      tx,
      waiting.map((u) => u.id),
      stockId,
    );
    for (const u of waiting) u.organizationId = stockId;
    const tags: string[] = [];
    for (const u of [...waiting, ...pipes.slice(0, 3)]) tags.push((await insertTag(tx, randomUUID(), u.id)).tag_uuid);
    return { stock: new Set(waiting.map((u) => u.id)), tags: tags.slice(0, waiting.length) };
  });
}
