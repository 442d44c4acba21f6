import { describe, expect, it } from 'vitest';
import type { Access } from './contract/auth.ts';
import {
  buildPermissions,
  canShowParking,
  gisCustomers,
  isAdministrator,
  isPlatformAdministrator,
} from './permissions.ts';

const customer = (id: number, rights: number[], role = 1) => ({
  CustomerID: id,
  CustomerName: `C${id}`,
  ParentCustomerID: null,
  RoleID: role,
  CustomerRights: rights.map((Widget) => ({ Widget })),
});
const access: Access = {
  Username: 'u',
  Customers: [customer(1, []), customer(2, [3]), customer(3, [1, 3]), customer(4, [2], 0)],
};

describe('permissions', () => {
  it('lists the customers with the GIS and Parking rights', () => {
    expect(buildPermissions(access)).toEqual({ gis: [3], parking: [2, 3] });
  });
  it('shows parking only when a selected customer has it', () => {
    const p = buildPermissions(access);
    expect(canShowParking([], p)).toBe(false);
    expect(canShowParking([{ CustomerID: 1 }], p)).toBe(false);
    expect(canShowParking([{ CustomerID: 1 }, { CustomerID: 2 }], p)).toBe(true);
  });
  it('limits GIS to the selected customers', () => {
    expect(gisCustomers([{ CustomerID: 2 }, { CustomerID: 3 }], buildPermissions(access))).toEqual([3]);
  });
  it('knows an administrator by a SuperUser role', () => {
    expect(isAdministrator(access)).toBe(true);
    expect(isAdministrator({ Username: 'u', Customers: [customer(1, [])] })).toBe(false);
  });
  it('knows the platform administrator by a SuperUser role on the root (no parent)', () => {
    const root = { ...customer(1, [], 0), ParentCustomerID: null };
    expect(isPlatformAdministrator({ Username: 'u', Customers: [root] })).toBe(true);
    expect(isPlatformAdministrator({ Username: 'u', Customers: [{ ...root, RoleID: 2 }] })).toBe(false);
    expect(isPlatformAdministrator({ Username: 'u', Customers: [{ ...root, ParentCustomerID: 1 }] })).toBe(false);
  });
});
