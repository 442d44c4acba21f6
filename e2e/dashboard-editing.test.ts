// Editing dashboards through the real UI: widgets added, linked, moved and removed; layouts at each
// breakpoint; templates, resets and workspace dashboards. Viewing them is dashboards.test.ts's.
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, signIn, startEditing, toasts } from './support/app.ts';
import { DASHBOARD, idInUrl, MAIN_NAV, nextSave, useDashboardsApp, widgetTypes } from './support/dashboards.ts';

const app = useDashboardsApp();

describe('dashboards: editing', () => {
  it('adds, links, renames and removes widgets, and every edit survives a reload', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator', { to: '/dashboard/map' });
    await page.getByRole('heading', { name: 'Map', level: 1 }).waitFor();
    await startEditing(page);

    // A second map is refused in the picker; a status widget is added.
    await page.getByRole('button', { name: 'Add widget' }).click();
    const picker = page.getByRole('dialog', { name: 'Add widget' });
    await expect(picker.locator('[data-type=alarmMap]').isDisabled()).resolves.toBe(true);
    await expect(picker.locator('[data-type=alarmMap]').textContent()).resolves.toContain('You can only have one map');
    let saved = nextSave(page);
    await picker.locator('[data-type=status]').click();
    await page.locator('[data-widget-type=status]').waitFor();
    await saved;

    // A new link group, and the chart moved into it.
    saved = nextSave(page);
    await page.getByRole('toolbar').getByRole('button', { name: 'Link group' }).click();
    await page.getByRole('toolbar').getByText('Group 2').waitFor();
    await saved;
    saved = nextSave(page);
    await page.locator('[data-widget-type=charts]').getByTestId('link-chip').click();
    await page.getByRole('menuitem', { name: 'Group 2' }).click();
    await expect(page.locator('[data-widget-type=charts]').getByTestId('link-chip').textContent()).resolves.toContain(
      'Group 2',
    );
    await saved;

    // Rename the dashboard.
    await page.getByRole('toolbar').getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename' });
    await rename.getByLabel('Dashboard name').fill('');
    await rename.getByRole('button', { name: 'Save' }).click();
    await rename.getByText('Dashboard name should not be blank').waitFor();
    await rename.getByLabel('Dashboard name').fill('Pipes north');
    await rename.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Pipes north', level: 1 }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Pipes north', level: 1 }).waitFor();
    expect(await widgetTypes(page)).toEqual(['charts', 'deviceMap', 'status']);
    await startEditing(page);
    await expect(page.locator('[data-widget-type=charts]').getByTestId('link-chip').textContent()).resolves.toContain(
      'Group 2',
    );

    // Remove the status widget again.
    saved = nextSave(page);
    await page.locator('[data-widget-type=status]').getByRole('button', { name: 'Widget actions' }).click();
    await page.getByRole('menuitem', { name: 'Remove widget' }).click();
    await page.locator('[data-widget-type=status]').waitFor({ state: 'detached' });
    await saved;
    await page.reload();
    await page.locator('[data-widget-type=charts]').waitFor();
    expect(await widgetTypes(page)).toEqual(['charts', 'deviceMap']);

    // Restore brings the built-in back, name included.
    await startEditing(page);
    saved = nextSave(page);
    await page.getByRole('toolbar').getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('dialog', { name: 'Restore' }).getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('heading', { name: 'Map', level: 1 }).waitFor();
    await saved;
    await page.reload();
    await page.getByRole('heading', { name: 'Map', level: 1 }).waitFor();
    await startEditing(page);
    await expect(page.locator('[data-widget-type=charts]').getByTestId('link-chip').textContent()).resolves.toContain(
      'Default',
    );
  });

  it('offers no widget store, and opens a dashboard stored with one without it', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator');
    // A dashboard saved while the widget store was offered: the stored map dashboard with one added.
    await page.route(/\/api\/v3\/user\/dashboard(\?.*)?$/, async (route) => {
      const response = await route.fetch();
      type Content = { static?: string; widgets: Record<string, unknown>; layouts: Record<string, unknown[]> };
      const records: { content: Content | null }[] = await response.json();
      const map = records.find((r) => r.content?.static === 'map')?.content;
      if (map) {
        map.widgets.oldStore = { component: 'widgetStore', name: '', group: null, props: {}, settings: {} };
        for (const [bp, w] of Object.entries({ md: 4, sm: 4, xs: 2 }))
          map.layouts[bp]?.push({ i: 'oldStore', x: 0, y: 40, w, h: 5, mW: w === 2 ? 1 : 2, mH: 3 });
      }
      await route.fulfill({ response, json: records });
    });
    await page.goto(`${app.url}/dashboard/map`);
    await page.getByRole('heading', { name: 'Map', level: 1 }).waitFor();
    await page.locator('[data-widget-type=deviceMap]').waitFor();
    expect(await widgetTypes(page)).toEqual(['charts', 'deviceMap']);

    await startEditing(page);
    await page.getByRole('button', { name: 'Add widget' }).click();
    const picker = page.getByRole('dialog', { name: 'Add widget' });
    await picker.locator('[data-type=status]').waitFor();
    expect(await picker.locator('[data-type=widgetStore]').count()).toBe(0);
    expect(await picker.getByText('Widget store').count()).toBe(0);
  });

  it('says a dashboard could not be reset, and keeps it as it was', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator', { to: '/dashboard/map' });
    await page.getByRole('heading', { name: 'Map', level: 1 }).waitFor();
    await startEditing(page);
    let saved = nextSave(page);
    await page.getByRole('button', { name: 'Add widget' }).click();
    await page.getByRole('dialog', { name: 'Add widget' }).locator('[data-type=status]').click();
    await page.locator('[data-widget-type=status]').waitFor();
    await saved;

    // The server refuses the restored dashboard: the toast names it, and its widgets stay.
    const put = `**${DASHBOARD}${idInUrl(page)}`;
    await page.route(put, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 503, json: { message: 'Service unavailable' } })
        : route.continue(),
    );
    await page.getByRole('toolbar').getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('dialog', { name: 'Restore' }).getByRole('button', { name: 'Restore' }).click();
    await toasts(page).filter({ hasText: 'Could not reset Map' }).waitFor();
    await expect.poll(() => widgetTypes(page)).toEqual(['charts', 'deviceMap', 'status']);

    // With the server back, the restore goes through.
    await page.unroute(put);
    saved = nextSave(page);
    await page.getByRole('toolbar').getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('dialog', { name: 'Restore' }).getByRole('button', { name: 'Restore' }).click();
    await saved;
    expect(await widgetTypes(page)).toEqual(['charts', 'deviceMap']);
  });

  it('moves and resizes widgets in edit mode only, and keeps the layout after a reload', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator', { to: '/dashboard/units' });
    const list = page.locator('[data-widget-type=deviceList]');
    const map = page.locator('[data-widget-type=deviceMap]');
    await list.waitFor();
    const before = { list: await list.boundingBox(), map: await map.boundingBox() };
    if (!before.list || !before.map) throw new Error('no boxes');
    // Not editing: no drag handles, no resize handles.
    await expect(page.locator('.widget__drag').count()).resolves.toBe(0);

    await startEditing(page);
    // Drag the list's handle past the map: the two swap places.
    const handle = list.locator('.widget__drag');
    await handle.waitFor();
    const h = await handle.boundingBox();
    if (!h) throw new Error('no handle');
    let saved = nextSave(page);
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(before.map.x + before.map.width - 40, h.y + 20, { steps: 12 });
    await page.mouse.up();
    await saved;
    const moved = await list.boundingBox();
    expect(moved?.x).toBeGreaterThan(before.list.x + 100);

    // Resize the map from its corner handle: it gets shorter.
    const resize = map.locator('.react-resizable-handle-se');
    await resize.scrollIntoViewIfNeeded();
    const r = await resize.boundingBox();
    if (!r) throw new Error('no resize handle');
    const mapBefore = await map.boundingBox();
    saved = nextSave(page);
    await page.mouse.move(r.x + r.width / 2, r.y + r.height / 2);
    await page.mouse.down();
    await page.mouse.move(r.x + r.width / 2, r.y - 200, { steps: 10 });
    await page.mouse.up();
    await saved;
    const mapAfter = await map.boundingBox();
    expect(mapAfter && mapBefore && mapBefore.height - mapAfter.height).toBeGreaterThan(100);

    await page.reload();
    await list.waitFor();
    // Grid items glide into place after a load; the positions settle where they were saved.
    await expect.poll(async () => (await list.boundingBox())?.x).toBeCloseTo(moved?.x ?? 0, 0);
    await expect.poll(async () => (await map.boundingBox())?.height).toBeCloseTo(mapAfter?.height ?? 0, 0);
  });

  it('switches layouts at the breakpoints: 12 columns wide, 6 on tablets, 2 on phones', async () => {
    const { page } = await app.open(DESKTOP);
    await signIn(page, app.url, 'operator');
    const grid = page.locator('.dashboard-grid');
    await page.locator('[data-widget-type=status]').waitFor();
    const widthRatio = async () => {
      const g = await grid.boundingBox();
      const s = await page.locator('[data-widget-type=status]').boundingBox();
      return (s?.width ?? 0) / (g?.width ?? 1);
    };
    await expect(grid.getAttribute('data-breakpoint')).resolves.toBe('md');
    await expect.poll(widthRatio).toBeCloseTo(0.24, 1); // 3 of 12 columns
    await page.setViewportSize({ width: 900, height: 900 });
    await page.waitForFunction(
      () => document.querySelector('.dashboard-grid')?.getAttribute('data-breakpoint') === 'sm',
    );
    await expect.poll(widthRatio).toBeCloseTo(0.49, 1); // 3 of 6 (grid items glide there)
    await page.setViewportSize(PHONE);
    await page.waitForFunction(
      () => document.querySelector('.dashboard-grid')?.getAttribute('data-breakpoint') === 'xs',
    );
    await expect.poll(widthRatio).toBeCloseTo(0.49, 1); // 1 of 2
    const mapRatio = async () =>
      ((await page.locator('[data-widget-type=deviceMap]').boundingBox())?.width ?? 0) /
      ((await grid.boundingBox())?.width ?? 1);
    await expect.poll(mapRatio).toBeCloseTo(1, 1); // 2 of 2
    // Nothing pushes the phone page sideways (filter chips scroll within their row).
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  });

  it('draws a dashboard being viewed exactly where editing places it, at every breakpoint', async () => {
    // Viewing lays the widgets out without the interactive grid, which loads only for editing.
    const { page } = await app.open(DESKTOP);
    await signIn(page, app.url, 'operator');
    await page.locator('[data-widget-type=status]').waitFor();
    const boxes = () =>
      page.evaluate(() => {
        const grid = document.querySelector('.dashboard-grid')?.getBoundingClientRect();
        return Object.fromEntries(
          Array.from(document.querySelectorAll<HTMLElement>('.dashboard-grid [data-widget-id]')).map((el) => {
            const b = el.getBoundingClientRect();
            const at = [b.left - (grid?.left ?? 0), b.top - (grid?.top ?? 0), b.width, b.height];
            return [el.dataset.widgetType, at.map(Math.round)];
          }),
        );
      });
    for (const [width, breakpoint] of [
      [DESKTOP.width, 'md'],
      [900, 'sm'],
      [PHONE.width, 'xs'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      // The grid renders the new width a frame after the resize: wait for that render first.
      await page.waitForFunction(
        (bp) => document.querySelector(`.dashboard-grid[data-breakpoint=${bp}]:not([data-editing])`),
        breakpoint,
      );
      await expect.poll(async () => Object.keys(await boxes()).length).toBe(6);
      // Widths glide to the new size (a CSS transition): measure once nothing moves.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const viewed = await boxes();
      await startEditing(page);
      await page.locator('.react-resizable-handle').first().waitFor();
      // The editable grid's items glide into place.
      await expect.poll(boxes).toEqual(viewed);
      await page.getByRole('button', { name: 'Done', exact: true }).click();
    }
  });

  it('creates a dashboard from a template and deletes it', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'manager');
    await page.getByRole('button', { name: 'Switch dashboard' }).click();
    await page.getByRole('menuitem', { name: 'New dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'New dashboard' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Dashboard name should not be blank').waitFor();
    await dialog.getByLabel('Dashboard name').fill('Luleå <b>night</b>');
    await dialog.getByLabel('Start from').selectOption('alarms');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Luleå <b>night</b>', level: 1 }).waitFor();
    expect(await widgetTypes(page)).toEqual(['alarmList', 'alarmMap']);
    const id = idInUrl(page);
    // The navigation lists it under the user's own dashboards, its name as written.
    const rail = page.getByRole('navigation', { name: MAIN_NAV });
    const own = rail.getByRole('link', { name: 'Luleå <b>night</b>', exact: true });
    await expect(own.getAttribute('href')).resolves.toBe(`/dashboard/${id}`);
    await expect(rail.getByText('My dashboards').count()).resolves.toBe(1);
    await rail.getByRole('link', { name: 'Overview', exact: true }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await own.click();
    await page.getByRole('heading', { name: 'Luleå <b>night</b>', level: 1 }).waitFor();

    await startEditing(page);
    await page.getByRole('toolbar').getByRole('button', { name: 'Delete dashboard' }).click();
    await page.getByRole('dialog', { name: 'Delete dashboard' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await own.waitFor({ state: 'detached' });
    await page.goto(`${app.url}/dashboard/${id}`);
    await page.getByText('Dashboard not found').waitFor();
  });
  it('keeps a workspace dashboard with its organisation: shown while it is current, gone after a switch, listed to its SuperUser', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'manager');
    const switcher = page.getByTestId('organization-switcher');
    await expect(switcher.textContent()).resolves.toContain('Nordic Heat Utilities');
    await page.getByRole('button', { name: 'Switch dashboard' }).click();
    await page.getByRole('menuitem', { name: 'New dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'New dashboard' });
    await dialog.getByLabel('Dashboard name').fill('Heat rounds');
    await dialog.getByLabel('Show it').selectOption({ label: 'Only while Nordic Heat Utilities is selected' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Heat rounds', level: 1 }).waitFor();
    const id = idInUrl(page);

    const rail = page.getByRole('navigation', { name: MAIN_NAV });
    const link = rail.getByRole('link', { name: 'Heat rounds', exact: true });
    await rail.getByText('Workspace: Nordic Heat Utilities').waitFor();
    await expect(link.getAttribute('href')).resolves.toBe(`/dashboard/${id}`);
    await expect(rail.getByText('My dashboards').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Switch dashboard' }).click();
    const menu = page.getByRole('menu');
    await menu.getByText('Workspace: Nordic Heat Utilities').waitFor();
    await menu.getByRole('menuitem', { name: 'Heat rounds' }).waitFor();
    await page.keyboard.press('Escape');

    // Another organization: its workspace has none of this one's; the open one gives way to the overview.
    await switcher.click();
    await page.getByRole('menuitemcheckbox', { name: 'Nordic Heat North' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await link.waitFor({ state: 'detached' });
    await expect(rail.getByText(/^Workspace:/).count()).resolves.toBe(0);
    await switcher.click();
    await page.getByRole('menuitemcheckbox', { name: 'Nordic Heat Utilities' }).click();
    await link.click();
    await page.getByRole('heading', { name: 'Heat rounds', level: 1 }).waitFor();

    // Administration's workspace ownership lists it under its owner.
    await page.goto(`${app.url}/admin?tab=workspaceOwnership`);
    await page.getByRole('tabpanel').getByText('Heat rounds').waitFor();
  });

  it('closes a menu once an item is chosen, with reduced motion too, and gives the page back to screen readers', async () => {
    // app.open's pages prefer reduced motion: the menus and dialogs appear without an animation.
    const { page } = await app.open();
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    await signIn(page, app.url, 'operator', { to: '/dashboard/map' });
    await page.getByRole('heading', { name: 'Map', level: 1 }).waitFor();
    await startEditing(page);
    await page.getByRole('toolbar').getByRole('button', { name: 'Link group' }).click();
    await page.getByRole('toolbar').getByText('Group 2').waitFor();
    await page.locator('[data-widget-type=charts]').getByTestId('link-chip').click();
    await page.getByRole('menuitem', { name: 'Group 2' }).click();
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.shell').getAttribute('aria-hidden')).toBeNull();
  });
});
