import { GENERATED_ID_LENGTH, generateId } from '../dashboards/model.ts';
import { EventMessages, EventRuleError } from '../events/messages.ts';

/**
 * Containers: groups hold locations (and units), locations hold unit references.
 * Ids are random, 10 characters; the server stores them per organization.
 */
export const CONTAINER_TYPES = ['groups', 'locations'] as const;
export type ContainerType = (typeof CONTAINER_TYPES)[number];

export type ReferenceType = 'unit' | 'location';
export type Reference = { name: string; type: ReferenceType; target: string };
export type Container = { id: string; name: string; content: Reference[] };

export const CONTAINER_ID_LENGTH = GENERATED_ID_LENGTH;
export const CONTAINER_ID_PATTERN = `^[A-Za-z0-9]{${CONTAINER_ID_LENGTH}}$`;

/** A new container; a blank name is refused with 'Missing parameters'. */
export function createContainer(name: string, content: Reference[] = []): Container {
  if (!name?.trim()) throw new EventRuleError(EventMessages.missingParameters);
  return { id: generateId(CONTAINER_ID_LENGTH), name: name.trim(), content };
}

/** A reference needs a name or a target. */
export function createReference(ref: { name?: string; type: ReferenceType; target?: string }): Reference {
  const name = ref.name?.trim() ?? '';
  const target = ref.target?.trim() ?? '';
  if (!name && !target) throw new EventRuleError(EventMessages.missingParameters);
  return { name, type: ref.type, target };
}

/** The ids of the units a location holds. */
export const unitIdsOf = (location: Container): number[] =>
  location.content.filter((r) => r.type === 'unit').map((r) => Number(r.target));

/**
 * A unit's group names: the groups that hold the unit itself or a location holding it,
 * in the order given, each once.
 */
export function unitGroupNames(
  groups: readonly Container[],
  locations: readonly Container[],
  unitId: number,
): string[] {
  const target = String(unitId);
  const holding = new Set(
    locations.filter((l) => l.content.some((r) => r.type === 'unit' && r.target === target)).map((l) => l.id),
  );
  const names = groups
    .filter((g) =>
      g.content.some(
        (r) => (r.type === 'unit' && r.target === target) || (r.type === 'location' && holding.has(r.target)),
      ),
    )
    .map((g) => g.name);
  return [...new Set(names)];
}

/**
 * Moves units into a location: they leave every other location (a unit is in one place). Returns the
 * locations whose content changed, with their new content.
 */
export function moveUnitsToLocation<C extends Container>(
  locations: readonly C[],
  unitIds: readonly number[],
  toId: string,
  nameOf: (unitId: number) => string,
): C[] {
  const moving = new Set(unitIds.map(String));
  const changed: C[] = [];
  for (const l of locations) {
    const kept = l.content.filter((r) => !(r.type === 'unit' && moving.has(r.target)));
    if (l.id === toId) {
      const added = [...moving].map((target) => ({ name: nameOf(Number(target)), type: 'unit' as const, target }));
      changed.push({ ...l, content: [...kept, ...added] });
    } else if (kept.length !== l.content.length) changed.push({ ...l, content: kept });
  }
  return changed;
}
