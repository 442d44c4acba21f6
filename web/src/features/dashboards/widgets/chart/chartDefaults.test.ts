import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { withDefaultSeries, zeroBased } from './chartDefaults.ts';

const series = [
  { column: 'Resistance1', key: 'resistance' },
  { column: 'Resistance2', key: 'resistance' },
  { column: 'BatteryVoltage', key: 'battery' },
];

describe('withDefaultSeries', () => {
  it("keeps the chart's own choice without defaults", () => {
    expect(withDefaultSeries(series, { hidden: [], shown: [] }, [], new Set(['Resistance1']))).toEqual(
      new Set(['Resistance1']),
    );
  });
  it("shows the default keys' series, the user's legend choice winning", () => {
    const none = { hidden: [], shown: [] };
    expect(withDefaultSeries(series, none, ['battery'], new Set())).toEqual(new Set(['BatteryVoltage']));
    const choice = { hidden: ['Resistance2'], shown: ['BatteryVoltage'] };
    expect(withDefaultSeries(series, choice, ['resistance'], new Set())).toEqual(
      new Set(['Resistance1', 'BatteryVoltage']),
    );
  });
});

describe('zeroBased', () => {
  it('makes every y range include zero and leaves x alone', () => {
    const opts = zeroBased({ width: 1, height: 1, series: [], scales: { x: { time: true }, V: { auto: true } } });
    expect(opts.scales?.x?.range).toBeUndefined();
    const range = opts.scales?.V?.range as (u: uPlot, min: number, max: number) => [number, number];
    expect(range({} as uPlot, 3.2, 3.7)).toEqual([0, 3.7]);
    expect(range({} as uPlot, -4, -1)).toEqual([-4, 0]);
    expect(range({} as uPlot, 0, 0)).toEqual([0, 1]);
  });
});
