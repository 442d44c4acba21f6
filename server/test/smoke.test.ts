import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('answers health with the database kind', async () => {
  const res = await t.app.inject('/api/health');
  expect(res.statusCode).toBe(200);
  expect(res.json().status).toBe('ok');
});
