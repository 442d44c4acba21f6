import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import type { ChartSeries } from './chartData.ts';
import { chartTable } from './chartTable.ts';

const series = (column: string): ChartSeries => ({
  column,
  key: column,
  unit: 'V',
  channel: null,
  downsampled: false,
  last: null,
});

const chart = {
  series: [series('a'), series('b')],
  data: [
    [100, 200, 250, 300, 400],
    [1, 2, Number.NaN, 3, 4],
    [10, null, Number.NaN, 30, 40],
  ] as unknown as uPlot.AlignedData,
};

describe('chartTable', () => {
  it('lists the visible series newest first within the range, skipping gap markers', () => {
    expect(chartTable(chart, new Set(['a', 'b']), [150, 400])).toEqual({
      series: [0, 1],
      rows: [
        { time: 400, values: [4, 40] },
        { time: 300, values: [3, 30] },
        { time: 200, values: [2, null] },
      ],
      total: 3,
    });
  });

  it('leaves out hidden series and times without a value of a visible one', () => {
    const table = chartTable(chart, new Set(['b']), [0, 1000]);
    expect(table.series).toEqual([1]);
    expect(table.rows.map((r) => r.time)).toEqual([400, 300, 100]);
  });

  it('keeps the newest rows up to the limit and counts them all', () => {
    const table = chartTable(chart, new Set(['a']), [0, 1000], 2);
    expect(table.rows.map((r) => r.time)).toEqual([400, 300]);
    expect(table.total).toBe(4);
  });
});
