import { type AccessLevel, type Customer, can, type Device, RELAY_UNIT_TYPE, unitGroups } from '@fieldwatch/core';

/** A relay unit (type 243, the DNIL relay group). */
export const isRelayUnit = (d: Pick<Device, 'type'>) =>
  d.type.code === RELAY_UNIT_TYPE || unitGroups(d.type.code).includes('relay');

/** Whether the user's role on the unit's organization may operate devices (Readers may not). */
export function maySwitch(customers: readonly Pick<Customer, 'CustomerID' | 'RoleID'>[], organization: number) {
  const role = customers.find((c) => c.CustomerID === organization)?.RoleID;
  return role !== undefined && [0, 1, 2].includes(role) && can(role as AccessLevel, 'write', 'device');
}
