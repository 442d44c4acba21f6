import type { Access, Profile } from '@fieldwatch/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from './user.ts';

const access = (ids: number[], parking: number[] = []): Access => ({
  Username: 'u',
  Customers: ids.map((id) => ({
    CustomerID: id,
    CustomerName: `C${id}`,
    ParentCustomerID: null,
    RoleID: 1,
    CustomerRights: parking.includes(id) ? [{ Widget: 3 }] : [],
  })),
});
const profile = { username: 'u', language: 'en', notification: { email: true, desktop: false } } as Profile;

beforeEach(() => {
  localStorage.clear();
  useUserStore.setState({ permissions: null, selectedCustomers: [], accessResponse: null, themeMode: 'Dark' });
});

describe('user store', () => {
  it('defaults to the Dark theme, English, no customers and desktop notifications on', () => {
    const s = useUserStore.getState();
    expect([s.themeMode, s.activeLanguage, s.selectedCustomers, s.notifications]).toEqual([
      'Dark',
      'en',
      [],
      { desktop: true, email: false },
    ]);
  });

  it("takes the notification choices of the user's profile at sign-in", () => {
    useUserStore.getState().signedIn(access([1]), profile);
    expect(useUserStore.getState().notifications).toEqual({ email: true, desktop: false });
  });

  it('builds permissions from the first login access only', () => {
    useUserStore.getState().signedIn(access([1, 2], [2]), profile);
    expect(useUserStore.getState().permissions).toEqual({ gis: [], parking: [2] });
    useUserStore.getState().signedIn(access([1, 2], [1]), profile);
    expect(useUserStore.getState().permissions).toEqual({ gis: [], parking: [2] });
  });

  it('toggles customers by CustomerID and persists the selection', () => {
    useUserStore.getState().signedIn(access([1, 2, 3]), profile);
    useUserStore.getState().toggleCustomer(2);
    expect(useUserStore.getState().selectedCustomers).toEqual([{ CustomerID: 1 }, { CustomerID: 3 }]);
    useUserStore.getState().toggleCustomer(2);
    expect(useUserStore.getState().selectedCustomers.map((c) => c.CustomerID)).toEqual([1, 3, 2]);
    expect(localStorage.getItem('fieldwatch.user')).toContain('"selectedCustomers"');
  });

  it('clears the signed-in state but keeps theme and language', () => {
    useUserStore.getState().signedIn(access([1]), profile);
    useUserStore.getState().toggleTheme();
    useUserStore.getState().clear();
    const s = useUserStore.getState();
    expect(s.accessResponse).toBeNull();
    expect(s.permissions).toBeNull();
    expect(s.themeMode).toBe('Bright');
  });
});
