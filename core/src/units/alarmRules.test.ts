import { describe, expect, it } from 'vitest';
import { evaluateValue, limitsOfChannel } from './alarmRules.ts';

describe('alarm limits per channel', () => {
  const settings = { resistance: [10, 5], loopMax: 60, channels: { '2': { resistance: [20, 2], loopMax: 100 } } };

  it("uses a channel's own limits where it has them and the unit's otherwise", () => {
    expect(limitsOfChannel(settings, 2).resistance).toEqual([20, 2]);
    expect(limitsOfChannel(settings, 1).resistance).toEqual([10, 5]);
  });

  it('raises insulation alarms by the limits of the channel measured', () => {
    const ch1 = evaluateValue('Resistance1', 8, settings);
    const ch2 = evaluateValue('Resistance2', 8, settings);
    expect(ch1.raised.map((a) => a.type)).toEqual([0]);
    expect(ch2.raised.map((a) => [a.channel, a.type])).toEqual([[2, 0]]);
    expect(evaluateValue('Resistance2', 15, settings).raised.map((a) => a.type)).toEqual([0]);
    expect(evaluateValue('Resistance1', 15, settings).raised).toEqual([]);
  });

  it('raises loop alarms by the channel loop limit', () => {
    expect(evaluateValue('Loop1', 80, settings).raised.map((a) => a.type)).toEqual([4]);
    expect(evaluateValue('Loop2', 80, settings).raised).toEqual([]);
  });
});
