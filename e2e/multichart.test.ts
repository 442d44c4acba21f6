import fs from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useApp } from './support/app.ts';
import { nextSave } from './support/dashboards.ts';

const app = useApp();

type DemoDevice = { id: number; name: string };
type Series = { column: string; points: unknown[] };

/** Demo units with measurements in the last day, each with the columns it reported. */
async function unitsWithData(page: Page, wanted: number): Promise<{ unit: DemoDevice; columns: string[] }[]> {
  return page.evaluate(async (wanted) => {
    const devices: { id: number; name: string }[] = await (await fetch('/api/v1/device')).json();
    const out: { unit: { id: number; name: string }; columns: string[] }[] = [];
    for (const d of devices) {
      const data: { series: Series[] } = await (await fetch(`/api/v3/device/devices/${d.id}/data?records=1`)).json();
      const columns = data.series.filter((s) => s.points.length > 0).map((s) => s.column);
      if (columns.length > 0) out.push({ unit: { id: d.id, name: d.name }, columns });
      if (out.length === wanted) break;
    }
    return out;
  }, wanted);
}

/** The text of a download (the browser streamed it to disk). */
async function downloaded(download: Download): Promise<string> {
  const file = await download.path();
  return fs.readFileSync(file, 'utf8');
}

describe('multichart', () => {
  it('is added from the picker, shows two units configured in its settings, and keeps them after a reload', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator');
    const [first, second] = await unitsWithData(page, 2);
    if (!first || !second) throw new Error('the demo fleet has fewer than two units with data');

    await page.getByRole('button', { name: 'Switch dashboard' }).click();
    await page.getByRole('menuitem', { name: 'New dashboard' }).click();
    const create = page.getByRole('dialog', { name: 'New dashboard' });
    await create.getByLabel('Dashboard name').fill('Trends');
    await create.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Trends', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('toolbar', { name: 'Editing the dashboard' }).waitFor();

    let saved = nextSave(page);
    await page.getByRole('button', { name: 'Add widget' }).click();
    await page.getByRole('dialog', { name: 'Add widget' }).locator('[data-type=multichart]').click();
    const widget = page.locator('[data-widget-type=multichart]');
    await widget.getByText('No series chosen').waitFor();
    await saved;

    // Two series: a column of each unit.
    await widget.getByRole('button', { name: 'Widget actions' }).click();
    await page.getByRole('menuitem', { name: 'Widget settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Widget settings' });
    for (const [i, { unit, columns }] of [first, second].entries()) {
      await dialog.getByRole('button', { name: 'Add series' }).click();
      await dialog.getByLabel(`Unit of series ${i + 1}`).selectOption(String(unit.id));
      // The column list comes from what the unit reported.
      await dialog.getByLabel(`Measurement of series ${i + 1}`).selectOption(columns[0] as string);
    }
    await dialog.getByText('Up to 10 units (2 chosen)').waitFor();
    saved = nextSave(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const body = await (await saved).request().postDataJSON();
    const stored = Object.values(body.widgets as Record<string, { component: string; props: unknown }>).find(
      (w) => w.component === 'multichart',
    );
    expect(stored?.props).toEqual({
      series: [
        { unitId: first.unit.id, column: first.columns[0] },
        { unitId: second.unit.id, column: second.columns[0] },
      ],
      followLinkGroup: false,
    });

    const legendUnits = () => widget.locator('.chart__item .chart__prefix').allTextContents();
    await expect.poll(legendUnits).toEqual([first.unit.name, second.unit.name]);
    await widget.getByRole('img', { name: /2 units/ }).waitFor();

    await page.reload();
    await expect.poll(legendUnits).toEqual([first.unit.name, second.unit.name]);

    // Its export covers both units.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      widget.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const lines = (await downloaded(download)).split('\r\n');
    expect(lines[0]).toMatch(/^UnitID,UnitName,DataTime,/);
    const ids = new Set(lines.slice(1, -1).map((l) => Number(l.split(',')[0])));
    expect(ids).toEqual(new Set([first.unit.id, second.unit.id]));
  });

  it("downloads the chart widget's range as CSV from its Export CSV link", async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator');
    const [withData] = await unitsWithData(page, 1);
    if (!withData) throw new Error('the demo fleet has no unit with data');

    await page.goto(`${app.url}/dashboard/telemetry`);
    const chart = page.locator('[data-widget-type=charts]');
    await chart.getByText('Select a unit').waitFor();
    await page
      .locator('[data-widget-type=deviceList] tbody tr[aria-selected]')
      .filter({ hasText: withData.unit.name })
      .first()
      .click();
    await chart.getByRole('img', { name: new RegExp(withData.unit.name) }).waitFor();

    const link = chart.getByRole('link', { name: 'Export CSV' });
    expect(await link.getAttribute('download')).not.toBeNull();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^fieldwatch-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await downloaded(download)).split('\r\n');
    expect(lines[0]).toMatch(/^UnitID,UnitName,DataTime,/);
    expect(lines[0]?.split(',')).toContain(withData.columns[0]);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines[1]?.startsWith(`${withData.unit.id},`)).toBe(true);
  });
});
