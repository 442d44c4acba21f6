import {
  type Access,
  buildPermissions,
  type Customer,
  DEFAULT_LANGUAGE,
  type Language,
  type Permissions,
  type Profile,
  type Session,
} from '@fieldwatch/core';
import { persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';

export type ThemeMode = 'Dark' | 'Bright';

/** The user state, persisted in the browser. */
export type UserState = {
  themeMode: ThemeMode;
  activeLanguage: Language;
  selectedCustomers: Pick<Customer, 'CustomerID'>[];
  accessResponse: Access | null;
  profile: Profile | null;
  permissions: Permissions | null;
  sessions: Session[];
  avatarCacheKey: number;
  notifications: { desktop: boolean; email: boolean };
};

export type UserActions = {
  signedIn: (access: Access, profile: Profile) => void;
  /** The profile as the server answered a change; a new avatar gets a new cache key. */
  setProfile: (profile: Profile) => void;
  clear: () => void;
  toggleTheme: () => void;
  setActiveLanguage: (lang: Language) => void;
  toggleCustomer: (customerId: number) => void;
};

const initial: UserState = {
  themeMode: 'Dark',
  activeLanguage: DEFAULT_LANGUAGE,
  selectedCustomers: [],
  accessResponse: null,
  profile: null,
  permissions: null,
  sessions: [],
  avatarCacheKey: Date.now(),
  notifications: { desktop: true, email: false },
};

/**
 * The store without React: the sign-in page and the entry read and change it before React loads
 * (stores/user.ts binds it to components).
 */
export const userStore = createStore<UserState & UserActions>()(
  persist(
    (set) => ({
      ...initial,
      signedIn: (access, profile) =>
        set((s) => ({
          accessResponse: access,
          profile,
          // The state's defaults (desktop on, e-mail off) hold until the profile says otherwise.
          notifications: profile.notification,
          // Permissions are built from the login access only if not yet set.
          permissions: s.permissions ?? buildPermissions(access),
          // A first sign-in puts every customer in view; later the user's own choice is kept.
          selectedCustomers: s.selectedCustomers.length
            ? s.selectedCustomers.filter((c) => access.Customers.some((a) => a.CustomerID === c.CustomerID))
            : access.Customers.map((c) => ({ CustomerID: c.CustomerID })),
        })),
      setProfile: (profile) =>
        set((s) => ({
          profile,
          avatarCacheKey: profile.avatar !== s.profile?.avatar ? Date.now() : s.avatarCacheKey,
        })),
      // Theme and language are preferences of the device, kept when state is cleared.
      clear: () => set((s) => ({ ...initial, themeMode: s.themeMode, activeLanguage: s.activeLanguage })),
      toggleTheme: () => set((s) => ({ themeMode: s.themeMode === 'Dark' ? 'Bright' : 'Dark' })),
      setActiveLanguage: (activeLanguage) => set({ activeLanguage }),
      toggleCustomer: (customerId) =>
        set((s) => ({
          selectedCustomers: s.selectedCustomers.some((c) => c.CustomerID === customerId)
            ? s.selectedCustomers.filter((c) => c.CustomerID !== customerId)
            : [...s.selectedCustomers, { CustomerID: customerId }],
        })),
    }),
    { name: 'fieldwatch.user' },
  ),
);

export const isSignedIn = () => userStore.getState().accessResponse !== null;
