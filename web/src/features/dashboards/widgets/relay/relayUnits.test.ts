import { describe, expect, it } from 'vitest';
import { isRelayUnit, maySwitch } from './relayUnits.ts';

describe('relay units', () => {
  it('knows relay units by type (243, DNIL)', () => {
    expect(isRelayUnit({ type: { code: 243, name: 'DNIL' } })).toBe(true);
    expect(isRelayUnit({ type: { code: 25, name: 'X3' } })).toBe(false);
    expect(isRelayUnit({ type: { code: 200, name: 'TH' } })).toBe(false);
  });

  it('lets SuperUsers and Users switch, not Readers nor users without a role on the organisation', () => {
    const customers = [
      { CustomerID: 1, RoleID: 0 },
      { CustomerID: 2, RoleID: 1 },
      { CustomerID: 3, RoleID: 2 },
      { CustomerID: 4, RoleID: 7 },
    ];
    expect(maySwitch(customers, 1)).toBe(true);
    expect(maySwitch(customers, 2)).toBe(true);
    expect(maySwitch(customers, 3)).toBe(false);
    expect(maySwitch(customers, 4)).toBe(false);
    expect(maySwitch(customers, 5)).toBe(false);
  });
});
