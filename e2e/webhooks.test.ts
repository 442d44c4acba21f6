import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn, toasts, useApp } from './support/app.ts';
import { axeViolations, describeViolations } from './support/axe.ts';

// Issue 24 in the browser: a SuperUser adds a webhook endpoint pointing at a sink on loopback
// (WEBHOOK_ALLOW_PRIVATE=1 for this server), copies the secret shown once, presses "Send test", sees
// the delivery succeed in the log, and the sink holds a body signed with that secret.
type Received = { headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
const sink = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
  });
});
await new Promise<void>((done) => sink.listen(0, '127.0.0.1', done));
const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/fieldwatch-hooks`;
afterAll(() => new Promise((done) => sink.close(done)));

const app = useApp(() => ({ WEBHOOK_ALLOW_PRIVATE: '1' }));

/** No serious or critical axe finding on the page as it is now. */
async function accessible(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describe('signed webhooks', () => {
  it('adds an endpoint, copies its secret, sends a test and sees it delivered and signed', async () => {
    const { context, page } = await app.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await signIn(page, app.url, 'manager', { to: '/admin?tab=webhooks' });
    await page.getByRole('tab', { name: 'Webhooks', selected: true }).waitFor();
    await page.getByText('No webhook endpoints').waitFor();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('URL').fill(sinkUrl);
    await dialog.getByLabel('Description').fill('Work orders');
    await dialog.getByLabel('Event acknowledged').uncheck();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret, once: copied with its button.
    const shown = page.getByRole('dialog', { name: 'Signing secret' });
    const field = shown.getByLabel('Signing secret');
    await field.waitFor();
    await shown.getByRole('button', { name: 'Copy secret' }).click();
    await toasts(page).filter({ hasText: 'Copied' }).first().waitFor();
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await field.inputValue()).toBe(secret);
    await accessible(page);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    const row = page.getByRole('row').filter({ hasText: sinkUrl });
    await row.getByText('Work orders').waitFor();
    await row.getByText('Task status changed').waitFor();
    expect(await row.getByText('Event acknowledged').count()).toBe(0);
    await page.getByText('Nothing sent yet. Press “Send test” to check the endpoint.').waitFor();

    await row.getByRole('button', { name: /^Send test/ }).click();
    await toasts(page).filter({ hasText: 'Test sent' }).waitFor();
    // The log follows the delivery until its attempt: delivered, answered 200.
    const log = page.getByRole('table', { name: 'Delivery log' });
    const delivery = log.locator('tbody tr[data-state="succeeded"]');
    await delivery.waitFor();
    await delivery.getByText('Test', { exact: true }).waitFor();
    await delivery.getByText('Delivered').waitFor();
    await delivery.getByRole('cell', { name: '200', exact: true }).waitFor();
    expect(await delivery.getByRole('cell', { name: '1', exact: true }).count()).toBe(1);

    // The sink got the body signed with the copied secret.
    expect(received).toHaveLength(1);
    const [got] = received;
    const signature = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(got?.headers['x-fieldwatch-signature']));
    expect(signature).not.toBeNull();
    const mac = createHmac('sha256', secret).update(`${signature?.[1]}.${got?.body}`).digest('hex');
    expect(mac).toBe(signature?.[2]);
    const body = JSON.parse(got?.body ?? '{}');
    expect(body).toMatchObject({ kind: 'ping', id: got?.headers['x-fieldwatch-event'] });
    expect(await delivery.getAttribute('data-delivery')).toBe(got?.headers['x-fieldwatch-delivery']);
    await accessible(page);

    // One delivery in full: the body as sent and the attempt with the start of the answer.
    await delivery.getByRole('button', { name: 'Details' }).click();
    const detail = page.getByRole('dialog', { name: 'Delivery' });
    await detail.getByText('{"received":true}').waitFor();
    expect(JSON.parse((await detail.getByTestId('webhook-body').textContent()) ?? '')).toEqual(body);
    await accessible(page);
    await detail.getByRole('button', { name: 'Done' }).click();
    await detail.waitFor({ state: 'detached' });

    // The rarer actions sit in the row's menu: disable, then delete (confirmed).
    const more = row.getByRole('button', { name: `More actions for ${sinkUrl}` });
    await more.click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    await toasts(page).filter({ hasText: 'Endpoint disabled' }).waitFor();
    await row.getByText('Disabled', { exact: true }).waitFor();
    await more.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this webhook endpoint?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toasts(page).filter({ hasText: 'Endpoint deleted' }).waitFor();
    await page.getByText('No webhook endpoints').waitFor();
  });
});
