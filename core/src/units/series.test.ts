import { describe, expect, it } from 'vitest';
import {
  canonicalValues,
  displayTemperature,
  parseColumns,
  SERIES,
  seriesByColumn,
  seriesById,
  spellingsOf,
  TEMPERATURE_PRIORITY,
  TEMPERATURE_SPELLINGS,
  temperatureSource,
} from './series.ts';

const PER_CHANNEL = ['Analog', 'ChannelBattery', 'Galvanic', 'Loop', 'Resistance', 'PT', 'Switch', 'Formula'];
const SINGLE = ['BatteryVoltage', 'BER', 'InternalTemperature', 'Intrusion', 'SignalStrength'];

describe('chart series', () => {
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

describe('other spellings of a series', () => {
  it('finds the series of every spelling units report, in any case', () => {
    const columnOf = (name: string) => seriesByColumn(name)?.column;
    expect(columnOf('Temp')).toBe('Temperature');
    for (const name of ['internal temperature', 'Int. temp.', 'Int Temp', 'Temp intern', 'TEMP INTERN'])
      expect(columnOf(name), name).toBe('InternalTemperature');
    expect(columnOf('PT1000 1')).toBe('PT1000_1');
    expect(columnOf('pt1000_2')).toBe('PT1000_2');
    expect(columnOf('PT 3')).toBe('PT3');
    expect(columnOf('Tempx')).toBeUndefined();
    expect(parseColumns('Temp intern, Temp').series.map((s) => s.column)).toEqual([
      'InternalTemperature',
      'Temperature',
    ]);
  });

  it('gives no two series one spelling', () => {
    const names = SERIES.flatMap((s) => spellingsOf(s.column).map((n) => n.toLowerCase()));
    expect(new Set(names).size).toBe(names.length);
  });

  it('stores PT1000 1 and 2 as series of their own in °C, with new ids', () => {
    for (const column of ['PT1000_1', 'PT1000_2']) {
      const s = seriesByColumn(column);
      expect(s?.unit, column).toBe('°C');
      expect(s?.channel, column).toBeNull();
    }
    expect(seriesByColumn('PT1000_1')?.id).not.toBe(seriesByColumn('PT1000_2')?.id);
  });

  it('puts reported values under the column names, the best spelling winning', () => {
    expect(canonicalValues({ 'Temp intern': 21, Loop1: 5, Vendor42: 1 })).toEqual({
      InternalTemperature: 21,
      Loop1: 5,
      Vendor42: 1,
    });
    expect(canonicalValues({ 'Temp intern': 1, 'Int Temp': 2, 'Int. temp.': 3 })).toEqual({ InternalTemperature: 3 });
    expect(canonicalValues({ 'Temp intern': 1, InternalTemperature: 2 })).toEqual({ InternalTemperature: 2 });
    expect(canonicalValues({ 'internal temperature': 4, 'Int. temp.': 3 })).toEqual({ InternalTemperature: 4 });
    expect(canonicalValues({ pt1: 7, 'PT1000 2': 8 })).toEqual({ PT1: 7, PT1000_2: 8 });
    const already = { PT1: 1, BatteryVoltage: 3.6 };
    expect(canonicalValues(already)).toBe(already);
  });
});

describe('displayTemperature: PT 1-4, PT1000 1-2, Temp, internal temperature, Int. temp., Int Temp, Temp intern', () => {
  it('has the columns in display order', () => {
    expect(TEMPERATURE_PRIORITY).toEqual([
      'PT1',
      'PT2',
      'PT3',
      'PT4',
      'PT1000_1',
      'PT1000_2',
      'Temperature',
      'InternalTemperature',
    ]);
  });

  it('reads the names in display order, each column before its other spellings', () => {
    expect(TEMPERATURE_SPELLINGS.map((s) => s.name)).toEqual([
      'PT1',
      'PT 1',
      'PT2',
      'PT 2',
      'PT3',
      'PT 3',
      'PT4',
      'PT 4',
      'PT1000_1',
      'PT1000 1',
      'PT1000_2',
      'PT1000 2',
      'Temperature',
      'Temp',
      'InternalTemperature',
      'internal temperature',
      'Int. temp.',
      'Int Temp',
      'Temp intern',
    ]);
  });

  it('shows each name once every name before it is missing', () => {
    // Every name gets its own value; dropping the names from the front one by one must show the next.
    const all = Object.fromEntries(TEMPERATURE_SPELLINGS.map((s, i) => [s.name, i]));
    TEMPERATURE_SPELLINGS.forEach((s, i) => {
      const rest = Object.fromEntries(Object.entries(all).filter(([, v]) => v >= i));
      expect(displayTemperature(rest), s.name).toBe(i);
      expect(temperatureSource(rest), s.name).toBe(s.column);
    });
  });

  it('shows a unit that reports only one of the spellings', () => {
    expect(displayTemperature({ 'Temp intern': 31.5 })).toBe(31.5);
    expect(temperatureSource({ 'Temp intern': 31.5 })).toBe('InternalTemperature');
    expect(displayTemperature({ 'Int Temp': 30, BatteryVoltage: 3.6 })).toBe(30);
    expect(displayTemperature({ 'Int. temp.': 29 })).toBe(29);
    expect(displayTemperature({ 'internal temperature': 28 })).toBe(28);
    expect(displayTemperature({ Temp: 12 })).toBe(12);
    expect(displayTemperature({ 'PT1000 2': 4 })).toBe(4);
  });

  it('ranks PT above PT1000, PT1000 above Temp, Temp above the internal temperature', () => {
    expect(displayTemperature({ PT4: 1, 'PT1000 1': 2 })).toBe(1);
    expect(displayTemperature({ PT4: 1, PT1000_1: 2, Temp: 3 })).toBe(1);
    expect(displayTemperature({ PT1000_1: 2, Temp: 3 })).toBe(2);
    expect(displayTemperature({ PT1000_2: 2, Temperature: 3 })).toBe(2);
    expect(displayTemperature({ PT1000_1: 5, PT1000_2: 6 })).toBe(5);
    expect(displayTemperature({ Temp: 3, InternalTemperature: 4, 'Temp intern': 5 })).toBe(3);
    expect(displayTemperature({ 'Int Temp': 6, 'Temp intern': 5 })).toBe(6);
    expect(displayTemperature({ 'Int. temp.': 7, 'Int Temp': 6 })).toBe(7);
    expect(displayTemperature({ 'internal temperature': 8, 'Int. temp.': 7 })).toBe(8);
  });

  it('takes a higher-priority zero or negative reading', () => {
    expect(displayTemperature({ PT1: 0, Temperature: 20 })).toBe(0);
    expect(displayTemperature({ Temperature: -12.5, InternalTemperature: 20 })).toBe(-12.5);
    expect(displayTemperature({ PT1000_1: 0, Temp: 20 })).toBe(0);
  });

  it('ignores other columns and returns undefined without a temperature', () => {
    expect(displayTemperature({})).toBeUndefined();
    expect(displayTemperature({ Analog1: 7, BatteryVoltage: 3.6 })).toBeUndefined();
    expect(temperatureSource({ Humidity: 40 })).toBeUndefined();
  });
});
