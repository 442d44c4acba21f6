import { type Static, Type } from '@sinclair/typebox';
import { CONTAINER_ID_PATTERN, CONTAINER_TYPES } from '../containers/containers.ts';

/** The container calls (/api/v3/containers): groups and locations, stored per organization. */
export const ContainerId = Type.String({ pattern: CONTAINER_ID_PATTERN, description: '10 letters and digits' });
const UnitTarget = Type.String({ pattern: '^[1-9]\\d{0,9}$', description: 'a unit id' });

const ContainerReference = Type.Union([
  Type.Object({ name: Type.String({ maxLength: 200 }), type: Type.Literal('unit'), target: UnitTarget }),
  Type.Object({ name: Type.String({ maxLength: 200 }), type: Type.Literal('location'), target: ContainerId }),
]);

export const ContainerTypeSchema = Type.Union(CONTAINER_TYPES.map((t) => Type.Literal(t)));

export const ContainerView = Type.Object({
  id: ContainerId,
  type: ContainerTypeSchema,
  organization: Type.Integer(),
  name: Type.String(),
  content: Type.Array(ContainerReference),
  /** Groups only: the numeric id of the same group in the v2 group calls (devices/updateGroup). */
  groupId: Type.Optional(Type.Integer()),
});
export type ContainerView = Static<typeof ContainerView>;

/** The name is checked by the service so that a blank one answers the spec's 'Missing parameters'. */
const Name = Type.String({ maxLength: 100 });

export const ContainerListQuery = Type.Object({
  type: Type.Optional(ContainerTypeSchema),
  use_context: Type.Optional(Type.Boolean()),
});
export const NewContainer = Type.Object({
  type: ContainerTypeSchema,
  organization: Type.Integer({ minimum: 1 }),
  name: Name,
});
export type NewContainer = Static<typeof NewContainer>;
export const ContainerIdParam = Type.Object({ id: ContainerId });
export const ContainerUpdate = Type.Object({
  name: Type.Optional(Name),
  /** Groups: the locations they hold (location references). Units are set with devices/updateGroup. */
  locations: Type.Optional(Type.Array(ContainerId, { maxItems: 4000, uniqueItems: true })),
});
export type ContainerUpdate = Static<typeof ContainerUpdate>;
export const ContainerUnitsBody = Type.Object({
  units: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 4000 }),
});
export const GroupImportBody = Type.Object({
  customerId: Type.Optional(Type.Integer({ minimum: 1 })),
  groupName: Type.Optional(Type.String({ maxLength: 100 })),
});
export const GroupImportResult = Type.Object({
  groups: Type.Array(ContainerView),
  locations: Type.Array(ContainerView),
});
export type GroupImportResult = Static<typeof GroupImportResult>;
