import type { Device, UnitShowValue } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { AIR_QUALITY_SENSOR, CONSUMPTION_SENSOR, sensorUnits, unitIdsProp, unitScope } from './sensorUnits.ts';

const device = (id: number, name: string, code: number) => ({ id, name, type: { code } }) as unknown as Device;
const value = (UnitID: number, Values: Record<string, number>) => ({ UnitID, Values }) as unknown as UnitShowValue;

const pipe = device(1, 'Pipe', 25);
const aqs = device(2, 'Room B', 230);
const th = device(3, 'Room A', 200); // a climate unit that also reports CO2
const meter = device(4, 'Meter', 235);
const all = [pipe, aqs, th, meter];
const values = [value(3, { CO2: 800 }), value(1, { Resistance1: 100 })];

describe('sensor units', () => {
  it('finds sensors by type code or by the columns they report, by name', () => {
    expect(sensorUnits(AIR_QUALITY_SENSOR, all, values).map((d) => d.id)).toEqual([3, 2]);
    expect(sensorUnits(CONSUMPTION_SENSOR, all, undefined).map((d) => d.id)).toEqual([4]);
  });

  it('shows the chosen units first, then the link group selection, then every sensor in view', () => {
    const inView = [pipe, aqs];
    const chosen = unitScope(AIR_QUALITY_SENSOR, { chosen: [3, 99], selected: [2], all, inView, values });
    expect([chosen.source, chosen.units.map((d) => d.id), chosen.missing]).toEqual(['settings', [3], [99]]);
    const selection = unitScope(AIR_QUALITY_SENSOR, { chosen: [], selected: [1, 3], all, inView, values });
    expect([selection.source, selection.units.map((d) => d.id)]).toEqual(['selection', [3]]);
    // A selection without sensors of the kind (a pipe picked in a list) falls back to all in view.
    const fallback = unitScope(AIR_QUALITY_SENSOR, { chosen: [], selected: [1], all, inView, values });
    expect([fallback.source, fallback.units.map((d) => d.id)]).toEqual(['all', [2]]);
  });

  it('reads stored unit ids defensively', () => {
    expect(unitIdsProp([1, 1, '2', 0, 3.5, 4])).toEqual([1, 4]);
    expect(unitIdsProp('1,2')).toEqual([]);
    expect(unitIdsProp([1, 2, 3], 2)).toEqual([1, 2]);
  });
});
