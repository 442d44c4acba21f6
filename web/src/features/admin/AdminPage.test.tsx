import type { Access } from '@fieldwatch/core';
import { noScrolling } from '@test/jsdom.ts';
import { renderRoutes, screenTexts } from '@test/screen.tsx';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { attachToastDisplay, type Toast } from '@/lib/toast.ts';
import { useUserStore } from '@/stores/user.ts';
import { AdminPage } from './AdminPage.tsx';

const access = (roleId: number): Access => ({
  Username: 'manager',
  Customers: [
    { CustomerID: 2, CustomerName: 'Nordic Heat', ParentCustomerID: null, RoleID: roleId, CustomerRights: [] },
  ],
});
const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

const show = (path = '/admin') => renderRoutes([{ path: '/admin', element: <AdminPage /> }], path);

describe('AdminPage', () => {
  beforeAll(async () => {
    await screenTexts();
    noScrolling();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('explains the SuperUser role to someone who administers nothing, without asking the server', () => {
    const fetch = answer(200, []);
    vi.stubGlobal('fetch', fetch);
    useUserStore.setState({ accessResponse: access(1) });
    show();
    expect(screen.getByRole('heading', { name: 'Administration needs the SuperUser role' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the same empty state when the server refuses (403)', async () => {
    vi.stubGlobal('fetch', answer(403, { message: 'You may not administer this organisation' }));
    useUserStore.setState({ accessResponse: access(0) });
    show();
    expect(await screen.findByRole('heading', { name: 'Administration needs the SuperUser role' })).toBeInTheDocument();
  });

  it('opens the tab and organisation named in the address', async () => {
    const orgs = [
      { id: 2, name: 'Nordic Heat', parentOrganizationId: null, avatar: null, accountUrl: null, units: 4, users: 2 },
      { id: 3, name: 'North', parentOrganizationId: 2, avatar: null, accountUrl: null, units: 1, users: 1 },
    ];
    vi.stubGlobal('fetch', answer(200, orgs));
    useUserStore.setState({ accessResponse: access(0) });
    show('/admin?tab=permissions&org=3');
    expect((await screen.findByRole('tab', { name: 'Permissions' })).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Organisation') as HTMLSelectElement).value).toBe('3');
    // Readers view devices but do not change them (core's ROLE_CAPABILITIES).
    const row = screen.getAllByRole('row').find((r) => r.textContent?.startsWith('DevicesView'));
    expect(row?.textContent).toContain('AllowedAllowedAllowed');
  });

  it('offers the Errors tab only to a SuperUser of the root organisation', async () => {
    const orgs = [
      { id: 5, name: 'South', parentOrganizationId: 2, avatar: null, accountUrl: null, units: 1, users: 1 },
    ];
    const none = { total: 0, reports: [] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => new Response(JSON.stringify(url.includes('/admin/errors') ? none : orgs))),
    );
    const below: Access = {
      Username: 'manager',
      Customers: [{ CustomerID: 5, CustomerName: 'South', ParentCustomerID: 2, RoleID: 0, CustomerRights: [] }],
    };
    useUserStore.setState({ accessResponse: below });
    show('/admin?tab=errors');
    // Not theirs: the address's tab falls back to General.
    expect((await screen.findByRole('tab', { name: 'General' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tab', { name: 'Errors' })).toBeNull();
    cleanup();
    useUserStore.setState({ accessResponse: access(0) });
    show('/admin?tab=errors');
    expect((await screen.findByRole('tab', { name: 'Errors' })).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'No error reports' })).toBeInTheDocument();
  });

  it('asks for the current password before creating an API key, and says on the field when it is wrong', async () => {
    const orgs = [
      { id: 2, name: 'Nordic Heat', parentOrganizationId: null, avatar: null, accountUrl: null, units: 4, users: 2 },
    ];
    const created = {
      id: '0b6f6f7e-8f5a-4c1e-9d53-0a8f3c0e2f11',
      name: 'Reports',
      prefix: 'fwk_abcd',
      scopes: ['read'],
      created: '2026-03-12T08:30:00Z',
      lastUsed: null,
      key: 'fwk_abcd_secret',
    };
    // The server's answers: 403 for a wrong password, 429 once guesses are throttled.
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (url === '/api/v3/user/apiKeys' && init?.method === 'POST') {
        const { currentPassword } = JSON.parse(String(init.body));
        if (currentPassword === 'throttled')
          return json({ statusCode: 429, message: 'Too many attempts. Try again in 12 s.' }, 429);
        if (currentPassword !== 'fieldwatch-demo')
          return json({ statusCode: 403, message: 'Authentication failed' }, 403);
        return json(created);
      }
      return json(url === '/api/v3/user/apiKeys' ? [] : orgs);
    });
    vi.stubGlobal('fetch', fetch);
    const toasts: Toast[] = [];
    const detach = attachToastDisplay((toast) => toasts.push(toast));
    toasts.length = 0;
    useUserStore.setState({ accessResponse: access(0) });
    show('/admin?tab=api');
    fireEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    // The dialog's code loads with the first dialog opened; its first import is slow in the test runner.
    const dialog = within(await screen.findByRole('dialog', undefined, { timeout: 15_000 }));
    const password = dialog.getByLabelText('Current password') as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');
    expect(
      dialog.getByText('A key acts for you without your password, so creating one asks for it.'),
    ).toBeInTheDocument();
    const create = dialog.getByRole('button', { name: 'Create key' });
    fireEvent.change(dialog.getByLabelText('Key name'), { target: { value: ' Reports ' } });
    fireEvent.click(create);
    expect(await dialog.findByText('Current password should not be blank')).toBeInTheDocument();

    fireEvent.change(password, { target: { value: 'not-it' } });
    fireEvent.click(create);
    expect(await dialog.findByText('The current password is not correct')).toBeInTheDocument();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(password, { target: { value: 'throttled' } });
    fireEvent.click(create);
    expect(await dialog.findByText('Too many sign-in attempts. Try again in 12 s.')).toBeInTheDocument();

    fireEvent.change(password, { target: { value: 'fieldwatch-demo' } });
    fireEvent.click(create);
    expect(await screen.findByRole('dialog', { name: 'Your new key: Reports' })).toBeInTheDocument();
    const posts = fetch.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(posts.at(-1)).toEqual({ name: 'Reports', scopes: ['read'], currentPassword: 'fieldwatch-demo' });
    expect(posts.map((b) => b.currentPassword)).toEqual(['not-it', 'throttled', 'fieldwatch-demo']);
    // The refusals were said on the field, not toasted as failures.
    expect(toasts.filter((toast) => toast.variant === 'danger')).toEqual([]);
    detach();
  });
});
