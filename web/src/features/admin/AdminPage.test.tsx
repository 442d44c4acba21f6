import type { Access } from '@fieldwatch/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n.ts';
import { useUserStore } from '../../stores/user.ts';
import { AdminPage } from './AdminPage.tsx';

const access = (roleId: number): Access => ({
  Username: 'manager',
  Customers: [
    { CustomerID: 2, CustomerName: 'Nordic Heat', ParentCustomerID: null, RoleID: roleId, CustomerRights: [] },
  ],
});
const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function show(path = '/admin') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/admin', element: <AdminPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('AdminPage', () => {
  beforeAll(async () => {
    await initI18n('en');
    // jsdom has no scrolling; the tab list scrolls its chosen tab into view.
    Element.prototype.scrollBy ??= () => {};
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
    expect(screen.getByRole('heading', { name: 'Administration needs the SuperUser role' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the same empty state when the server refuses (403)', async () => {
    vi.stubGlobal('fetch', answer(403, { message: 'You may not administer this organization' }));
    useUserStore.setState({ accessResponse: access(0) });
    show();
    expect(await screen.findByRole('heading', { name: 'Administration needs the SuperUser role' })).toBeTruthy();
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
    expect(await screen.findByRole('heading', { name: 'No error reports' })).toBeTruthy();
  });
});
