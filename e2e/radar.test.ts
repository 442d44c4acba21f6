import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenMeteo } from '../server/test/fixtures/fakeOpenMeteo.ts';
import { PHONE, signIn, toasts, unitIdOf, useApp } from './support/app.ts';

// The radar view of a demo pipe unit with a leak (fleet index 1, X3S-D00002 in Stockholm): its
// curves, the reference and difference, markers created, edited, moved, locked and deleted, and the
// faults the analysis suggests accepted and dismissed, through the real UI against the real server.
const weather = new FakeOpenMeteo();
beforeAll(() => weather.listen());
afterAll(() => weather.stop());
const app = useApp(() => ({ WEATHER_URL: weather.url }));

const LEAK_SERIAL = 'X3S-D00002';

/** The leak's channel: the one whose newest curve departs most from its reference. */
async function leakChannelOf(page: Page, unitId: number): Promise<number> {
  return page.evaluate(async (id) => {
    let best = { channel: 1, size: -1 };
    for (const channel of [1, 2, 3, 4]) {
      const res = await fetch(`/api/v2/device/legacy/devices/${id}/radar/${channel}`);
      if (!res.ok) continue;
      const { result } = (await res.json()) as { result: { difference: number[] | null } };
      const size = Math.max(0, ...(result.difference ?? []).slice(20).map(Math.abs));
      if (size > best.size) best = { channel, size };
    }
    return best.channel;
  }, unitId);
}

const markerRow = (page: Page, name: string) => page.locator(`.radar-markers__item[data-marker="${name}"]`);
const dialog = (page: Page) => page.getByRole('dialog');

function markerCall(page: Page, method: string) {
  return page.waitForResponse(
    (r) => r.request().method() === method && /\/channel\/\d\/markers/.test(new URL(r.url()).pathname),
  );
}

async function openRadar(page: Page, query = '') {
  await signIn(page, app.url, 'manager');
  const id = await unitIdOf(page, LEAK_SERIAL);
  const channel = await leakChannelOf(page, id);
  await page.goto(`${app.url}/radar/${id}?channel=${channel}${query}`);
  await page.locator('.radar-plot__main canvas').first().waitFor();
  return { id, channel };
}

describe('the radar view', () => {
  it('shows a curve of a picked date with the reference curve, and the leak in the difference', async () => {
    const { page } = await app.open();
    const { channel } = await openRadar(page);
    await expect.poll(() => page.locator('h1').textContent()).not.toBe('Radar');
    expect(await page.getByLabel('Channel', { exact: true }).inputValue()).toBe(String(channel));

    // The dates of the period, newest first; pick the one before the newest.
    const dates = page.getByLabel(/^Curve \(/);
    const values = await dates.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(values.length).toBeGreaterThan(2);
    expect([...values].sort().reverse()).toEqual(values);
    const curveCall = page.waitForResponse((r) => /\/radar\/\d\?timestamp=/.test(r.url()) && r.ok());
    await dates.selectOption(values[1] as string);
    const curve = (await (await curveCall).json()).result as {
      positions: number[];
      ChannelDefaultRadar: { points: number[] } | null;
    };
    expect(new URL(page.url()).searchParams.get('date')).toBe(values[1]);
    expect(curve.ChannelDefaultRadar?.points.length).toBeGreaterThan(100);

    // The curve and the reference beside it, the difference below with the leak's dip.
    expect(await page.getByLabel('Compare with').inputValue()).toBe('reference');
    const legend = page.locator('.radar-legend');
    await expect.poll(() => legend.textContent()).toContain('Reference curve');
    expect(await page.locator('.radar-plot__diff canvas').count()).toBeGreaterThan(0);
    const finding = (await page.getByTestId('radar-finding').textContent()) ?? '';
    // Negative numbers are written with a real minus sign (U+2212).
    const m = /Largest change against the reference curve: (\u2212?[\d,.]+) at ([\d,.]+) m/.exec(finding);
    expect(m, finding).not.toBeNull();
    expect(Number(m?.[1]?.replace(/,/g, '').replace('\u2212', '-'))).toBeLessThan(-40);
    const position = Number(m?.[2]?.replace(/,/g, ''));
    expect(position).toBeGreaterThan(0);
    expect(position).toBeLessThan(curve.positions.at(-1) ?? 0);

    // Hiding the difference takes its pane away.
    await page.getByRole('button', { name: 'Difference' }).click();
    await expect.poll(() => page.locator('.radar-plot__diff').count()).toBe(0);
  });

  it('adds a marker through the dialog; it survives a reload, is edited, moved and deleted', async () => {
    const { page } = await app.open();
    await openRadar(page);

    await page.getByRole('button', { name: 'Add marker' }).click();
    await dialog(page).getByLabel('Name').fill('Valve K17');
    await dialog(page).getByLabel('Position').fill('150,5');
    await dialog(page).getByLabel('Comments').fill('Shut-off valve by the school');
    const created = markerCall(page, 'POST');
    await dialog(page).getByRole('button', { name: 'Add marker' }).click();
    expect((await created).status()).toBe(200);
    await markerRow(page, 'Valve K17').waitFor();
    expect(await markerRow(page, 'Valve K17').textContent()).toContain('150.5 m');
    await page.locator('.radar-mark__label[data-marker="Valve K17"]').waitFor();
    await expect.poll(() => toasts(page).allTextContents()).toContain('Marker Valve K17 added');

    await page.reload();
    await markerRow(page, 'Valve K17').waitFor();
    expect(await markerRow(page, 'Valve K17').textContent()).toContain('Shut-off valve by the school');

    // Edit: a new name and position.
    await page.getByRole('button', { name: 'Edit Valve K17' }).click();
    await dialog(page).getByLabel('Name').fill('Valve K17 north');
    await dialog(page).getByLabel('Position').fill('162');
    const edited = markerCall(page, 'PUT');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    expect((await edited).status()).toBe(200);
    await markerRow(page, 'Valve K17 north').waitFor();
    expect(await markerRow(page, 'Valve K17 north').textContent()).toContain('162 m');

    // Move: drag its line on the plot to the right.
    const label = page.locator('.radar-mark__label[data-marker="Valve K17 north"]');
    const box = await label.boundingBox();
    if (!box) throw new Error('the marker is not on the plot');
    const moved = markerCall(page, 'PUT');
    await page.mouse.move(box.x + 4, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + 124, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const after = (await (await moved).json()).result as { position: number };
    expect(after.position).toBeGreaterThan(162);
    await expect
      .poll(() => markerRow(page, 'Valve K17 north').textContent())
      .toContain(`${after.position.toLocaleString('en')} m`);

    // Delete, confirmed.
    await page.getByRole('button', { name: 'Delete Valve K17 north' }).click();
    const deleted = markerCall(page, 'DELETE');
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBe(200);
    await expect.poll(() => markerRow(page, 'Valve K17 north').count()).toBe(0);
    await page.reload();
    await page.locator('.radar-plot__main canvas').first().waitFor();
    await page.locator('.radar-markers__empty, .radar-markers__list').first().waitFor();
    expect(await markerRow(page, 'Valve K17 north').count()).toBe(0);
  });

  it('opens the dialog at the clicked position on the plot', async () => {
    const { page } = await app.open();
    await openRadar(page);
    const over = page.locator('.radar-plot__main .u-over');
    const box = await over.boundingBox();
    if (!box) throw new Error('no plot');
    await over.click({ position: { x: box.width / 2, y: box.height / 2 } });
    const position = Number(await dialog(page).getByLabel('Position').inputValue());
    expect(position).toBeGreaterThan(0);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog(page).count()).toBe(0);
  });

  it('keeps a locked marker: its delete is disabled and the server refuses it until unlocked', async () => {
    const { page } = await app.open(PHONE);
    const { id, channel } = await openRadar(page);

    await page.getByRole('button', { name: 'Add marker' }).click();
    await dialog(page).getByLabel('Name').fill('Fixed joint');
    await dialog(page).getByLabel('Position').fill('40');
    await dialog(page).getByLabel('Locked').check();
    const created = markerCall(page, 'POST');
    await dialog(page).getByRole('button', { name: 'Add marker' }).click();
    const marker = (await (await created).json()).result as { id: number; locked: boolean };
    expect(marker.locked).toBe(true);

    const remove = page.getByRole('button', { name: 'Fixed joint is locked: unlock it to delete it' });
    await remove.waitFor();
    expect(await remove.isDisabled()).toBe(true);
    // The server enforces it too.
    const status = await page.evaluate(
      async ([u, c, m]) =>
        (await fetch(`/api/v2/device/legacy/devices/${u}/channel/${c}/markers/${m}`, { method: 'DELETE' })).status,
      [id, channel, marker.id],
    );
    expect(status).toBe(409);
    // Its position cannot be edited while it is locked.
    await page.getByRole('button', { name: 'Edit Fixed joint' }).click();
    expect(await dialog(page).getByLabel('Position').isDisabled()).toBe(true);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    // Unlocked, it can go.
    const unlocked = markerCall(page, 'PUT');
    await page.getByRole('button', { name: 'Unlock Fixed joint' }).click();
    expect(((await (await unlocked).json()).result as { locked: boolean }).locked).toBe(false);
    await page.getByRole('button', { name: 'Delete Fixed joint' }).click();
    const deleted = markerCall(page, 'DELETE');
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBe(200);
    await expect.poll(() => markerRow(page, 'Fixed joint').count()).toBe(0);
  });

  it('suggests the faults the analysis found: one accepted becomes a marker, one dismissed is gone for good', async () => {
    const { page } = await app.open();
    // The analysis reads the demo's newest curves as the server starts: the leak of K17 ...
    const { id } = await openRadar(page);
    const suggestions = page.getByTestId('suggested-faults');
    await suggestions.getByText('Water suspected').waitFor();
    await page.locator('.radar-plot__main [data-suggestion="wet"]').waitFor();
    await suggestions.getByRole('button', { name: /^Accept Water suspected/ }).click();
    const name = dialog(page).getByLabel('Marker name');
    expect(await name.inputValue()).toBe('Suspected water');
    await name.fill('Wet foam at K17');
    const accepted = page.waitForResponse((r) => r.request().method() === 'POST' && /\/accept$/.test(r.url()));
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    expect((await accepted).status()).toBe(200);
    await markerRow(page, 'Wet foam at K17').waitFor();
    await expect.poll(() => suggestions.count()).toBe(0);
    expect(await page.locator('[data-suggestion]').count()).toBe(0);

    // ... and the wire break of an Umeå unit, on its first channel.
    const broken = await unitIdOf(page, 'X1L-D00006');
    expect(broken).not.toBe(id);
    await page.goto(`${app.url}/radar/${broken}?channel=1`);
    await suggestions.getByText('Wire break suspected').waitFor();
    const dismissed = page.waitForResponse((r) => r.request().method() === 'POST' && /\/dismiss$/.test(r.url()));
    await suggestions.getByRole('button', { name: /^Dismiss Wire break suspected/ }).click();
    expect((await dismissed).status()).toBe(200);
    await expect
      .poll(() => toasts(page).allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('Suggestion dismissed')]));
    await expect.poll(() => suggestions.count()).toBe(0);
    await page.reload();
    await page.locator('.radar-plot__main canvas').first().waitFor();
    expect(await suggestions.count()).toBe(0);
    expect(await markerRow(page, 'Suspected wire break').count()).toBe(0);
  });

  it('sets the shown curve as the reference after a confirmation; then it no longer differs', async () => {
    const { page } = await app.open();
    await openRadar(page);
    await expect.poll(() => page.getByTestId('radar-finding').textContent()).toContain('Largest change');
    await page.getByRole('button', { name: 'Set as reference' }).click();
    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/radar\/\d$/.test(r.url()));
    await dialog(page).getByRole('button', { name: 'Set as reference' }).click();
    expect((await put).status()).toBe(200);
    await expect
      .poll(() => toasts(page).allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('is now the reference curve')]));
    await expect
      .poll(() => page.getByTestId('radar-finding').textContent())
      .toContain('No change beyond noise against the reference curve');
    expect(await page.getByRole('button', { name: 'Set as reference' }).isDisabled()).toBe(true);
  });

  it('says so for a unit without radar', async () => {
    const { page } = await app.open();
    await signIn(page, app.url, 'manager');
    const id = await unitIdOf(page, 'X1-D00010');
    await page.goto(`${app.url}/radar/${id}`);
    await page.getByRole('heading', { name: 'This unit has no radar' }).waitFor();
  });

  it('at 375 px leads back to the page that opened it, named after it, with its header at the start edge', async () => {
    const { page } = await app.open(PHONE);
    await signIn(page, app.url, 'manager');
    const id = await unitIdOf(page, LEAK_SERIAL);

    // Opened from device management: back to that unit there.
    await page.goto(`${app.url}/devicemanagement?unit=${id}`);
    await page.getByRole('link', { name: 'Open radar view' }).click();
    const back = page.locator('.radar__back');
    await expect.poll(() => back.textContent()).toBe('Device management');
    const title = page.locator('#radar-title');
    await expect.poll(() => title.textContent()).not.toBe('Radar');
    // The heading starts at the page's start edge, not pushed to the other side.
    const [head, heading] = [await page.locator('.radar__head').boundingBox(), await title.boundingBox()];
    expect(head && heading && Math.abs(heading.x - head.x)).toBeLessThan(1);
    await back.click();
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
      .toBe(`/devicemanagement?unit=${id}`);

    // Opened by its address: back to the overview.
    await page.goto(`${app.url}/radar/${id}`);
    await expect.poll(() => back.textContent()).toBe('Overview');
    await back.click();
    await expect.poll(() => page.locator('h1').first().textContent()).toContain('Overview');
  });
});
