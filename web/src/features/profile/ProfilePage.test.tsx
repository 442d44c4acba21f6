import type { Session } from '@fieldwatch/core';
import { noScrolling } from '@test/jsdom.ts';
import { testProfile } from '@test/profile.ts';
import { renderRoutes, screenTexts } from '@test/screen.tsx';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query.ts';
import { attachToastDisplay, type Toast } from '@/lib/toast.ts';
import { useUserStore } from '@/stores/user.ts';
import { ProfilePage } from './ProfilePage.tsx';

const profile = testProfile({ lastLogin: '2026-03-12T08:30:00Z' });
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

/** The demo users' password, which the stub server takes as the current one. */
const PASSWORD = 'fieldwatch-demo';

/**
 * The profile and session calls, answered in memory; PUT profile echoes the update. A new e-mail
 * address needs the current password as on the server: 403 without it or with a wrong one, 429 for
 * the password 'throttled'.
 */
function server() {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status });
    const refuse = (status: number, message: string) => json({ error: 'Refused', statusCode: status, message }, status);
    if (path === '/api/v3/user/profile' && init?.method === 'PUT') {
      const { currentPassword, ...update } = body;
      if (update.email !== undefined && update.email.toLowerCase() !== profile.email) {
        if (currentPassword === undefined)
          return refuse(403, 'The current password is needed to change the e-mail address');
        if (currentPassword === 'throttled') return refuse(429, 'Too many attempts. Try again in 25 s.');
        if (currentPassword !== PASSWORD) return refuse(403, 'Authentication failed');
      }
      return json({ ...profile, ...update });
    }
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

// The app's own client: the page's calls write to and invalidate it directly.
const open = (url: string) => renderRoutes([{ path: '/profile', element: <ProfilePage /> }], url, queryClient);

beforeAll(async () => {
  await screenTexts();
  noScrolling();
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
    expect(await screen.findByText('Full name should not be blank')).toBeInTheDocument();
    expect(screen.getByText('Enter valid E-mail')).toBeInTheDocument();

    fireEvent.change(name, { target: { value: 'Maja Lind' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'maja@example.com' } });
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '57,7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Maja Lind' })).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PUT') ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: 'Maja Lind', location: [57.7, 0] });
    expect(useUserStore.getState().profile?.name).toBe('Maja Lind');
  });

  it('asks for the current password only when the e-mail changes, sends it, and says when it is wrong', async () => {
    const fetch = server();
    const toasts: Toast[] = [];
    const detach = attachToastDisplay((toast) => toasts.push(toast));
    toasts.length = 0;
    open('/profile');
    const email = await screen.findByLabelText('E-mail');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(screen.queryByLabelText('Current password')).toBeNull();
    // The same address in other letter case and spacing is no change, as on the server.
    fireEvent.change(email, { target: { value: ' Maja@Example.com ' } });
    expect(screen.queryByLabelText('Current password')).toBeNull();

    fireEvent.change(email, { target: { value: 'maja@example.org' } });
    const password = screen.getByLabelText('Current password') as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');
    expect(
      screen.getByText('Needed to change your e-mail address: password reset links go there.'),
    ).toBeInTheDocument();
    fireEvent.click(save);
    expect(await screen.findByText('Current password should not be blank')).toBeInTheDocument();
    const puts = () =>
      fetch.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));
    expect(puts()).toEqual([]);

    fireEvent.change(password, { target: { value: 'not-it' } });
    fireEvent.click(save);
    expect(await screen.findByText('The current password is not correct')).toBeInTheDocument();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(password, { target: { value: 'throttled' } });
    fireEvent.click(save);
    expect(await screen.findByText('Too many sign-in attempts. Try again in 25 s.')).toBeInTheDocument();

    fireEvent.change(password, { target: { value: PASSWORD } });
    fireEvent.click(save);
    await waitFor(() => expect(useUserStore.getState().profile?.email).toBe('maja@example.org'));
    expect(puts().map((b) => [b.email, b.currentPassword])).toEqual([
      ['maja@example.org', 'not-it'],
      ['maja@example.org', 'throttled'],
      ['maja@example.org', PASSWORD],
    ]);
    // The refusals were said on the field; only the success was toasted.
    expect(toasts.map((toast) => toast.variant)).toEqual(['success']);
    detach();
    // Saved: the new address is the saved one, so the field goes; it comes back empty for the next change.
    await waitFor(() => expect(screen.queryByLabelText('Current password')).toBeNull());
    fireEvent.change(email, { target: { value: 'maja@example.net' } });
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('opens the tab named in the address and lists sessions, this device first', async () => {
    server();
    const router = open('/profile?tab=sessions');
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(within(rows[0] as HTMLElement).getByText('This device')).toBeInTheDocument();
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual([
      'Chrome on LinuxThis device',
      'Firefox on Windows',
    ]);
    expect(within(rows[1] as HTMLElement).getByText('10.0.0.7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out Firefox on Windows' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Password' }));
    expect(router.state.location.search).toBe('?tab=password');
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
    expect(screen.getByText(/signs out all your other sessions and revokes your API keys/)).toBeInTheDocument();
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
