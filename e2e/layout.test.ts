import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, signIn, toasts, useApp, waitForPath } from './support/app.ts';

const app = useApp();

const bodyBlurred = (page: Page) => page.evaluate(() => document.body.classList.contains('blur'));

describe('phone layout (375 px)', () => {
  it('shows the bottom bar instead of the rail, and the More drawer navigates and closes', async () => {
    const { page } = await app.open(PHONE);
    await signIn(page, app.url, 'operator');

    const bottomBar = page.locator('nav.bottombar');
    await bottomBar.waitFor({ state: 'visible' });
    await expect(page.locator('nav.rail').isVisible()).resolves.toBe(false);
    const bar = await bottomBar.boundingBox();
    expect(bar && bar.y + bar.height).toBeCloseTo(PHONE.height, 0);
    for (const entry of ['Overview', 'Units', 'Alarm list', 'Map']) {
      await expect(bottomBar.getByRole('link', { name: entry }).isVisible(), entry).resolves.toBe(true);
    }
    // Management lives behind "More" only.
    await expect(page.getByRole('link', { name: 'Devices' }).count()).resolves.toBe(0);

    await page.getByTestId('more-menu').click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor({ state: 'visible' });
    for (const entry of ['Devices', 'Groups', 'Locations', 'Tasks', 'Notifications']) {
      await expect(drawer.getByRole('link', { name: entry, exact: true }).isVisible(), entry).resolves.toBe(true);
    }
    expect(await bodyBlurred(page)).toBe(true);

    await drawer.getByRole('link', { name: 'Groups', exact: true }).click();
    await waitForPath(page, '/groupmanagement');
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Group management' }).waitFor();
    expect(await bodyBlurred(page)).toBe(false);

    // Widening the window brings the rail back and drops the bottom bar.
    await page.setViewportSize(DESKTOP);
    await page.locator('nav.rail').waitFor({ state: 'visible' });
    await bottomBar.waitFor({ state: 'detached' });
  });
});

describe('boot frame', () => {
  it('paints before any script arrives, and the app takes over with no blank page between', async () => {
    const { page } = await app.open(PHONE);
    await signIn(page, app.url, 'operator');
    await page.locator('nav.bottombar').waitFor();

    // Checked at every change of the page: neither the boot frame nor the shell is a blank page.
    await page.addInitScript(() => {
      const w = window as unknown as { blank: boolean };
      w.blank = false;
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (root && !root.querySelector('.boot, .shell')) w.blank = true;
      }).observe(document, { childList: true, subtree: true });
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    await page.locator('.boot__name').waitFor();
    await expect(page.locator('.boot__name').textContent()).resolves.toBe('Fieldwatch');
    await expect(page.locator('nav.bottombar').count()).resolves.toBe(0);

    release();
    await page.locator('nav.bottombar').waitFor();
    await expect(page.locator('.boot').count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as unknown as { blank: boolean }).blank)).resolves.toBe(false);
  });
});

describe('customer selector', () => {
  it('unchecking a customer updates "N of M in view", and the choice survives a reload', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'manager');
    const selector = page.getByTestId('customer-selector');
    const label = selector.locator('.topbar__wide-text');
    await expect.poll(() => label.textContent()).toBe('4 of 4 in view');

    await selector.click();
    const south = page.getByRole('menuitemcheckbox', { name: 'Nordic Heat South' });
    await expect(south.getAttribute('aria-checked')).resolves.toBe('true');
    await south.click();
    await expect.poll(() => label.textContent()).toBe('3 of 4 in view');
    // The menu stays open for several toggles.
    await expect(south.getAttribute('aria-checked')).resolves.toBe('false');
    await page.getByRole('menuitemcheckbox', { name: 'Luleå District Heating' }).click();
    await expect.poll(() => label.textContent()).toBe('2 of 4 in view');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    await page.reload();
    await expect.poll(() => label.textContent()).toBe('2 of 4 in view');
    await selector.click();
    const items = page.getByRole('menuitemcheckbox');
    await items.first().waitFor();
    const states = Object.fromEntries(
      await Promise.all(
        (await items.all()).map(async (item) => [
          (await item.textContent())?.replace('✓', '').trim(),
          await item.getAttribute('aria-checked'),
        ]),
      ),
    );
    expect(states).toEqual({
      'Nordic Heat Utilities': 'true',
      'Nordic Heat North': 'true',
      'Luleå District Heating': 'false',
      'Nordic Heat South': 'false',
    });

    // Checking one again adds it back.
    await page.getByRole('menuitemcheckbox', { name: 'Nordic Heat South' }).click();
    await expect.poll(() => label.textContent()).toBe('3 of 4 in view');
  });
});

describe('live connection indicator', () => {
  it('shows Live once the push socket to the server is open', async () => {
    const { page } = await app.open(DESKTOP);
    await signIn(page, app.url, 'operator');
    const indicator = page.getByTestId('connection');
    await expect.poll(() => indicator.getAttribute('data-status')).toBe('live');
    await expect(indicator.textContent()).resolves.toBe('Live');
  });
});

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box | null, b: Box | null) =>
  !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('small screens without overlaps', () => {
  it('top bar at 375 px: the customers "n/m" stays in its button and the unread count beside the bell', async () => {
    const { page } = await app.open(PHONE);
    await signIn(page, app.url, 'manager');
    const selector = page.getByTestId('customer-selector');
    await selector.locator('.topbar__count').waitFor();
    const fits = await selector.evaluate((b) => b.scrollWidth <= b.clientWidth);
    expect(fits).toBe(true);
    const badge = page.getByTestId('unseen-count');
    await badge.waitFor();
    const bell = await page.locator('.topbar__bell svg').boundingBox();
    expect(overlap(await badge.boundingBox(), bell)).toBe(false);
  });

  it('device management at 375 px: the table keeps a window of rows under its filters', async () => {
    const { page } = await app.open(PHONE);
    await signIn(page, app.url, 'manager', { to: '/devicemanagement' });
    const rows = page.locator('.device-table__rows');
    await rows.locator('tbody tr:not(.vt__spacer)').first().waitFor();
    const area = await rows.boundingBox();
    const row = await rows.locator('tbody tr:not(.vt__spacer)').first().boundingBox();
    expect(area && row && Math.floor(area.height / row.height)).toBeGreaterThanOrEqual(14);
  });

  it('the status chips of the filter bar keep a gap between them', async () => {
    const { page } = await app.open(PHONE);
    await signIn(page, app.url, 'manager');
    const chips = page.locator('.filter-bar__statuses .chip');
    await chips.nth(3).waitFor();
    const boxes = await chips.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    for (let i = 1; i < boxes.length; i++) {
      const [a, b] = [boxes[i - 1] as DOMRect, boxes[i] as DOMRect];
      expect(b.left - a.right).toBeGreaterThanOrEqual(8);
    }
  });

  it("toasts come in at the top, clear of a form's actions at its bottom", async () => {
    const { page } = await app.open(PHONE);
    await page.goto(`${app.url}/login`);
    await page.locator('input[name=username]').fill('manager');
    await page.locator('input[name=password]').fill('not-the-password');
    const submit = page.locator('form button[type=submit]');
    await submit.click();
    const toast = toasts(page).filter({ hasText: 'Username or password is incorrect' });
    await toast.waitFor();
    const box = await toast.boundingBox();
    expect(box && box.y + box.height).toBeLessThan(PHONE.height / 2);
    expect(overlap(box, await submit.boundingBox())).toBe(false);
  });
});
