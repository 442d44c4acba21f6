import { decodeDashboardId } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { okPipeUnit } from './support/alarm.ts';
import { signIn } from './support/app.ts';
import { expectWidgetsShowData, idInUrl, MAIN_NAV, useDashboardsApp, widgetTypes } from './support/dashboards.ts';

const app = useDashboardsApp();

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
    // The clock stands still: both reads take their start from the minute they run in, and a minute
    // turning between them (likelier on a busy machine) would rightly make them differ.
    await page.clock.setFixedTime(new Date());
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
    // This user reads Danish: the dashboard is opened by its address.
    await signIn(page, app.url, 'parking', { to: '/dashboard/parking' });
    await page.locator('[data-widget-type=parkingMap]').waitFor();
    expect(await widgetTypes(page)).toEqual(['parkingList', 'parkingMap', 'parkingStatistics']);
    await expectWidgetsShowData(page);
    const rail = page.getByRole('navigation', { name: 'Hovednavigation' });
    await expect(rail.locator(`a[href="/dashboard/${idInUrl(page)}"]`).count()).resolves.toBe(1);
  });

  it("tells the parking customer, in Danish, why its overview's temperature is empty", async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'parking', { to: '/dashboard/overview' });
    const temp = page.locator('[data-widget-type=temp]');
    // Its parking sensors measure no temperature: said so, with what would show one.
    await temp.getByText(/^Ingen af de \d+ enheder i visningen rapporterer en temperatur$/).waitFor();
    await temp.getByText('Enheder med en PT-føler eller en temperatursensor viser deres temperatur her.').waitFor();
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
    await signIn(page, app.url, 'operator', { to: '/dashboard/units' });
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
