import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { locateFaults, metresPerPoint } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/helpers.ts';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { curveAt } from '../modules/telemetry/radar.service.ts';

import { type SeededFleet, seedDemo } from './seed.ts';

// The radar view's honest physics: the seeded history gives each radar channel its commissioning
// curve as reference (ChannelDefaultRadar), so a leak shows in the difference curve at its position.
let db: Db;
let dir: string;
let fleet: SeededFleet;

beforeAll(async () => {
  db = await openTestDb();
  await migrate(db);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldwatch-radar-'));
  const seeded = await seedDemo(db, { fleet: { file: path.join(dir, 'fleet.json'), units: 12, historyDays: 4 } });
  if (!seeded.fleet) throw new Error('no fleet');
  fleet = seeded.fleet;
});
afterAll(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('demo radar reference curves', () => {
  it("sets the commissioning curve as the leak channel's reference; the leak shows as a dip at its position", async () => {
    const unit = fleet.units[1]; // Stockholm: a leak that began three days before the seed
    const leak = unit?.def.leak;
    if (!unit || !leak) throw new Error('the fixed leak unit is missing');
    const ch = unit.def.channels[leak.channel - 1];
    if (!ch) throw new Error('no leak channel');

    const [first] = await db.query<{ ts: Date }>(
      'select ts from radar_curves where unit_id = $1 and channel = $2 order by ts limit 1',
      [unit.id, leak.channel],
    );
    const view = await curveAt(db, unit.id, leak.channel, new Date());
    expect(view.reference?.t).toBe(first?.ts.toISOString());
    expect(view.difference).not.toBeNull();
    // Water lowers the wave impedance: a negative reflection, well above the noise (±3).
    const [found, ...more] = locateFaults(view.values, view.reference?.points ?? [], ch.pulseSpeed);
    expect(more).toEqual([]);
    expect(found?.kind).toBe('wet');
    expect(found?.size).toBeGreaterThan(60);
    expect(Math.abs((found?.positionM ?? 0) - leak.positionM)).toBeLessThanOrEqual(2 * metresPerPoint(ch.pulseSpeed));
  });

  it('gives a dry channel a reference too, in which the fault locator finds nothing', async () => {
    const unit = fleet.units[0]; // Luleå: a dry pipe
    if (!unit) throw new Error('the fixed dry unit is missing');
    const [row] = await db.query<{ channel: number }>(
      'select channel from radar_curves where unit_id = $1 order by channel limit 1',
      [unit.id],
    );
    if (!row) throw new Error('the dry unit has no radar curve');
    const view = await curveAt(db, unit.id, row.channel, new Date());
    expect(view.reference?.points).toHaveLength(view.values.length);
    const pulseSpeed = unit.def.channels[row.channel - 1]?.pulseSpeed ?? 0.6;
    expect(locateFaults(view.values, view.reference?.points ?? [], pulseSpeed)).toEqual([]);
  });
});
