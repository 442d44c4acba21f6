import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './server.ts';

/**
 * Vitest global setup of the browser tests: one server seeds the demo data (28 days of history for
 * the default fleet) into a data directory, once per run; every test file's server that asks for
 * the same seed starts from a copy of it (`startServer`), a restart instead of a seed. The
 * directory is named in the environment, which the test workers inherit.
 */
export default async function setup() {
  if (process.env.DATABASE_URL) return; // PostgreSQL: every server seeds a database of its own.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldwatch-e2e-template-'));
  const server = await startServer({ SIM_INTERVAL_S: '0' }, dir);
  await server.stop();
  process.env.E2E_DEMO_TEMPLATE = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
