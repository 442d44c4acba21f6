import type { Access, Customer } from './contract/auth.ts';
import { WidgetRight } from './roles.ts';

/** Client permissions: the customers holding the GIS and the Parking widget right. */
export type Permissions = { gis: number[]; parking: number[] };

const holding = (access: Access, right: number) =>
  access.Customers.filter((c) => c.CustomerRights.some((r) => r.Widget === right)).map((c) => c.CustomerID);

export function buildPermissions(access: Access): Permissions {
  return { gis: holding(access, WidgetRight.TyrensGIS), parking: holding(access, WidgetRight.Parking) };
}

/** The parking view and dashboard appear only if a selected customer has parking. */
export function canShowParking(selected: readonly Pick<Customer, 'CustomerID'>[], permissions: Permissions): boolean {
  return selected.some((c) => permissions.parking.includes(c.CustomerID));
}

/** The GIS list is limited to the selected customers. */
export function gisCustomers(selected: readonly Pick<Customer, 'CustomerID'>[], permissions: Permissions): number[] {
  return selected.map((c) => c.CustomerID).filter((id) => permissions.gis.includes(id));
}

/** Administration is offered to a SuperUser of at least one organization. */
export function isAdministrator(access: Access): boolean {
  return access.Customers.some((c) => c.RoleID === 0);
}

/**
 * The platform's administrator: a SuperUser of the root organization (the one without a parent), who
 * alone sees the error reports. A hint for the screens; the server decides (admin.service).
 */
export function isPlatformAdministrator(access: Access): boolean {
  return access.Customers.some((c) => c.RoleID === 0 && c.ParentCustomerID === null);
}
