import { type AccessLevel, type Action, can, type Resource } from '@fieldwatch/core';

/** An organization the caller sees, with the role that reaches them there (their own or inherited from above). */
type Reached = { id: number; role_id: AccessLevel };

/**
 * The one access decision: whether the caller's role in the organization grants the capability
 * (core's role × capability table). An organization they do not see grants nothing.
 */
export function hasAccess(
  reached: readonly Reached[],
  organizationId: number,
  action: Action,
  resource: Resource,
): boolean {
  const org = reached.find((o) => o.id === organizationId);
  return org !== undefined && can(org.role_id, action, resource);
}

/** The organizations among `ids` where the caller's role grants the capability. */
export const withAccess = (
  reached: readonly Reached[],
  action: Action,
  resource: Resource,
  ids: readonly number[] = reached.map((o) => o.id),
) => ids.filter((id) => hasAccess(reached, id, action, resource));

/** Throws `refusal` unless the caller's role in the organization grants the capability. */
export function requireAccess(
  reached: readonly Reached[],
  organizationId: number,
  action: Action,
  resource: Resource,
  refusal: () => Error,
) {
  if (!hasAccess(reached, organizationId, action, resource)) throw refusal();
}
