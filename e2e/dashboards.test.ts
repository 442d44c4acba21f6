import { decodeDashboardId } from '@fieldwatch/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenMeteo } from '../server/test/fixtures/fakeOpenMeteo.ts';
import { okPipeUnit } from './support/alarm.ts';
import { DESKTOP, PHONE, signIn, startEditing, toasts, useApp } from './support/app.ts';

// The weather widget reads a fake Open-Meteo on loopback (the real one is outside this network).
const weather = new FakeOpenMeteo();
beforeAll(() => weather.listen());
afterAll(() => weather.stop());
// The simulator is off: a simulated unit's next report (every 10 s) would clear the alarm the last
// test raises, at times before the page showed it.
// The tile server is a closed port on loopback: an offline site, the same in every environment.
const app = useApp(() => ({
  WEATHER_URL: weather.url,
  SIM_INTERVAL_S: '0',
  TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
}));

const DASHBOARD = '/api/v3/user/dashboard/';
const MAIN_NAV = 'Main navigation';
const idInUrl = (page: Page) => new URL(page.url()).pathname.split('/').pop() ?? '';
const widgetTypes = (page: Page) =>
  page.$$eval('[data-widget-type]', (els) => els.map((e) => e.getAttribute('data-widget-type') ?? '').sort());

/** Resolves when the debounced save of the dashboard in view has reached the server. */
function nextSave(page: Page) {
  const id = idInUrl(page);
  return page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`${DASHBOARD}${id}`) && r.ok());
}

/** A widget still loading, failed or empty (the charts' "select a unit" state is their empty state). */
const NOT_SHOWING_DATA = '.wskel, .wstate, .chart--loading, [role=alert]';

/**
 * Every widget of the dashboard in view ends up showing data: no skeleton, error or empty state,
 * and the data itself: the units' counts, the weather's five days, map views, table rows.
 */
async function expectWidgetsShowData(page: Page) {
  const widgets = page.locator('[data-widget-type]:not([data-widget-type=charts])');
  await expect
    .poll(async () =>
      widgets.evaluateAll((els, sel) => els.filter((e) => e.querySelector(sel)).length, NOT_SHOWING_DATA),
    )
    .toBe(0);
  for (const type of await widgetTypes(page)) {
    const widget = page.locator(`[data-widget-type=${type}]`);
    if (type === 'status')
      expect(Number((await widget.locator('.kpi__figure').textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);
    if (type === 'weather') await expect.poll(() => widget.locator('.weather__days > li').count()).toBe(5);
    if (type.endsWith('Map')) await expect.poll(() => widget.locator('[data-view]').count()).toBe(1);
    if (type.endsWith('List'))
      await expect.poll(() => widget.locator('tbody tr[aria-selected]').count()).toBeGreaterThan(0);
  }
}

describe('dashboards', () => {
  it('opens the overview for /dashboard/default once dashboards have loaded, and every built-in from the navigation', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'manager');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(decodeDashboardId(idInUrl(page))).toBeGreaterThan(0);
    expect(await widgetTypes(page)).toEqual(['alarms', 'battery', 'deviceMap', 'status', 'temp', 'weather']);

    const expected: [string, string, string[]][] = [
      ['Units', 'Units', ['deviceList', 'deviceMap']],
      ['Alarm list', 'Alarm list', ['alarmList', 'alarmMap']],
      ['Map', 'Map', ['charts', 'deviceMap']],
      ['Data', 'Data', ['charts', 'deviceList']],
    ];
    const rail = page.getByRole('navigation', { name: MAIN_NAV });
    await expectWidgetsShowData(page);
    for (const [entry, title, types] of expected) {
      await rail.getByRole('link', { name: entry, exact: true }).click();
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      expect(decodeDashboardId(idInUrl(page)), entry).toBeGreaterThan(0);
      expect(await widgetTypes(page), entry).toEqual(types);
      await expectWidgetsShowData(page);
    }
    // The manager's customers have no Parking right: no parking dashboard, no entry.
    await expect(rail.getByRole('link', { name: 'Parking' }).count()).resolves.toBe(0);
  });

  it("starts the overview's alarm count with the app, before its widget's code, and the widget takes that answer", async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'manager');
    await page.locator('[data-widget-type=alarms] .kpi__figure').waitFor();

    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/GetKPIAlarms')) asked.push((r.postDataJSON() as { StartDate: string }).StartDate);
    });
    // The widget's code is held until the count has been asked for: only the start-up read can ask.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/AlarmsWidget-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const startupRead = page.waitForRequest((r) => r.url().endsWith('/GetKPIAlarms'));
    await page.reload();
    await startupRead;
    expect(asked.length).toBe(1);
    release();
    await page.locator('[data-widget-type=alarms] .kpi__figure').waitFor();
    // Asked from the minute on, so the widget's own key (built seconds later) is the same.
    expect(asked.length).toBe(1);
    expect(asked[0]).toMatch(/:00$/);
  });

  it('asks an unreachable tile server once, says so on the map, and the next map does not ask again', async () => {
    const { page } = await app.open();
    const tiles: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith('http://127.0.0.1:9/')) tiles.push(r.url());
    });
    await signIn(page, app.url, 'manager');
    await page.locator('[data-widget-type=deviceMap]').getByText('Background map unavailable').waitFor();
    expect(tiles).toHaveLength(1);
    await page.getByRole('navigation', { name: MAIN_NAV }).getByRole('link', { name: 'Map', exact: true }).click();
    await page.getByRole('heading', { name: 'Map', level: 1 }).waitFor();
    await page.locator('[data-widget-type=deviceMap]').getByText('Background map unavailable').waitFor();
    expect(tiles).toHaveLength(1);
    await expect(page.locator('img.leaflet-tile').count()).resolves.toBe(0);
  });

  it('gives a user with the Parking right the parking dashboard', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'parking');
    // This user reads Danish: the entry is found by where it leads.
    await page.goto(`${app.url}/dashboard/parking`);
    await page.locator('[data-widget-type=parkingMap]').waitFor();
    expect(await widgetTypes(page)).toEqual(['parkingList', 'parkingMap', 'parkingStatistics']);
    await expectWidgetsShowData(page);
    const rail = page.getByRole('navigation', { name: 'Hovednavigation' });
    await expect(rail.locator(`a[href="/dashboard/${idInUrl(page)}"]`).count()).resolves.toBe(1);
  });

  it("tells the parking customer, in Danish, why its overview's temperature is empty", async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'parking');
    await page.goto(`${app.url}/dashboard/overview`);
    const temp = page.locator('[data-widget-type=temp]');
    // Its parking sensors measure no temperature: said so, with what would show one.
    await temp.getByText(/^Ingen af de \d+ enheder i visningen rapporterer en temperatur$/).waitFor();
    await temp.getByText('Enheder med en PT-føler eller en temperatursensor viser deres temperatur her.').waitFor();
  });

  it('adds, links, renames and removes widgets, and every edit survives a reload', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator');
    await page.goto(`${app.url}/dashboard/map`);
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
    await signIn(page, app.url, 'operator');
    await page.goto(`${app.url}/dashboard/map`);
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
    await signIn(page, app.url, 'operator');
    await page.goto(`${app.url}/dashboard/units`);
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
    for (const width of [DESKTOP.width, 900, PHONE.width]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForFunction(() => document.querySelector('.dashboard-grid:not([data-editing])'));
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

  it('selecting a unit in the unit list moves the map and fills the chart of its link group', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator');
    const devices: { name: string; latitude: number | null; longitude: number | null }[] = await page.evaluate(
      async () => (await fetch('/api/v1/device')).json(),
    );

    // Units: list and map share the default link group.
    await page.goto(`${app.url}/dashboard/units`);
    const map = page.locator('[data-widget-type=deviceMap] [data-view]');
    await map.waitFor();
    await page.locator('[data-widget-type=deviceList] tbody tr[aria-selected]').nth(2).click();
    // The name of the row that is selected now: live updates may reorder the list meanwhile.
    const selected = page.locator('[data-widget-type=deviceList] tbody tr[aria-selected=true]');
    const name = (await selected.locator('.vt__strong').textContent()) ?? '';
    const unit = devices.find((d) => d.name === name);
    if (unit?.latitude == null || unit.longitude == null) throw new Error(`no position for ${name}`);
    const [uLat, uLng] = [unit.latitude, unit.longitude];
    const view = async () => (await map.getAttribute('data-view'))?.split(',').map(Number) ?? [];
    // The map flies there: zoomed in and centred on the unit once the flight ends.
    await expect
      .poll(async () => {
        const [lat = 0, lng = 0, zoom = 0] = await view();
        return zoom >= 10 && Math.abs(lat - uLat) < 0.005 && Math.abs(lng - uLng) < 0.005;
      })
      .toBe(true);
    // A click on the unit's marker (by Web Mercator from the settled view's centre) opens its popup,
    // named from its details. (Earlier tests may have moved the map down the page.)
    await map.scrollIntoViewIfNeeded();
    const box = await map.boundingBox();
    const [cLat = 0, cLng = 0, zoom = 0] = await view();
    if (!box) throw new Error('no map box');
    const world = 256 * 2 ** zoom;
    const y = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * (world / (2 * Math.PI));
    await page.mouse.click(
      box.x + box.width / 2 + ((uLng - cLng) / 360) * world,
      box.y + box.height / 2 - (y(uLat) - y(cLat)),
    );
    const popup = page.locator('.unit-popup');
    await expect.poll(() => popup.locator('.unit-popup__name').textContent()).toBe(name);
    await expect(popup.locator('.unit-popup__facts dd').first().textContent()).resolves.not.toBe('');

    // Data: the chart asks for a unit until the list of its link group selects one.
    await page.goto(`${app.url}/dashboard/telemetry`);
    const chart = page.locator('[data-widget-type=charts]');
    await chart.getByText('Select a unit').waitFor();
    const dataRow = page.locator('[data-widget-type=deviceList] tbody tr[aria-selected]').filter({ hasText: name });
    await dataRow.click();
    await chart.getByRole('img', { name: new RegExp(name) }).waitFor();
    await expect.poll(() => chart.locator('.chart__item').count()).toBeGreaterThan(0);
  });

  it("shows a unit's new alarm in lists and counts without a reload", async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator');
    await page.goto(`${app.url}/dashboard/units`);
    const list = page.locator('[data-widget-type=deviceList]');
    await list.locator('tbody tr[aria-selected]').first().waitFor();
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    const { unit, reportWetInsulation } = await okPipeUnit(page, app.server);

    const alarmChip = page.locator('.filter-bar__statuses button').filter({ hasText: 'Alarm' });
    const chipCount = async () => Number(await alarmChip.locator('.chip__count').textContent());
    const before = await chipCount();
    const row = list.locator('tbody tr[aria-selected]').filter({ hasText: unit.name });
    await expect(row.locator('.status-label').textContent()).resolves.toContain('OK');

    await reportWetInsulation();
    await expect.poll(() => row.locator('.status-label').textContent()).toContain('Alarm');
    await expect.poll(chipCount).toBe(before + 1);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
  it("counts the overview's units by status as the list does, narrowed by the search, and follows a new alarm", async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    const status = page.locator('[data-widget-type=status]');
    const kpi = async (word: string) =>
      Number(await status.locator('.status-row').filter({ hasText: word }).locator('.status-row__count').textContent());
    const chip = async (word: string) =>
      Number(
        await page
          .locator('.filter-bar__statuses button')
          .filter({ hasText: word })
          .locator('.chip__count')
          .textContent(),
      );
    const WORDS = ['Alarm', 'Problem', 'OK', 'Inactive'];
    const STATUSES = ['alarm', 'problem', 'ok', 'inactive'];
    /** The KPI's and the chips' counts, and the device list counted by status, read together. */
    const agree = async () => {
      const list: { status: string }[] = await page.evaluate(async () => (await fetch('/api/v1/device')).json());
      const counted = STATUSES.map((s) => list.filter((d) => d.status === s).length).join();
      const shown = [(await Promise.all(WORDS.map(kpi))).join(), (await Promise.all(WORDS.map(chip))).join()];
      return shown.every((c) => c === counted) ? 'agree' : `${shown} against ${counted}`;
    };
    await status.locator('.status-row').first().waitFor();
    // Without a search the server's counts are the device list's, in the KPI and on the chips (the
    // demo fleet alarms meanwhile: read until one moment shows all three alike).
    await expect.poll(agree).toBe('agree');

    // A search narrows the counts to the units it finds, the filter bar's status chips with them,
    // and the map draws only those units (its legend counts what the server placed).
    const { unit, reportWetInsulation } = await okPipeUnit(page, app.server);
    const search = page.getByLabel('Search units and alarms');
    const whole = await Promise.all(WORDS.map(chip));
    const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
    const searched = (path: string) =>
      page.waitForResponse((r) => {
        const url = new URL(r.url());
        return url.pathname === path && url.searchParams.get('q') === unit.name;
      });
    const counted = searched('/api/v1/device/statusCounts');
    const placed = searched('/api/v1/device/mapUnits');
    await search.fill(unit.name);
    await counted;
    await expect.poll(async () => sum(await Promise.all(WORDS.map(kpi)))).toBeLessThan(sum(whole));
    const narrowed = await Promise.all(WORDS.map(kpi));
    expect(narrowed[2]).toBeGreaterThanOrEqual(1);
    for (const [i, word] of WORDS.entries()) await expect.poll(() => chip(word), { message: word }).toBe(narrowed[i]);
    const onMap: { ids: number[] } = await (await placed).json();
    expect(onMap.ids).toContain(unit.id);
    const legend = page.locator('[data-widget-type=deviceMap] .unit-map__legend-count');
    await expect
      .poll(async () => sum((await legend.allTextContents()).map((n) => Number(n.replace(/\D/g, '')))))
      .toBe(onMap.ids.length);
    // The temperature KPI narrows with them: the one unit's own temperature, or none.
    const [own] = await page.evaluate(
      async (id) => (await fetch(`/api/v1/xrequest/GetUnitsShowValue?UnitIDs=${id}`)).json(),
      unit.id,
    );
    const temp = page.locator('[data-widget-type=temp]');
    if (typeof own?.Temperature === 'number')
      await expect.poll(() => temp.locator('.kpi__figure').textContent()).toBe(`${own.Temperature.toFixed(1)} °C`);
    else await temp.getByText('The unit in view reports no temperature').waitFor();

    // The unit's new alarm moves it from OK to Alarm without a reload.
    await reportWetInsulation();
    await expect.poll(() => kpi('Alarm')).toBe((narrowed[0] ?? 0) + 1);
    expect(await kpi('OK')).toBe((narrowed[2] ?? 0) - 1);
    await search.fill('');
    await expect.poll(agree).toBe('agree');
  });
});
