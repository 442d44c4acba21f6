import { renderRoutes, screenTexts } from '@test/screen.tsx';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoginRoute } from './LoginRoute.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

const TOKEN = 'a'.repeat(43);
type Reply = [status: number, body: unknown];

/** A fetch that answers by path and records what was sent. */
function server(replies: Record<string, Reply>) {
  const fetch = vi.fn(async (path: string, _init?: RequestInit) => {
    const [status, body] = replies[path.split('?')[0] ?? ''] ?? [404, { message: 'Not found' }];
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const open = (url: string) =>
  renderRoutes(
    [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/login', element: <LoginRoute /> },
    ],
    url,
  );

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeAll(async () => {
  await screenTexts();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('reset password page', () => {
  it('says an expired or used link is so, and offers a new one', async () => {
    server({ [`/api/v3/user/verifyChangePasswordToken/${TOKEN}`]: [410, { message: 'Link expired' }] });
    open(`/reset-password?token=${TOKEN}`);
    expect(await screen.findByText('This link has expired or was already used')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/login?forgot=1');
  });

  it('does not ask the server about a link that cannot be one', async () => {
    const fetch = server({});
    open('/reset-password?token=short');
    expect(await screen.findByText('This link has expired or was already used')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('greets an invited user, checks the passwords, then saves and offers sign-in', async () => {
    const fetch = server({
      [`/api/v3/user/verifyChangePasswordToken/${TOKEN}`]: [200, { valid: true, username: 'ada' }],
      '/api/v3/user/changePassword': [200, { success: true }],
    });
    open(`/reset-password?token=${TOKEN}&invite=1`);
    expect(await screen.findByRole('heading', { name: 'Set your password' })).toBeInTheDocument();
    expect(screen.getByText(/Welcome, ada!/)).toBeInTheDocument();
    type('New password', 'secret1');
    type('Repeat the new password', 'secret2');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('the passwords do not match')).toBeInTheDocument();
    type('Repeat the new password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Your password is saved')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    const [, init] = fetch.mock.calls.find(([path]) => path === '/api/v3/user/changePassword') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN, newPassword: 'secret1' });
  });

  it("shows the organisation policy's minimum in the user's language", async () => {
    server({
      [`/api/v3/user/verifyChangePasswordToken/${TOKEN}`]: [200, { valid: true, username: 'ada' }],
      '/api/v3/user/changePassword': [400, { message: 'The password must be at least 10 characters' }],
    });
    open(`/reset-password?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    type('New password', 'secret1');
    type('Repeat the new password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The password must be at least 10 characters')).toBeInTheDocument();
  });
});

describe('forgotten password on the login screen', () => {
  it('asks for a valid address, then confirms alike whoever has it', async () => {
    const fetch = server({ '/api/v3/user/createRestorePasswordToken': [200, { success: true }] });
    const router = open('/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(router.state.location.search).toBe('?forgot=1');
    type('E-mail address', 'ada@');
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Enter valid E-mail address')).toBeInTheDocument();
    type('E-mail address', ' ada@example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(
      await screen.findByText('If an account has this address, a link is on its way. It is valid for one hour.'),
    ).toBeInTheDocument();
    const [, init] = fetch.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      userId: 'ada@example.com',
      baseUrl: `${window.location.origin}/reset-password`,
    });
    fireEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});
