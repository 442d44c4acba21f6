import {
  type AccessLevel,
  type Action,
  type Customer,
  can,
  type OrganizationSummary,
  type Resource,
} from '@fieldwatch/core';
import type { Queryable } from '../../db/db.ts';
import { type VisibleOrganizationRow, visibleOrganizations } from './organisations.repository.ts';

export * from './organisations.repository.ts';
export * from './scope.ts';

export function toSummary(o: VisibleOrganizationRow): OrganizationSummary {
  return { id: o.id, name: o.name, parentOrganizationId: o.parent_organization_id, roleId: o.role_id };
}

export function toCustomer(o: VisibleOrganizationRow): Customer {
  return {
    CustomerID: o.id,
    CustomerName: o.name,
    ParentCustomerID: o.parent_organization_id,
    RoleID: o.role_id,
    CustomerRights: o.rights.map((Widget) => ({ Widget })),
  };
}

/** Organisations where the user may perform action on resource (optionally one organisation). */
export async function authorizedOrganizations(
  db: Queryable,
  userId: number,
  action: Action,
  resource: Resource,
  item?: number,
): Promise<OrganizationSummary[]> {
  const orgs = await visibleOrganizations(db, userId);
  return orgs
    .filter((o) => (item === undefined || o.id === item) && can(o.role_id as AccessLevel, action, resource))
    .map(toSummary);
}
