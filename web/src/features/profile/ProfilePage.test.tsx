import type { Profile, Session } from '@fieldwatch/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n.ts';
import { queryClient } from '../../lib/query.ts';
import { useUserStore } from '../../stores/user.ts';
import { ProfilePage } from './ProfilePage.tsx';

const profile: Profile = {
  username: 'manager',
  name: 'Maja Berg',
  title: '',
  email: 'maja@example.com',
  phone: '',
  location: [0, 0],
  thumbnail: false,
  avatar: null,
  language: 'en',
  notification: { email: false, desktop: false },
  timeConfig: { timeFormat: '24h', timezone: 'GMT +01:00 Stockholm', dateFormat: 'DD MMM YYYY' },
  lastLogin: '2026-03-12T08:30:00Z',
};
const session = (id: string, current: boolean, userAgent: string): Session => ({
  id,
  username: 'manager',
  created: '2026-03-10T08:00:00Z',
  expires: '2026-04-10T08:00:00Z',
  lastSeen: '2026-03-12T09:00:00Z',
  userAgent,
  address: '::ffff:10.0.0.7',
  current,
  currentOrganizationId: 1,
});

/** The profile and session calls, answered in memory; PUT profile echoes the update. */
function server() {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const json = (data: unknown) => new Response(JSON.stringify(data), { status: 200 });
    if (path === '/api/v3/user/profile' && init?.method === 'PUT') return json({ ...profile, ...body });
    if (path === '/api/v3/user/profile') return json(profile);
    if (path === '/api/v3/user/profile/preferences') return json({ ...profile, notification: body.notification });
    if (path === '/api/v2/auth/session')
      return json([
        session('b', false, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0'),
        session('a', true, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0.0.0 Safari/537.36'),
      ]);
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function open(url: string) {
  const router = createMemoryRouter([{ path: '/profile', element: <ProfilePage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeAll(async () => {
  await initI18n('en');
  // jsdom has no scrolling; the tab list keeps the chosen tab in view with scrollBy.
  Element.prototype.scrollBy ??= () => {};
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('profile page', () => {
  it('checks personal info with the spec texts, then saves it into the user state', async () => {
    const fetch = server();
    open('/profile');
    const name = await screen.findByLabelText('Full name');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'maja@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Full name should not be blank')).toBeTruthy();
    expect(screen.getByText('Enter valid E-mail')).toBeTruthy();

    fireEvent.change(name, { target: { value: 'Maja Lind' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'maja@example.com' } });
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '57,7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Maja Lind' })).toBeTruthy();
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PUT') ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: 'Maja Lind', location: [57.7, 0] });
    expect(useUserStore.getState().profile?.name).toBe('Maja Lind');
  });

  it('opens the tab named in the address and lists sessions, this device first', async () => {
    server();
    const router = open('/profile?tab=sessions');
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(within(rows[0] as HTMLElement).getByText('This device')).toBeTruthy();
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual([
      'Chrome on LinuxThis device',
      'Firefox on Windows',
    ]);
    expect(within(rows[1] as HTMLElement).getByText('10.0.0.7')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out Firefox on Windows' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Password' }));
    expect(router.state.location.search).toBe('?tab=password');
    expect(screen.getByLabelText('Current password')).toBeTruthy();
  });

  it('saves a notification switch with the full preferences body, and the shell follows it', async () => {
    const fetch = server();
    open('/profile?tab=notifications');
    fireEvent.click(await screen.findByRole('switch', { name: 'E-mail notifications' }));
    await waitFor(() => expect(useUserStore.getState().notifications).toEqual({ email: true, desktop: false }));
    const [, init] = fetch.mock.calls.find(([path]) => path === '/api/v3/user/profile/preferences') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      timezone: 'GMT +01:00 Stockholm',
      timeFormat: '24h',
      dateFormat: 'DD MMM YYYY',
      notification: { email: true, desktop: false },
    });
    expect((screen.getByRole('switch', { name: 'E-mail notifications' }) as HTMLInputElement).checked).toBe(true);
  });
});
