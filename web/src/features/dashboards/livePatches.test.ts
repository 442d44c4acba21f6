import type { Device, UnitShowValue } from '@fieldwatch/core';
import { describe, expect, it } from 'vitest';
import { type AlarmChange, applyAlarms, applySamples, byUnit, type LiveSample } from './livePatches.ts';

const row = (UnitID: number, Values: Record<string, number>): UnitShowValue => ({
  UnitID,
  UnitName: `U${UnitID}`,
  UnitType: 1,
  Temperature: Values.PT1 ?? Values.Temperature ?? null,
  BatteryVoltage: Values.BatteryVoltage ?? null,
  LastValueTime: '2026-11-27 10:00:00',
  Values,
});
const values = [
  row(1, { Temperature: 20, BatteryVoltage: 3.6 }),
  row(2, { PT1: 5 }),
  row(3, { Loop1: 12 }),
  row(4, {}),
];
/** A tick's samples: several of one unit, a higher-priority temperature appearing, one of a unit not listed. */
const tick: LiveSample[] = [
  { unitId: 1, t: '2026-11-27T12:00:00Z', values: { Temperature: 21 } },
  { unitId: 3, t: '2026-11-27T12:00:01Z', values: { Loop1: 13, InternalTemperature: 30 } },
  { unitId: 1, t: '2026-11-27T12:00:02Z', values: { PT1: 4, BatteryVoltage: 3.5 } },
  { unitId: 9, t: '2026-11-27T12:00:03Z', values: { Loop1: 1 } },
  { unitId: 1, t: '2026-11-27T12:00:04Z', values: { Temperature: 22 } },
];

describe('a tick of live samples', () => {
  it('gives the same values as the samples applied one by one, in the order they came', () => {
    const oneByOne = tick.reduce((list, s) => applySamples(list, byUnit([s])), values);
    expect(applySamples(values, byUnit(tick))).toEqual(oneByOne);
  });

  it('merges each unit’s values, shows its temperature by priority and its last sample’s time', () => {
    const [u1, u2, u3, u4] = applySamples(values, byUnit(tick));
    expect(u1).toEqual({
      ...values[0],
      Values: { Temperature: 22, PT1: 4, BatteryVoltage: 3.5 },
      Temperature: 4,
      BatteryVoltage: 3.5,
      LastValueTime: '2026-11-27 12:00:04',
    });
    expect(u3).toMatchObject({ Values: { Loop1: 13, InternalTemperature: 30 }, Temperature: 30 });
    // Rows without samples are the same objects: nothing about them renders anew.
    expect(u2).toBe(values[1]);
    expect(u4).toBe(values[3]);
  });
});

describe('live alarms', () => {
  const device = (id: number, alarmTypes: number[], status: Device['status']) =>
    ({ id, name: `U${id}`, alarmTypes, status }) as Device;
  const devices = [device(1, [], 'ok'), device(2, [5], 'alarm'), device(3, [19], 'problem')];
  const changes: (AlarmChange & { unitId: number })[] = [
    { unitId: 1, type: 5, cleared: false },
    { unitId: 2, type: 5, cleared: true },
    { unitId: 1, type: 19, cleared: false },
    { unitId: 1, type: 5, cleared: true },
  ];

  it('raises and clears in order, the status following, as one by one', () => {
    const gathered = applyAlarms(devices, byUnit(changes));
    expect(gathered).toEqual(changes.reduce((list, c) => applyAlarms(list, byUnit([c])), devices));
    expect(gathered.map((d) => [d.alarmTypes, d.status])).toEqual([
      [[19], 'problem'],
      [[], 'ok'],
      [[19], 'problem'],
    ]);
    expect(gathered[2]).toBe(devices[2]);
  });
});
