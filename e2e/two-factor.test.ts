import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, toasts, useApp, waitForOverview, waitForPath } from './support/app.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { signInThroughForm } from './support/browser.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './support/server.ts';

/**
 * Two-factor sign-in (issue 24, part 2) in the browser: set up in the profile from the key the page
 * shows, then signing in with the password and a code, and with a recovery code (once only); and
 * the set-up screen that an organisation's policy sends a user to before anything else.
 */
const app = useApp();

/**
 * A code the server takes: of a 30-second step newer than every one used before (a code is never
 * accepted twice) and at most one step ahead of the clock (the server takes the steps next to its
 * own). When the next such step is further ahead, this waits for the clock to get there.
 */
const used = new Map<string, number>();
async function nextCode(secret: string) {
  const step = (at: number) => Math.floor(at / 30_000);
  const wanted = Math.max(step(Date.now()), (used.get(secret) ?? 0) + 1);
  const wait = (wanted - 1) * 30_000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 100));
  used.set(secret, wanted);
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: wanted * 30_000,
  });
}

/**
 * Sets up two-factor sign-in on the page's screen, in whatever language it shows; answers the key
 * and the recovery codes it showed.
 */
async function setUp(page: Page) {
  const key = page.getByTestId('two-factor-secret');
  await key.waitFor();
  expect(describeViolations(await axeViolations(page))).toBe('');
  const secret = ((await key.textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // The QR code holds the same key (drawn, so only its presence is checked here).
  await expect(page.getByTestId('two-factor-enrol').locator('img').isVisible()).resolves.toBe(true);
  const code = page.getByTestId('two-factor-confirm-code');
  await code.fill(await nextCode(secret));
  await code.press('Enter');
  const list = page.getByTestId('recovery-codes').locator('code');
  await list.nth(9).waitFor();
  const codes = await list.allTextContents();
  expect(codes).toHaveLength(10);
  expect(describeViolations(await axeViolations(page))).toBe('');
  await page.getByTestId('recovery-codes-saved').click();
  return { secret, codes };
}

async function logOut(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await waitForPath(page, '/login');
}

/** The password step, after which the code step shows and nobody is signed in yet. */
async function passwordStep(page: Page, username: string) {
  await signInThroughForm(page, app.url, username, DEMO_PASSWORD);
  await page.getByTestId('two-factor-step').waitFor();
  expect(describeViolations(await axeViolations(page))).toBe('');
  // The code step takes the password form's place.
  await expect(page.locator('input[name=password]').count()).resolves.toBe(0);
  expect(new URL(page.url()).pathname).toBe('/login');
  await expect(page.evaluate(async () => (await fetch('/api/v2/auth')).status)).resolves.toBe(401);
}

describe('two-factor sign-in', () => {
  it('is set up in the profile, then signs in with the password and a code, or a recovery code once', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator', { to: '/profile?tab=password' });
    await expect(page.getByTestId('two-factor-state').getAttribute('data-enabled')).resolves.toBe('false');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const { secret, codes } = await setUp(page);
    await page.locator('[data-testid=two-factor-state][data-enabled=true]').waitFor();
    await page.getByText('Unused recovery codes: 10').waitFor();

    // Password and a wrong code: refused, still on the code step.
    await logOut(page);
    await passwordStep(page, 'operator');
    await page.getByTestId('two-factor-code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('The code is not right.').waitFor();
    // The app's code signs in.
    await page.getByTestId('two-factor-code').fill(await nextCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForOverview(page);

    // A recovery code signs in once.
    const [first = ''] = codes;
    await logOut(page);
    await passwordStep(page, 'operator');
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(first);
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForOverview(page);
    await page.goto(`${app.url}/profile?tab=password`);
    await page.getByText('Unused recovery codes: 9').waitFor();

    await logOut(page);
    await passwordStep(page, 'operator');
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(first);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('The code is not right.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(toasts(page).count()).resolves.toBe(0);
  });

  it("sends a user under the organisation's policy to set it up before anything else", async () => {
    const { page: admin } = await app.open();
    await signInThroughForm(admin, app.url, 'admin', ADMIN_PASSWORD);
    await admin.waitForURL((url) => url.pathname.startsWith('/dashboard/'));
    // The viewer's organisation requires two-factor sign-in from now on.
    const org = await admin.evaluate(async () => {
      const orgs = (await (await fetch('/api/v1/admin/getOrganizations')).json()) as { id: number; name: string }[];
      const north = orgs.find((o) => o.name === 'Nordic Heat North');
      const url = `/api/v1/admin/organization/${north?.id}/settings`;
      const settings = await (await fetch(url)).json();
      const saved = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...settings, requireTwoFactor: true }),
      });
      if (!saved.ok) throw new Error(`settings: ${saved.status}`);
      return north?.id;
    });
    expect(org).toBeGreaterThan(0);

    const { page } = await app.open();
    await signInThroughForm(page, app.url, 'viewer', DEMO_PASSWORD);
    await waitForPath(page, '/two-factor');
    await page.getByTestId('two-factor-setup').waitFor();
    await expect(page.evaluate(async () => (await fetch('/api/v3/user/dashboard')).status)).resolves.toBe(403);
    await setUp(page);
    await waitForOverview(page);
    await expect(page.evaluate(async () => (await fetch('/api/v3/user/dashboard')).status)).resolves.toBe(200);
  });

  it("is reset by an administrator of the user's organisation, after a confirmation", async () => {
    // The operator set it up in the first test; North requires it since the second.
    const { page: manager } = await app.open();
    await signIn(manager, app.url, 'manager');
    const north = await manager.evaluate(async () => {
      const orgs = (await (await fetch('/api/v1/admin/getOrganizations')).json()) as { id: number; name: string }[];
      return orgs.find((o) => o.name === 'Nordic Heat North')?.id;
    });
    await manager.goto(`${app.url}/admin?tab=userManagement&org=${north}`);
    await manager.getByRole('button', { name: 'Reset two-factor sign-in: Oskar Berg' }).click();
    const dialog = manager.getByRole('dialog', { name: 'Reset two-factor sign-in of Oskar Berg?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
    await toasts(manager).filter({ hasText: 'Two-factor sign-in reset' }).waitFor();

    // The password alone gets past sign-in again, and the policy asks for a new set-up.
    const { page } = await app.open();
    await signInThroughForm(page, app.url, 'operator', DEMO_PASSWORD);
    await waitForPath(page, '/two-factor');
    await page.getByTestId('two-factor-secret').waitFor();
  });
});
