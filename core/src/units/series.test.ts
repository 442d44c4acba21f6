import { describe, expect, it } from 'vitest';
import {
  displayTemperature,
  parseColumns,
  SERIES,
  seriesByColumn,
  seriesById,
  TEMPERATURE_PRIORITY,
} from './series.ts';

const PER_CHANNEL = ['Analog', 'ChannelBattery', 'Galvanic', 'Loop', 'Resistance', 'PT', 'Switch', 'Formula'];
const SINGLE = ['BatteryVoltage', 'BER', 'InternalTemperature', 'Intrusion', 'SignalStrength'];

describe('chart series of spec §9', () => {
  it('has every per-channel series for channels 1 to 4', () => {
    for (const base of PER_CHANNEL) {
      for (const channel of [1, 2, 3, 4]) {
        const s = seriesByColumn(`${base}${channel}`);
        expect(s, `${base}${channel}`).toBeDefined();
        expect(s?.channel).toBe(channel);
      }
      expect(seriesByColumn(`${base}0`), `${base}0`).toBeUndefined();
      expect(seriesByColumn(`${base}5`), `${base}5`).toBeUndefined();
    }
  });

  it('shares one key across the four channels of a per-channel series', () => {
    for (const base of PER_CHANNEL) {
      const keys = new Set([1, 2, 3, 4].map((c) => seriesByColumn(`${base}${c}`)?.key));
      expect(keys.size, base).toBe(1);
    }
  });

  it('has the single series without a channel', () => {
    for (const column of SINGLE) {
      const s = seriesByColumn(column);
      expect(s, column).toBeDefined();
      expect(s?.channel).toBeNull();
    }
  });

  it('gives every series a unique id and a unique column', () => {
    expect(new Set(SERIES.map((s) => s.id)).size).toBe(SERIES.length);
    expect(new Set(SERIES.map((s) => s.column.toLowerCase())).size).toBe(SERIES.length);
    expect(SERIES.filter((s) => s.channel !== null)).toHaveLength(PER_CHANNEL.length * 4);
  });

  it('keeps the stored numeric ids stable', () => {
    const idOf = (column: string) => seriesByColumn(column)?.id;
    expect([idOf('Analog1'), idOf('Analog4'), idOf('ChannelBattery1'), idOf('PT2'), idOf('Formula4')]).toEqual([
      11, 14, 21, 62, 84,
    ]);
    expect([idOf('BatteryVoltage'), idOf('BER'), idOf('InternalTemperature'), idOf('SignalStrength')]).toEqual([
      100, 101, 102, 104,
    ]);
  });

  it('finds every series by its id and its column', () => {
    for (const s of SERIES) {
      expect(seriesById(s.id)).toBe(s);
      expect(seriesByColumn(s.column)).toBe(s);
    }
    expect(seriesById(-1)).toBeUndefined();
    expect(seriesByColumn('Nope')).toBeUndefined();
  });
});

describe('parseColumns', () => {
  it("returns every series for '*'", () => {
    expect(parseColumns('*')).toEqual({ series: [...SERIES], unknown: [] });
    expect(parseColumns(' * ').series).toHaveLength(SERIES.length);
  });

  it('reads a comma list with spaces and mixed case, in the given order', () => {
    const { series, unknown } = parseColumns(' pt1 ,Analog3,  batteryvoltage,BER ');
    expect(series.map((s) => s.column)).toEqual(['PT1', 'Analog3', 'BatteryVoltage', 'BER']);
    expect(unknown).toEqual([]);
  });

  it('reports unknown names apart and keeps the known ones', () => {
    const { series, unknown } = parseColumns('PT1, Bogus, Analog9 ,Loop2');
    expect(series.map((s) => s.column)).toEqual(['PT1', 'Loop2']);
    expect(unknown).toEqual(['Bogus', 'Analog9']);
  });

  it('ignores empty entries', () => {
    expect(parseColumns('')).toEqual({ series: [], unknown: [] });
    expect(parseColumns('PT1,,').series.map((s) => s.column)).toEqual(['PT1']);
    expect(parseColumns('PT1,,').unknown).toEqual([]);
  });
});

describe('displayTemperature (spec §9 priority)', () => {
  it('follows PT1..PT4, Temperature, InternalTemperature', () => {
    expect(TEMPERATURE_PRIORITY).toEqual(['PT1', 'PT2', 'PT3', 'PT4', 'Temperature', 'InternalTemperature']);
    const all = { PT1: 1, PT2: 2, PT3: 3, PT4: 4, Temperature: 5, InternalTemperature: 6 };
    expect(displayTemperature(all)).toBe(1);
    expect(displayTemperature({ ...all, PT1: undefined })).toBe(2);
    expect(displayTemperature({ PT3: 3, PT4: 4, Temperature: 5, InternalTemperature: 6 })).toBe(3);
    expect(displayTemperature({ PT4: 4, Temperature: 5, InternalTemperature: 6 })).toBe(4);
    expect(displayTemperature({ Temperature: 5, InternalTemperature: 6 })).toBe(5);
    expect(displayTemperature({ InternalTemperature: 6 })).toBe(6);
  });

  it('takes a higher-priority zero or negative reading', () => {
    expect(displayTemperature({ PT1: 0, Temperature: 20 })).toBe(0);
    expect(displayTemperature({ Temperature: -12.5, InternalTemperature: 20 })).toBe(-12.5);
  });

  it('ignores other columns and returns undefined without a temperature', () => {
    expect(displayTemperature({})).toBeUndefined();
    expect(displayTemperature({ Analog1: 7, BatteryVoltage: 3.6 })).toBeUndefined();
  });
});
