import { guardNavigation, type RouteName } from '@fieldwatch/core';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, redirect } from 'react-router';
import { i18n, laterTexts } from '@/i18n/i18n.ts';
import { loadChunk } from '@/lib/chunkLoad.ts';
import { setTwoFactorRequiredHandler, setUnauthorizedHandler } from '@/lib/http.ts';
import { toast } from '@/lib/toast.ts';
import { clearAllState } from '@/stores/session.ts';
import { isSignedIn } from '@/stores/user.ts';
import { AppError } from './AppError.tsx';

/**
 * A screen's code, loaded on the way to it; a failure or the 120000 ms time-out shows the
 * route's error screen, which offers the new version (lib/chunkLoad.ts).
 */
const screen =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => ({ Component: (await loadChunk(load))[name] });

/** A screen whose texts are in the later part of the locale (i18n/locales.ts): both load together. */
const laterScreen =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => {
    const [route] = await Promise.all([screen(load, name)(), laterTexts()]);
    return route;
  };

/** The navigation guard as a loader: it runs before the lazy screen loads. */
const guard =
  (route: RouteName) =>
  ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const to = guardNavigation(route, url.pathname + url.search, isSignedIn());
    if (to) throw redirect(to);
    return null;
  };

export const router = createBrowserRouter([
  {
    lazy: screen(() => import('./AuthLayout.tsx'), 'AuthLayout'),
    errorElement: <AppError />,
    children: [
      {
        path: '/login',
        loader: guard('login'),
        lazy: screen(() => import('@/features/login/LoginRoute.tsx'), 'LoginRoute'),
      },
      // Public: a reset or invitation link is opened signed out, so no guard (it would send it to login).
      {
        path: '/reset-password',
        lazy: laterScreen(() => import('@/features/login/ResetPasswordPage.tsx'), 'ResetPasswordPage'),
      },
      // Signed in, but a policy requires two-factor sign-in first (lib/http.ts sends the user here).
      {
        path: '/two-factor',
        loader: guard('profile'),
        lazy: laterScreen(() => import('@/features/profile/TwoFactorSetupPage.tsx'), 'TwoFactorSetupPage'),
      },
      // Public: a scanned tag opens this signed out or in; the flow signs in or registers itself.
      {
        path: '/nfc/:uuid',
        lazy: laterScreen(() => import('@/features/onboarding/OnboardingPage.tsx'), 'OnboardingPage'),
      },
    ],
  },
  {
    path: '/',
    loader: guard('root'),
    errorElement: <AppError />,
    lazy: screen(() => import('./shell/Shell.tsx'), 'Shell'),
    children: [
      { index: true, loader: () => redirect('/dashboard/default') },
      {
        path: 'dashboard/:id',
        loader: guard('dashboard'),
        lazy: screen(() => import('@/features/dashboards/DashboardPage.tsx'), 'DashboardPage'),
      },
      {
        path: 'radar/:unitId',
        lazy: screen(() => import('@/features/radar/RadarPage.tsx'), 'RadarPage'),
      },
      {
        path: 'notifications',
        loader: guard('notifications'),
        lazy: screen(() => import('@/features/notifications/NotificationsPage.tsx'), 'NotificationsPage'),
      },
      {
        path: 'devicemanagement',
        loader: guard('devicemanagement'),
        lazy: laterScreen(() => import('@/features/devices/DeviceManagementPage.tsx'), 'DeviceManagementPage'),
      },
      {
        path: 'groupmanagement',
        loader: guard('groupmanagement'),
        lazy: laterScreen(() => import('@/features/containers/ContainerPages.tsx'), 'GroupManagementPage'),
      },
      {
        path: 'locationmanagement',
        loader: guard('locationmanagement'),
        lazy: laterScreen(() => import('@/features/containers/ContainerPages.tsx'), 'LocationManagementPage'),
      },
      {
        path: 'taskmanagement',
        loader: guard('taskmanagement'),
        lazy: laterScreen(() => import('@/features/tasks/TaskManagementPage.tsx'), 'TaskManagementPage'),
      },
      {
        path: 'admin',
        loader: guard('admin'),
        lazy: laterScreen(() => import('@/features/admin/AdminPage.tsx'), 'AdminPage'),
      },
      {
        path: 'profile',
        loader: guard('profile'),
        lazy: laterScreen(() => import('@/features/profile/ProfilePage.tsx'), 'ProfilePage'),
      },
      {
        path: '*',
        lazy: screen(() => import('@/features/notFound/NotFoundPage.tsx'), 'NotFoundPage'),
      },
    ],
  },
]);

// A 401: clear state, go to login once, say so once until a request succeeds. After
// a sign-out the user chose (its state already cleared), the 401s of calls still under way and of
// components refetching as the shell closes are no expiry to announce.
setUnauthorizedHandler(() => {
  if (!isSignedIn()) return;
  clearAllState();
  void router.navigate('/login');
  toast(i18n.t('errors.loggedOut'), 'warning');
});

// 403 two_factor_required: an organisation's policy holds the user back until they set up
// two-factor sign-in, so the app shows that screen instead of whatever was asked for.
setTwoFactorRequiredHandler(() => {
  if (isSignedIn() && router.state.location.pathname !== '/two-factor') void router.navigate('/two-factor');
});
