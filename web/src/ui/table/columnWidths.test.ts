import { describe, expect, it } from 'vitest';
import {
  clampWidth,
  columnWidths,
  LABEL_MIN,
  LABEL_WIDTH,
  RESIZE_MAX,
  RESIZE_MIN,
  readColumnWidths,
  TEXT_MIN,
  type WidthSpec,
} from './columnWidths.ts';

// The alarm list: severity and time fixed, type and unit labels, the alarm's text.
const alarms: WidthSpec[] = [
  { key: 'severity', width: 112 },
  { key: 'type', fit: 'label' },
  { key: 'time', width: 132 },
  { key: 'unit', fit: 'label' },
  { key: 'text', fit: 'text' },
];

describe('columnWidths', () => {
  it('gives labels their usual width and the text the rest, not equal shares', () => {
    expect(columnWidths(alarms, 1000, {})).toEqual([112, LABEL_WIDTH, 132, LABEL_WIDTH, 1000 - 244 - 2 * LABEL_WIDTH]);
  });

  it('shrinks labels and text together when room is short, the text keeping the larger part', () => {
    // 344 px left by the fixed columns: 3.5 shares of 98 px, the text taking 1.5 of them and the rounding.
    expect(columnWidths(alarms, 588, {})).toEqual([112, 98, 132, 98, 148]);
    expect(columnWidths(alarms, 300, {})).toEqual([112, LABEL_MIN, 132, LABEL_MIN, TEXT_MIN]);
  });

  it('keeps a resized column and lets the text column take up the difference', () => {
    const before = columnWidths(alarms, 1200, {});
    const after = columnWidths(alarms, 1200, { type: 300 });
    expect(after[1]).toBe(300);
    expect(after[4]).toBe((before[4] ?? 0) - (300 - LABEL_WIDTH));
    expect(columnWidths(alarms, 1200, { time: 80 })[2]).toBe(80);
  });

  it('shares the room among labels when there is no text column', () => {
    const units: WidthSpec[] = [{ key: 'status', width: 88 }, { key: 'name' }, { key: 'location' }];
    expect(columnWidths(units, 488, {})).toEqual([88, 200, 200]);
    expect(columnWidths(units, 100, {})).toEqual([88, LABEL_MIN, LABEL_MIN]);
  });

  it('gives the room left by fixed and resized columns to the text column, or else the last', () => {
    expect(columnWidths(alarms, 1000, { type: 100, unit: 100, text: 200 })).toEqual([112, 100, 132, 100, 556]);
    const fixed: WidthSpec[] = [
      { key: 'name', width: 200 },
      { key: 'value', width: 80 },
    ];
    expect(columnWidths(fixed, 400, {})).toEqual([200, 200]);
    expect(columnWidths(fixed, 0, {})).toEqual([200, 80]);
  });
});

describe('clampWidth', () => {
  it('keeps a resized width within the resize range, in whole pixels', () => {
    expect(clampWidth(200.4)).toBe(200);
    expect(clampWidth(10)).toBe(RESIZE_MIN);
    expect(clampWidth(RESIZE_MAX + 100)).toBe(RESIZE_MAX);
  });
});

describe('readColumnWidths', () => {
  it('keeps only widths within the resize range', () => {
    expect(readColumnWidths({ type: 200, unit: 'x', text: 5, time: 1e9 })).toEqual({ type: 200 });
    expect(readColumnWidths(undefined)).toEqual({});
    expect(readColumnWidths([120])).toEqual({});
  });
});
