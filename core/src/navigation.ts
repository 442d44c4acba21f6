/** Route names. */
export const ROUTES = {
  login: '/login',
  root: '/',
  dashboard: '/dashboard/:id',
  notifications: '/notifications',
  devicemanagement: '/devicemanagement',
  groupmanagement: '/groupmanagement',
  locationmanagement: '/locationmanagement',
  taskmanagement: '/taskmanagement',
  admin: '/admin',
  profile: '/profile',
} as const;
export type RouteName = keyof typeof ROUTES;

export const DEFAULT_DASHBOARD_PATH = '/dashboard/default';

/**
 * The navigation guard. Returns where to go instead, or null to proceed.
 * Only dashboards keep the original full path as the redirect query.
 */
export function guardNavigation(route: RouteName, fullPath: string, loggedIn: boolean): string | null {
  if (route === 'login') return loggedIn ? DEFAULT_DASHBOARD_PATH : null;
  if (loggedIn) return null;
  if (route === 'dashboard') return `${ROUTES.login}?redirect=${encodeURIComponent(fullPath)}`;
  return ROUTES.login;
}

/** A redirect query is followed only when it is a path of this app (never another origin). */
export function safeRedirect(redirect: string | null | undefined): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//')) {
    return DEFAULT_DASHBOARD_PATH;
  }
  return redirect;
}
