import type { Db } from '../db/db.ts';
import { seedDemoLocations } from '../modules/containers/containers.service.ts';
import { seedDeviceGroups } from '../modules/devices/groups.service.ts';
import type { UnitDef } from './fleet.ts';

/** What operators call the units of one kind in one town: the names of the demo's unit groups. */
const KIND_NAMES: Record<UnitDef['kind'], string> = {
  pipe: 'district heating network',
  water: 'pump stations',
  meter: 'heat meters',
  climate: 'buildings',
  air: 'indoor air',
  parking: 'parking',
  relay: 'switchgear',
};

type GroupedUnit = { id: number; organizationId: number; def: Pick<UnitDef, 'town' | 'kind'> };

/**
 * Gives every organization of the fleet its unit groups, once: one group per town and kind of unit
 * (e.g. "Luleå district heating network"), the way utilities divide their networks for the
 * group alarm view. Inactive units are members too: they are installed, only not reporting.
 */
export async function seedDemoGroups(db: Db, units: readonly GroupedUnit[]): Promise<number> {
  const byOrg = new Map<number, Map<string, number[]>>();
  for (const u of units) {
    const groups = byOrg.get(u.organizationId) ?? new Map<string, number[]>();
    const name = `${u.def.town} ${KIND_NAMES[u.def.kind]}`;
    groups.set(name, [...(groups.get(name) ?? []), u.id]);
    byOrg.set(u.organizationId, groups);
  }
  let seeded = 0;
  for (const [organizationId, groups] of byOrg) {
    const list = [...groups]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, unitIds]) => ({ name, description: `Demo group: ${name}`, unitIds }));
    if (await seedDeviceGroups(db, organizationId, list)) seeded++;
    // Locations are the units' places (their address), held by the groups the units are in.
    await seedDemoLocations(db, organizationId);
  }
  return seeded;
}
