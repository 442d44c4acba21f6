import { describe, expect, it } from 'vitest';
import { AlarmHysteresis } from '../contract/deviceManagement.ts';
import { type AlarmSettings, evaluateValue } from './alarmRules.ts';
import { ALARM_TYPES, AlarmType } from './alarmTypes.ts';
import {
  ALARM_HYSTERESIS,
  clearingLimit,
  communicationRecovered,
  HYSTERESIS_KINDS,
  hysteresisKindOf,
  hysteresisOf,
} from './hysteresis.ts';

describe('the alarm hysteresis table', () => {
  it("has a rule for every alarm type the rules or the watchdog raise, and none for the operator's or the analysis's", () => {
    const types = Object.keys(ALARM_TYPES).map(Number);
    const without = types.filter((t) => hysteresisKindOf(t) === undefined);
    expect(without).toEqual([
      AlarmType.Scheduled,
      AlarmType.Disabled,
      AlarmType.Fault,
      AlarmType.ForecastResistance,
      AlarmType.ForecastBattery,
    ]);
    expect(new Set(types.map(hysteresisKindOf).filter(Boolean))).toEqual(new Set(HYSTERESIS_KINDS));
    expect(Object.keys(ALARM_HYSTERESIS).sort()).toEqual([...HYSTERESIS_KINDS].sort());
  });

  it('holds the margins and hold times the docs name', () => {
    const table = Object.fromEntries(
      Object.entries(ALARM_HYSTERESIS).map(([k, r]) => [k, `${r.scale} ${r.margin} ${r.holdS}s`]),
    );
    expect(table).toEqual({
      resistance: 'relative 0.1 0s',
      loopMax: 'relative 0.05 0s',
      loopOpen: 'relative 0.05 0s',
      galvanic: 'relative 0.1 0s',
      radarPct: 'absolute 2 0s',
      analog: 'relative 0.05 0s',
      pt: 'absolute 1 0s',
      battery: 'absolute 0.1 0s',
      formula: 'relative 0.05 0s',
      ground: 'relative 0.1 0s',
      switch: 'none 0 300s',
      intrusion: 'none 0 300s',
      communication: 'none 0 7200s',
    });
    // Every kind has a margin or a hold time: none clears at the first normal value.
    for (const r of Object.values(ALARM_HYSTERESIS)) expect(r.margin > 0 || r.holdS > 0).toBe(true);
  });

  it('lets a unit set exactly the kinds of the table, with a margin only where the kind has one', () => {
    expect(Object.keys(AlarmHysteresis.properties).sort()).toEqual([...HYSTERESIS_KINDS].sort());
    for (const kind of HYSTERESIS_KINDS) {
      const schema = AlarmHysteresis.properties[kind].properties as Record<string, { maximum?: number }>;
      const { scale } = ALARM_HYSTERESIS[kind];
      expect('margin' in schema, kind).toBe(scale !== 'none');
      // A relative margin is a fraction: at most the whole limit.
      if (scale === 'relative') expect(schema.margin?.maximum, kind).toBe(1);
    }
  });

  it('moves a rising limit down and a falling limit up by the margin, relative or absolute', () => {
    const r = (kind: (typeof HYSTERESIS_KINDS)[number]) => ALARM_HYSTERESIS[kind];
    expect(clearingLimit(r('resistance'), 10, 'falling')).toBe(11);
    expect(clearingLimit(r('resistance'), 0.5, 'falling')).toBe(0.55);
    expect(clearingLimit(r('loopMax'), 60, 'rising')).toBe(57);
    expect(clearingLimit(r('loopOpen'), 10000, 'rising')).toBe(9500);
    expect(clearingLimit(r('galvanic'), 200, 'rising')).toBe(180);
    expect(clearingLimit(r('radarPct'), 25, 'rising')).toBe(23);
    expect(clearingLimit(r('pt'), 130, 'rising')).toBe(129);
    expect(clearingLimit(r('pt'), -20, 'falling')).toBe(-19);
    expect(clearingLimit(r('analog'), -20, 'falling')).toBe(-19);
    expect(clearingLimit(r('battery'), 3.3, 'falling')).toBe(3.4);
    expect(clearingLimit(r('ground'), 10, 'falling')).toBe(11);
    expect(clearingLimit(r('switch'), 1, 'rising')).toBe(1);
  });

  it("takes a unit's own margin and hold time over the defaults, and no margin for a binary kind", () => {
    const settings: AlarmSettings = {
      hysteresis: { radarPct: { margin: 5 }, switch: { holdS: 30 }, communication: { holdS: 0 } },
    };
    expect(hysteresisOf(settings, 'radarPct')).toEqual({ scale: 'absolute', margin: 5, holdS: 0 });
    expect(hysteresisOf(settings, 'resistance')).toEqual(ALARM_HYSTERESIS.resistance);
    expect(hysteresisOf(settings, 'switch')).toEqual({ scale: 'none', margin: 0, holdS: 30 });
    expect(hysteresisOf({ hysteresis: { switch: { margin: 3 } as never } }, 'switch').margin).toBe(0);
    expect(communicationRecovered(settings)).toEqual({ channel: 0, type: 19, clears: true, holdS: 0 });
    expect(communicationRecovered({}).holdS).toBe(7200);
  });
});

describe('evaluation with hysteresis', () => {
  const settings: AlarmSettings = {
    resistance: [10],
    loopMax: 60,
    loopOpen: 10000,
    galvanic: [200],
    radarPct: [10, 25],
    analog: [{ low: 4, high: 20 }],
    pt: [{ low: -20, high: 130 }],
    battery: 3.3,
    switchAlarm: true,
    intrusion: true,
    formula: [100],
    ground: 10,
  };
  const state = (column: string, value: number, s = settings) => {
    const e = evaluateValue(column, value, s);
    return Object.fromEntries(
      e.governs.map((g) => [
        g.type,
        e.raised.some((f) => f.type === g.type) ? 'raised' : g.clears ? 'clears' : 'holds',
      ]),
    );
  };

  it.each([
    // column, breached, within the margin, beyond the margin, type
    ['Resistance1', 9.9, 10.5, 11, 0],
    ['Galvanic1', -201, -190, -180, 6],
    ['RadarPercentage', 25.3, 24.8, 23, 9],
    ['Analog1', 3.9, 4.1, 4.2, 10],
    ['Analog1', 20.5, 19.5, 19, 11],
    ['PT1', -21, -19.5, -19, 20],
    ['PT1', 131, 129.5, 129, 21],
    ['BatteryVoltage', 3.2, 3.35, 3.4, 28],
    ['Formula1', 101, 96, 95, 39],
    ['GroundResistance', 9, 10.5, 11, 52],
    ['Loop1', 61, 58, 57, 4],
    ['Loop1', 10000, 9600, 9499, 5],
  ])('%s: %d raises, %d holds, %d clears (type %d)', (column, breached, within, beyond, type) => {
    expect(state(column, breached)[type]).toBe('raised');
    expect(state(column, within)[type]).toBe('holds');
    expect(state(column, beyond)[type]).toBe('clears');
    // Without a margin the value within it would clear: the margin is what holds it.
    const noMargin = Object.fromEntries(
      HYSTERESIS_KINDS.map((k) => [k, { margin: 0 }]).filter(([k]) => ALARM_HYSTERESIS[k as 'pt'].scale !== 'none'),
    );
    expect(state(column, within, { ...settings, hysteresis: noMargin })[type]).toBe('clears');
  });

  it('raises neither loop alarm anew between the open-circuit level and its clearing limit', () => {
    expect(state('Loop1', 9800)).toEqual({ 4: 'holds', 5: 'holds' });
    expect(state('Loop1', 12000)).toEqual({ 4: 'clears', 5: 'raised' });
    expect(state('Loop1', 9000)).toEqual({ 4: 'raised', 5: 'clears' });
    expect(state('Loop1', 24)).toEqual({ 4: 'clears', 5: 'clears' });
  });

  it('says each level of a falling limit apart', () => {
    // 10, 5, 1, 0.5 MΩ: 1.05 is above level 3 (1 MΩ) but within its 10 % margin.
    expect(state('Resistance1', 1.05, { resistance: [10, 5, 1, 0.5] })).toEqual({
      0: 'raised',
      1: 'raised',
      2: 'holds',
      3: 'clears',
    });
  });

  it('clears binary kinds at the first normal value, with their hold time to wait', () => {
    const sw = evaluateValue('Switch2', 0, settings);
    expect(sw.governs).toEqual([{ channel: 2, type: 30, clears: true, holdS: 300 }]);
    expect(evaluateValue('Switch2', 1, settings).raised).toEqual([{ channel: 2, type: 30, value: null, limit: null }]);
    expect(evaluateValue('Intrusion', 0, settings).governs).toEqual([
      { channel: 0, type: 34, clears: true, holdS: 300 },
    ]);
  });
});
