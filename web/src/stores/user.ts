import { type AccessLevel, type Customer, can } from '@fieldwatch/core';
import { useStore } from 'zustand';
import { type UserActions, type UserState, userStore } from './userState.ts';

export { isSignedIn, type ThemeMode, userStore } from './userState.ts';

type User = UserState & UserActions;

function useUser(): User;
function useUser<T>(selector: (state: User) => T): T;
function useUser<T>(selector?: (state: User) => T) {
  return useStore(userStore, selector ?? ((s: User) => s as T));
}

/** The user state for components: `useUserStore(selector)`, with the store's own functions on it. */
export const useUserStore = Object.assign(useUser, userStore);

/** The customers where the user's role may work tasks (spec roles table of core). */
export const taskWorkCustomers = (customers: readonly Customer[]) =>
  customers.filter((c) => can(c.RoleID as AccessLevel, 'write', 'task'));

/** Whether the user may work tasks somewhere: what the screens offer; the server decides per organization. */
export const useCanWorkTasks = () =>
  useUserStore((s) => taskWorkCustomers(s.accessResponse?.Customers ?? []).length > 0);

/**
 * The user's role in an organization, read from the login access; undefined when they have
 * none there. What the screens offer follows from it with core's `can`; the server decides again.
 */
export const useRoleIn = (organizationId: number | undefined) =>
  useUserStore((s) => s.accessResponse?.Customers.find((c) => c.CustomerID === organizationId)?.RoleID) as
    | AccessLevel
    | undefined;

/** Whether the role may operate devices (write: operations, relay, moves) and configure them (manage: settings). */
export const deviceRights = (role: AccessLevel | undefined) => ({
  operate: role !== undefined && can(role, 'write', 'device'),
  configure: role !== undefined && can(role, 'manage', 'device'),
});
