import { describe, expect, it } from 'vitest';
import { DEFAULT_DASHBOARD_PATH, guardNavigation, safeRedirect } from './navigation.ts';

describe('guardNavigation', () => {
  it('sends a signed-in user away from login to the dashboard', () => {
    expect(guardNavigation('login', '/login', true)).toBe(DEFAULT_DASHBOARD_PATH);
  });
  it('lets an anonymous user open login', () => {
    expect(guardNavigation('login', '/login', false)).toBeNull();
  });
  it('keeps the full dashboard path as redirect for an anonymous user', () => {
    expect(guardNavigation('dashboard', '/dashboard/MTAwMQ?x=1', false)).toBe(
      `/login?redirect=${encodeURIComponent('/dashboard/MTAwMQ?x=1')}`,
    );
  });
  it('sends an anonymous user on other routes to login without redirect', () => {
    for (const r of ['admin', 'profile', 'devicemanagement', 'root'] as const) {
      expect(guardNavigation(r, `/${r}`, false)).toBe('/login');
    }
  });
  it('lets a signed-in user through', () => {
    expect(guardNavigation('admin', '/admin', true)).toBeNull();
  });
});

describe('safeRedirect', () => {
  it('follows app paths only', () => {
    expect(safeRedirect('/dashboard/abc')).toBe('/dashboard/abc');
    expect(safeRedirect('//evil.example')).toBe(DEFAULT_DASHBOARD_PATH);
    expect(safeRedirect('https://evil.example')).toBe(DEFAULT_DASHBOARD_PATH);
    expect(safeRedirect(null)).toBe(DEFAULT_DASHBOARD_PATH);
  });
});
