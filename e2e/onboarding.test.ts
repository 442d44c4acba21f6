import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, useApp, waitForOrganization } from './support/app.ts';
import { signInThroughForm } from './support/browser.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD } from './support/server.ts';

// Issue 9 in a phone-sized browser: a new person opens a demo unit's tag URL, registers, accepts
// the terms, places the unit and watches it activate, then lands on their dashboard; an existing
// user joins with their login instead; a taken address and an owned unit say so. A fleet of 60
// units puts two reporting pipe monitors in stock with a tag each.
const app = useApp(() => ({ SIM_UNITS: '60', SIM_INTERVAL_S: '5' }));

type Tagged = { uuid: string; state: string; unitId: number };

/** The demo tags, found as the platform administrator sees them. */
async function demoTags(page: Page): Promise<Tagged[]> {
  await signInThroughForm(page, app.url, 'admin', ADMIN_PASSWORD);
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard/'));
  return page.evaluate(async () => {
    const units = (await (await fetch('/api/v1/device')).json()) as { id: number }[];
    const found: { uuid: string; state: string; unitId: number }[] = [];
    for (const u of units) {
      const uuid = (await (await fetch(`/api/v1/taghost/tag?unit=${u.id}`)).json()) as string;
      if (!uuid) continue;
      const pub = (await (await fetch(`/api/v1/nfc/tag/${uuid}`, { credentials: 'omit' })).json()) as { state: string };
      found.push({ uuid, state: pub.state, unitId: u.id });
    }
    return found;
  });
}

let tags: Tagged[] = [];
const stock = () => tags.filter((t) => t.state === 'available');

async function placeAndActivate(page: Page, location: string) {
  await page.getByRole('heading', { name: 'Place device' }).waitFor();
  await page.getByRole('button', { name: "Place at the map's centre" }).click();
  await page.getByLabel('Location', { exact: true }).fill(location);
  await page.getByRole('button', { name: 'Place and activate' }).click();
  await page.getByText('Sending its settings').waitFor();
  await page.getByText('The unit is active').waitFor({ timeout: 60_000 });
}

describe('NFC onboarding', () => {
  it('registers a new person with a trial, places the unit and activates it', async () => {
    tags = await demoTags((await app.open()).page);
    expect(stock()).toHaveLength(2);
    const tag = stock()[0] as Tagged;
    const { page } = await app.open(PHONE);
    await page.goto(`${app.url}/nfc/${tag.uuid}`);
    await page.getByText(/You scanned a unit of type/).waitFor();
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.getByRole('button', { name: /Create an account/ }).click();

    // The address of an existing account: the spec's text and advice.
    const field = (name: string) => page.getByLabel(name, { exact: true });
    await field('Username').fill('fia');
    await field('Full name').fill('Fia Fältare');
    await field('E-mail').fill('manager@example.com');
    await field('Password').fill('fia-secret-1');
    await field('Repeat password').fill('fia-secret-1');
    await field('Company name').fill('Fältvärme AB');
    await page.getByRole('button', { name: 'Continue to the terms' }).click();
    await page.getByText('NFC email already exists').waitFor();
    await page.getByText('Use a different email or log in.').waitFor();
    await field('E-mail').fill('fia@example.test');
    await page.getByRole('button', { name: 'Continue to the terms' }).click();

    // Every term of version 2023_1, accepted before the account is made.
    await page.getByText('Interest on late payment: 12 %.').waitFor();
    await page.getByRole('checkbox', { name: /I accept the terms, version 2023_1/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(/Your 4-week trial runs until/).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();

    await placeAndActivate(page, 'Pump house 7, Storgatan 1');
    await page.getByRole('button', { name: 'Open my dashboard' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/'));
    expect(await waitForOrganization(page)).toBe('Fältvärme AB');
    // The shell shows the trial's days left (on a phone, the number with the whole text as its name).
    await page.getByRole('status', { name: 'Trial: 28 days left' }).waitFor();
    const units = await page.evaluate(
      async () => (await (await fetch('/api/v1/device')).json()) as { id: number; location?: string }[],
    );
    expect(units.map((u) => u.id)).toEqual([tag.unitId]);
    const session = await page.evaluate(
      async () =>
        (await (await fetch('/api/v3/user/session')).json()) as { currentOrganization: { trialEndsAt?: string } },
    );
    expect(session.currentOrganization.trialEndsAt).toBeTruthy();
  });

  it('asks to join a company by its account URL; its SuperUser accepts in Administration and the invitation goes out', async () => {
    const { page: manager } = await app.open();
    await signInThroughForm(manager, app.url, 'manager', DEMO_PASSWORD);
    await manager.waitForURL((url) => url.pathname.startsWith('/dashboard/'));
    await manager.evaluate(async () => {
      const orgs = (await (await fetch('/api/v1/admin/getOrganizations')).json()) as { id: number; name: string }[];
      const north = orgs.find((o) => o.name === 'Nordic Heat North');
      const url = `/api/v1/admin/organization/${north?.id}/settings`;
      const settings = await (await fetch(url)).json();
      const saved = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...settings, accountUrl: 'heat-north' }),
      });
      if (!saved.ok) throw new Error(`settings: ${saved.status}`);
    });

    const { page } = await app.open(PHONE);
    // A tag still in stock (the next test places it): joining changes nothing about the unit.
    await page.goto(`${app.url}/nfc/${(stock()[1] as Tagged).uuid}`);
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.getByRole('button', { name: /My company already uses Fieldwatch/ }).click();
    const field = (name: string) => page.getByLabel(name, { exact: true });
    await page.getByRole('button', { name: 'Ask to join' }).click();
    await page.getByText("Your company's account URL should not be blank").waitFor();
    await page.getByText('Full name should not be blank').waitFor();
    await field("Your company's account URL").fill('no-such-company');
    await field('Full name').fill('Anna Ahlberg');
    await field('E-mail').fill('anna@example.test');
    await field('Message to the administrators (optional)').fill('New on the Luleå night shift');
    await page.getByRole('button', { name: 'Ask to join' }).click();
    await page.getByText('No organisation has this account URL').waitFor();
    // The whole sign-in address, pasted, names the account too.
    await field("Your company's account URL").fill(`${app.url}/a/heat-north`);
    await page.getByRole('button', { name: 'Ask to join' }).click();
    await page.getByRole('heading', { name: 'Your request went to Nordic Heat North' }).waitFor();

    // The manager administers Nordic Heat North: the request waits in the notification centre.
    await manager.goto(`${app.url}/notifications`);
    await manager.getByText('1 request to join waits for you').waitFor();
    await manager.getByRole('link', { name: 'Review in Administration' }).click();
    const request = manager.locator('.join-request', { hasText: 'Anna Ahlberg' });
    await request.getByText('New on the Luleå night shift').waitFor();
    await expect(request.textContent()).resolves.toContain('asks to join Nordic Heat North');
    await request.getByRole('button', { name: 'Accept' }).click();
    const dialog = manager.getByRole('dialog', { name: 'Add Anna Ahlberg to Nordic Heat North' });
    await expect(dialog.getByLabel('Username').inputValue()).resolves.toBe('anna');
    await dialog.getByLabel('Role').selectOption({ label: 'User' });
    await dialog.getByRole('button', { name: 'Add and invite' }).click();
    await manager.getByTestId('toast').filter({ hasText: 'anna was added' }).waitFor();
    await request.waitFor({ state: 'detached' });
    await manager.getByRole('tabpanel').getByText('Anna Ahlberg').waitFor();
    const roles = await manager.evaluate(async () => {
      const orgs = (await (await fetch('/api/v1/admin/getOrganizations')).json()) as { id: number; name: string }[];
      const north = orgs.find((o) => o.name === 'Nordic Heat North');
      const people = (await (await fetch(`/api/v1/admin/profilesByOrgId?organizationId=${north?.id}`)).json()) as {
        username: string;
        roleId: number;
        organizationId: number;
      }[];
      return people.filter((p) => p.username === 'anna').map((p) => [p.organizationId === north?.id, p.roleId]);
    });
    expect(roles).toEqual([[true, 1]]);
  });

  it('lets an existing user sign in instead, choose the organisation, and activate', async () => {
    const tag = stock()[1] as Tagged;
    const { page } = await app.open(PHONE);
    await page.goto(`${app.url}/nfc/${tag.uuid}`);
    await page.getByRole('button', { name: 'Get started' }).click();
    await page
      .getByRole('button', { name: /^Sign in/ })
      .first()
      .click();
    await page.getByLabel('Username').fill('manager');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).last().click();
    await page.getByRole('heading', { name: 'Select organisation' }).waitFor();
    await page.getByRole('radio', { name: 'Nordic Heat South' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await placeAndActivate(page, 'Valve chamber 3');
    // The unit is now one of the manager's, where and as it was placed.
    const units = await page.evaluate(async () => (await (await fetch('/api/v1/device')).json()) as { id: number }[]);
    expect(JSON.stringify(units.find((u) => u.id === tag.unitId))).toContain('Valve chamber 3');
  });

  it('says a unit owned by another organisation cannot be taken over', async () => {
    const owned = tags.find((t) => t.state === 'owned') as Tagged;
    const { page } = await app.open(PHONE);
    await page.goto(`${app.url}/nfc/${owned.uuid}`);
    await page.getByText('This unit belongs to another organisation').waitFor();
    expect(await page.getByRole('button', { name: 'Get started' }).count()).toBe(0);
  });
});
