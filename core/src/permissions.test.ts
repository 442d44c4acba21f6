import { describe, expect, it } from 'vitest';
import type { Access } from './contract/auth.ts';
import { buildPermissions, canShowParking, gisCustomers, isAdministrator } from './permissions.ts';

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
});
