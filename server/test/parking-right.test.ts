import { seriesByColumn, WidgetRight } from '@fieldwatch/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrganizationRight } from '../src/modules/organizations/organizations.service.ts';
import { insertSamples } from '../src/modules/telemetry/telemetry.repository.ts';

import { createOrganizationTree, createTestApp, createUnit, signInRoles, type TestApp } from './helpers.ts';

// The parking report (GetReportParkingUsage) serves only customers holding the Parking right.
let t: TestApp;
let tree: Awaited<ReturnType<typeof createOrganizationTree>>;
let bay = 0; // alpha, which holds the Parking right
let southBay = 0; // Alpha South: visible to alpha's users, no Parking right of its own
let betaBay = 0; // another organisation's, with the right
let user = '';
let outsider = '';

const occupied = seriesByColumn('Occupied')?.id ?? 0;
const day = { StartDate: '2026-03-02 00:00:00', StopDate: '2026-03-03 00:00:00' };
const report = (unitIds: number[], cookie = user) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/xrequest/GetReportParkingUsage?${new URLSearchParams({ ...day, UnitIDs: unitIds.join(',') })}`,
    headers: { cookie },
  });

beforeAll(async () => {
  t = await createTestApp();
  tree = await createOrganizationTree(t.db);
  await addOrganizationRight(t.db, tree.alpha, WidgetRight.Parking);
  await addOrganizationRight(t.db, tree.beta, WidgetRight.Parking);
  bay = await createUnit(t.db, { organizationId: tree.alpha, serial: 'PR-1', type: 210, channels: 0 });
  southBay = await createUnit(t.db, { organizationId: tree.south, serial: 'PR-2', type: 210, channels: 0 });
  betaBay = await createUnit(t.db, { organizationId: tree.beta, serial: 'PR-3', type: 210, channels: 0 });
  for (const unit of [bay, southBay, betaBay]) {
    await insertSamples(t.db, unit, [
      { series: occupied, ts: new Date('2026-03-02T09:00:00Z'), value: 1 },
      { series: occupied, ts: new Date('2026-03-02T12:00:00Z'), value: 0 },
    ]);
  }
  ({ writer: user, outsider } = await signInRoles(t, tree.alpha, tree.beta));
});

afterAll(async () => {
  await t.close();
});

describe('parking report and the Parking right', () => {
  it("reports the units of customers holding the right and leaves the others' out", async () => {
    const res = await report([bay, southBay, betaBay]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.Units).toEqual([
      { UnitID: bay, UnitName: 'Unit PR-1', OccupiedMinutes: 180, WindowMinutes: 540, Occupancy: 0.3333 },
    ]);
    expect(body.Totals).toMatchObject({ Units: 1, OccupiedMinutes: 180 });
  });

  it('refuses a request naming only units of customers without the right', async () => {
    const res = await report([southBay]);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ Result: expect.stringContaining('parking right') });
  });

  it('never reports units the caller cannot see, right or not', async () => {
    const res = await report([betaBay]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Units).toEqual([]);
    const theirs = await report([betaBay], outsider);
    expect(theirs.json().Units.map((u: { UnitID: number }) => u.UnitID)).toEqual([betaBay]);
  });

  it('reports a customer once it holds the right', async () => {
    await addOrganizationRight(t.db, tree.south, WidgetRight.Parking);
    const res = await report([bay, southBay]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Units.map((u: { UnitID: number }) => u.UnitID)).toEqual([bay, southBay]);
  });
});
