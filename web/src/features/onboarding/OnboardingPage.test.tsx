import type { Access } from '@fieldwatch/core';
import { testProfile } from '@test/profile.ts';
import { renderRoutes, screenTexts } from '@test/screen.tsx';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '@/stores/user.ts';
import { OnboardingPage } from './OnboardingPage.tsx';

const UUID = '0b6f7c1e-3f1a-4c2e-9d5b-1a2b3c4d5e6f';
const N = `/api/v1/nfc`;
type Reply = [status: number, body: unknown];

const access: Access = {
  Username: 'ada',
  Customers: [{ CustomerID: 9, CustomerName: 'Heat AB', ParentCustomerID: 1, RoleID: 0, CustomerRights: [] }],
};
const profile = testProfile({
  username: 'ada',
  name: 'Ada L',
  email: 'ada@example.com',
  notification: { email: false, desktop: true },
});
const view = {
  tag_uuid: UUID,
  state: 'available',
  unit: { id: null, organizationId: null, name: 'X1 stock', type: 'X1', serial: 'S-1', position: null, location: '' },
  organizations: [{ id: 9, name: 'Heat AB' }],
  activationCode: 'c'.repeat(43),
};

/** A fetch that answers by method and path, and records what was sent. */
function server(replies: Record<string, Reply>) {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${path.split('?')[0]}`;
    const [status, body] = replies[key] ?? [404, { message: 'Not found' }];
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const sent = (fetch: ReturnType<typeof server>, key: string) => {
  const call = fetch.mock.calls.find(([path, init]) => `${init?.method ?? 'GET'} ${path}` === key);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

function open() {
  renderRoutes([{ path: '/nfc/:uuid', element: <OnboardingPage /> }], `/nfc/${UUID}`);
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

beforeAll(async () => {
  await screenTexts();
});
beforeEach(() => {
  useUserStore.setState({ accessResponse: null, profile: null, permissions: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NFC onboarding', () => {
  it('stops at a unit of another organisation, saying it cannot be taken over', async () => {
    server({ [`GET ${N}/tag/${UUID}`]: [200, { tag_uuid: UUID, state: 'owned', unitType: 'X2' }] });
    open();
    expect(
      await screen.findByRole('heading', { name: 'This unit belongs to another organisation' }),
    ).toBeInTheDocument();
    expect(screen.getByText('You scanned a unit of type X2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get started' })).toBeNull();
  });

  it('registers with the terms accepted, signs in, and shows the trial', async () => {
    const fetch = server({
      [`GET ${N}/tag/${UUID}`]: [200, { tag_uuid: UUID, state: 'available', unitType: 'X1' }],
      [`GET ${N}/user/${UUID}/ada%40example.com`]: [200, { exists: false }],
      [`POST ${N}/user/${UUID}/createAccount`]: [
        200,
        { access, profile, organizationId: 9, trialEndsAt: '2030-03-01T10:00:00.000Z' },
      ],
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Get started' }));
    click(/Create an account/);
    click('Continue to the terms');
    expect(screen.getByText('Username should not be blank')).toBeInTheDocument();
    type('Full name', 'Ada L');
    type('Username', 'ada');
    type('E-mail', 'ada@example.com');
    type('Password', 'secret1');
    type('Repeat password', 'secret1');
    type('Company name', 'Heat AB');
    click('Continue to the terms');
    expect(await screen.findByRole('heading', { name: 'Terms' })).toBeInTheDocument();
    expect(screen.getByText('Interest on late payment: 12 %.')).toBeInTheDocument();
    expect(screen.getByText('Notice of termination: 3 months.')).toBeInTheDocument();
    click('Create account');
    expect(screen.getByText('Accept the terms to create the account')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('I accept the terms, version 2023_1'));
    click('Create account');
    expect(await screen.findByText('Your 4-week trial runs until 01 Mar 2030.')).toBeInTheDocument();
    expect(sent(fetch, `POST ${N}/user/${UUID}/createAccount`)).toEqual({
      user: { username: 'ada', password: 'secret1', email: 'ada@example.com', name: 'Ada L' },
      organization: { name: 'Heat AB' },
      terms: '2023_1',
    });
    expect(useUserStore.getState().accessResponse?.Username).toBe('ada');
  });

  it('tells a known e-mail apart, with the advice and a way to sign in', async () => {
    server({
      [`GET ${N}/tag/${UUID}`]: [200, { tag_uuid: UUID, state: 'available', unitType: 'X1' }],
      [`GET ${N}/user/${UUID}/ada%40example.com`]: [200, { exists: true }],
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Get started' }));
    click(/Create an account/);
    for (const [label, value] of [
      ['Full name', 'Ada L'],
      ['Username', 'ada'],
      ['E-mail', 'ada@example.com'],
      ['Password', 'secret1'],
      ['Repeat password', 'secret1'],
      ['Company name', 'Heat AB'],
    ])
      type(label as string, value as string);
    click('Continue to the terms');
    expect(await screen.findByText('NFC email already exists')).toBeInTheDocument();
    expect(screen.getByText('Use a different email or log in.')).toBeInTheDocument();
    click('Sign in instead');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/login?forgot=1');
  });

  it('places and activates the unit of a signed-in user, following its operations', async () => {
    useUserStore.setState({ accessResponse: access, profile });
    const fetch = server({
      [`GET ${N}/tag/${UUID}`]: [200, { tag_uuid: UUID, state: 'available', unitType: 'X1' }],
      [`GET ${N}/tag/${UUID}/view`]: [200, view],
      [`POST ${N}/tag/${UUID}/config`]: [
        200,
        {
          unitId: 42,
          organizationId: 9,
          position: null,
          location: 'Pump house',
          activatedAt: '2030-01-01T10:00:00.000Z',
          operations: [
            { operation: 'send_settings', seq: 5 },
            { operation: 'comm_test', seq: 6 },
          ],
        },
      ],
      'GET /api/v2/device/devices/42/operations': [
        200,
        {
          success: true,
          result: [
            { seq: 6, operation: 'comm_test', state: 'succeeded', message: '', requestedAt: '', finishedAt: '' },
            { seq: 5, operation: 'send_settings', state: 'succeeded', message: '', requestedAt: '', finishedAt: '' },
          ],
        },
      ],
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Get started' }));
    expect(await screen.findByRole('heading', { name: 'Place device' })).toBeInTheDocument();
    click('Place and activate');
    expect(screen.getByText('Location should not be blank')).toBeInTheDocument();
    type('Location', 'Pump house');
    click('Place and activate');
    expect(await screen.findByRole('heading', { name: 'The unit is active' })).toBeInTheDocument();
    expect(screen.getByText('Testing its connection')).toBeInTheDocument();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByRole('button', { name: 'Open my dashboard' })).toBeInTheDocument();
    expect(sent(fetch, `POST ${N}/tag/${UUID}/config`)).toEqual({
      organizationId: 9,
      position: null,
      location: 'Pump house',
      name: 'X1 stock',
      activationCode: 'c'.repeat(43),
    });
  });

  it('shows the activation error with Retry when the gateway is down', async () => {
    useUserStore.setState({ accessResponse: access, profile });
    server({
      [`GET ${N}/tag/${UUID}`]: [200, { tag_uuid: UUID, state: 'available', unitType: 'X1' }],
      [`GET ${N}/tag/${UUID}/view`]: [200, { ...view, unit: { ...view.unit, location: 'Pump house' } }],
      [`POST ${N}/tag/${UUID}/config`]: [503, { message: 'Gateway unavailable' }],
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Get started' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Place and activate' }));
    expect(await screen.findByRole('heading', { name: 'Activation error' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
  it('signs in with an existing account and continues with the tag, not to the dashboard', async () => {
    const fetch = server({
      [`GET ${N}/tag/${UUID}`]: [200, { tag_uuid: UUID, state: 'available', unitType: 'X1' }],
      'POST /api/v2/auth/login': [200, { access, profile }],
      [`GET ${N}/tag/${UUID}/view`]: [
        200,
        { ...view, organizations: [...view.organizations, { id: 3, name: 'Depot' }] },
      ],
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Get started' }));
    click(/^Sign in/);
    type('Username', 'ada');
    type('Password', 'secret1');
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign in' }).at(-1) as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Select organisation' })).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/v2/auth/login')).toEqual({ username: 'ada', password: 'secret1' });
    fireEvent.click(screen.getByLabelText('Depot'));
    click('Continue');
    expect(await screen.findByRole('heading', { name: 'Place device' })).toBeInTheDocument();
  });
});
