import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useApp } from './support/app.ts';

// The simulator is off: the alarm list keeps the demo's alarms while the test reads and resizes it.
const app = useApp(() => ({ SIM_INTERVAL_S: '0' }));

const LIST = '[data-widget-type=alarmList]';
const width = (el: Locator) => el.evaluate((e) => Math.round(e.getBoundingClientRect().width));

/** Resolves when the debounced save of the dashboard in view has reached the server. */
function nextSave(page: Page) {
  return page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/api/v3/user/dashboard/') && r.ok(),
  );
}

async function openAlarms(page: Page) {
  await page.goto(`${app.url}/dashboard/alarms`);
  await page.locator(`${LIST} tbody tr[aria-rowindex]`).first().waitFor();
}

describe('list columns', () => {
  it('shows a cut alarm text in full on keyboard focus and on hover at 1440 px', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator');
    await openAlarms(page);
    const list = page.locator(LIST);
    // The text column takes the room the others leave: wider than the alarm type and unit columns.
    const header = (name: string) => list.getByRole('columnheader', { name, exact: true });
    expect(await width(header('Text'))).toBeGreaterThan(await width(header('Unit')));
    expect(await width(header('Time'))).toBeLessThan(await width(header('Text')));

    // The first row whose text is cut (its line narrower than its content).
    const cut = await list.locator('tbody tr[aria-rowindex]').evaluateAll((rows) =>
      rows.findIndex((r) => {
        const line = r.querySelector('td:last-child .line') as HTMLElement | null;
        return line !== null && line.scrollWidth > line.clientWidth + 1;
      }),
    );
    expect(cut).toBeGreaterThanOrEqual(0);
    const cell = list.locator('tbody tr[aria-rowindex]').nth(cut).locator('td').last();
    const text = ((await cell.textContent()) ?? '').trim();
    const full = page.locator('.vt__full');

    // Keyboard: the grid focused, the arrow keys onto that row; its cut cells show in full beside it.
    await list.getByRole('grid').focus();
    for (let i = 0; i < cut; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => full.textContent()).toContain(text);
    const box = await full.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 1440).toBe(true);

    // Pointer: with the keyboard gone from the grid, hovering the cell shows it too.
    await list.getByRole('grid').evaluate((grid) => (grid as HTMLElement).blur());
    await expect.poll(() => full.count()).toBe(0);
    await cell.hover();
    await expect.poll(() => full.textContent()).toContain(text);
  });

  it('resizes a column by dragging its header edge and by the keyboard, and keeps the width after a reload', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'operator');
    await openAlarms(page);
    const list = page.locator(LIST);
    const unit = list.getByRole('columnheader', { name: 'Unit', exact: true });
    const handle = list.getByRole('separator', { name: 'Resize column Unit' });
    const before = await width(unit);

    // Dragging the edge 60 px to the end.
    const edge = await handle.boundingBox();
    if (!edge) throw new Error('no resize handle');
    const y = edge.y + edge.height / 2;
    await page.mouse.move(edge.x + edge.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(edge.x + edge.width / 2 + 30, y, { steps: 3 });
    await page.mouse.move(edge.x + edge.width / 2 + 60, y, { steps: 3 });
    let saved = nextSave(page);
    await page.mouse.up();
    await saved;
    const dragged = await width(unit);
    expect(Math.abs(dragged - (before + 60))).toBeLessThanOrEqual(1);

    // Two steps of the arrow key on the focused handle.
    saved = nextSave(page);
    await handle.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await saved;
    const keyed = await width(unit);
    expect(keyed).toBe(dragged + 32);
    expect(await handle.getAttribute('aria-valuenow')).toBe(String(keyed));

    await page.reload();
    await page.locator(`${LIST} tbody tr[aria-rowindex]`).first().waitFor();
    expect(await width(page.locator(LIST).getByRole('columnheader', { name: 'Unit', exact: true }))).toBe(keyed);
  });
});
