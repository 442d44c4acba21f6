import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyFilter, type FilterSettings, filterAlarms, filterUnits } from './filters.ts';
import { type UnitStatus, unitStatus } from './unitStatus.ts';
import { unitTypeName } from './unitTypes.ts';

type Unit = {
  UnitID: number;
  UnitName: string;
  UnitLocation: string;
  UnitType: number;
  AlarmEvents: { AlarmType: number | string }[];
};
type Alarm = { AlarmID: number; AlarmType: number | string; AlarmEventText: string; UnitType: number };

const unit = (
  UnitID: number,
  UnitName: string,
  UnitType: number,
  types: (number | string)[] = [],
  UnitLocation = '',
) => ({
  UnitID,
  UnitName,
  UnitLocation,
  UnitType,
  AlarmEvents: types.map((AlarmType) => ({ AlarmType })),
});

const alarm = (AlarmID: number, AlarmType: number | string, AlarmEventText: string, UnitType: number): Alarm => ({
  AlarmID,
  AlarmType,
  AlarmEventText,
  UnitType,
});

const filter = (over: Partial<FilterSettings> = {}): FilterSettings => ({ ...emptyFilter(), ...over });
const statuses = (...on: UnitStatus[]): FilterSettings['unitStatus'] => ({
  alarm: on.includes('alarm'),
  inactive: on.includes('inactive'),
  ok: on.includes('ok'),
  problem: on.includes('problem'),
});
const ids = (list: readonly { UnitID?: number; AlarmID?: number }[]) => list.map((x) => x.UnitID ?? x.AlarmID);

/** Translated alarm type names, as the web passes them in. */
const alarmTypeName = (t: number) =>
  ({ 4: 'Loop alarm', 19: 'Communication error', 28: 'Battery alarm' })[t] ?? `Type ${t}`;

// One unit of every status, and types 1 (X1), 2 (X2), 6 (A1), 25 (X3).
const UNITS: Unit[] = [
  unit(1, 'Pump north', 1, [], 'Kiruna harbour'),
  unit(2, 'Valve 7', 2, [4], 'Lulea'),
  unit(3, 'Boiler Ej Installerad', 6, [0, 19], 'Umea'),
  unit(4, 'Sluice', 25, ['19'], 'Pitea'),
  unit(5, 'Tank X', 1, ['08', -1], 'Boden'),
];

const ALARMS: Alarm[] = [
  alarm(1, 4, 'Loop broken at km 3', 2),
  alarm(2, '19', 'No contact', 25),
  alarm(3, 28, 'Low voltage', 1),
  alarm(4, '08', 'Radar level', 6),
];

describe('filterUnits: search', () => {
  it('matches a trimmed, case-insensitive substring of the name', () => {
    expect(ids(filterUnits(UNITS, filter({ textSearch: '  pUMP N  ' }), unitTypeName))).toEqual([1]);
  });

  it('matches the location', () => {
    expect(ids(filterUnits(UNITS, filter({ textSearch: 'HARBOUR' }), unitTypeName))).toEqual([1]);
  });

  it('matches the type name', () => {
    expect(ids(filterUnits(UNITS, filter({ textSearch: 'x3' }), unitTypeName))).toEqual([4]);
    expect(ids(filterUnits(UNITS, filter({ textSearch: 'a1' }), unitTypeName))).toEqual([3]);
  });

  it('passes everything for a blank search and nothing for a miss', () => {
    expect(filterUnits(UNITS, filter({ textSearch: '   ' }), unitTypeName)).toEqual(UNITS);
    expect(filterUnits(UNITS, filter({ textSearch: 'zzz' }), unitTypeName)).toEqual([]);
  });
});

describe('filterUnits: status', () => {
  it('has one unit of each status in the fixture', () => {
    expect(UNITS.map(unitStatus)).toEqual(['ok', 'alarm', 'inactive', 'problem', 'alarm']);
  });

  it('passes everything when no status or all four are selected', () => {
    expect(filterUnits(UNITS, filter({ unitStatus: statuses() }), unitTypeName)).toEqual(UNITS);
    expect(
      filterUnits(UNITS, filter({ unitStatus: statuses('alarm', 'inactive', 'ok', 'problem') }), unitTypeName),
    ).toEqual(UNITS);
  });

  it('otherwise passes a unit matching any selected status', () => {
    expect(ids(filterUnits(UNITS, filter({ unitStatus: statuses('alarm') }), unitTypeName))).toEqual([2, 5]);
    expect(ids(filterUnits(UNITS, filter({ unitStatus: statuses('ok') }), unitTypeName))).toEqual([1]);
    expect(ids(filterUnits(UNITS, filter({ unitStatus: statuses('inactive') }), unitTypeName))).toEqual([3]);
    expect(ids(filterUnits(UNITS, filter({ unitStatus: statuses('problem') }), unitTypeName))).toEqual([4]);
    expect(ids(filterUnits(UNITS, filter({ unitStatus: statuses('problem', 'ok') }), unitTypeName))).toEqual([1, 4]);
    expect(
      ids(filterUnits(UNITS, filter({ unitStatus: statuses('alarm', 'problem', 'inactive') }), unitTypeName)),
    ).toEqual([2, 3, 4, 5]);
  });
});

describe('filterUnits: type', () => {
  it('passes every type when the list is empty', () => {
    expect(filterUnits(UNITS, filter({ unitTypes: [] }), unitTypeName)).toEqual(UNITS);
  });

  it('passes an entry with an empty comma list as all', () => {
    expect(filterUnits(UNITS, filter({ unitTypes: [{ UnitTypes: '' }] }), unitTypeName)).toEqual(UNITS);
    expect(filterUnits(UNITS, filter({ unitTypes: [{ UnitTypes: ' , ' }] }), unitTypeName)).toEqual(UNITS);
  });

  it('passes a unit whose type is in the comma list', () => {
    expect(ids(filterUnits(UNITS, filter({ unitTypes: [{ UnitTypes: '1, 2' }] }), unitTypeName))).toEqual([1, 2, 5]);
    expect(ids(filterUnits(UNITS, filter({ unitTypes: [{ UnitTypes: '25' }] }), unitTypeName))).toEqual([4]);
    expect(ids(filterUnits(UNITS, filter({ unitTypes: [{ UnitTypes: '1,2,' }] }), unitTypeName))).toEqual([1, 2, 5]);
  });

  it('joins several entries', () => {
    const f = filter({ unitTypes: [{ UnitTypes: '6' }, { UnitTypes: '25, 2' }] });
    expect(ids(filterUnits(UNITS, f, unitTypeName))).toEqual([2, 3, 4]);
  });

  it('parses the ids in radix 10', () => {
    expect(ids(filterUnits(UNITS, filter({ unitTypes: [{ UnitTypes: '06, 025' }] }), unitTypeName))).toEqual([3, 4]);
  });
});

describe('filterUnits: alarm type', () => {
  it('passes every unit when the list is empty', () => {
    expect(filterUnits(UNITS, filter({ alarmTypes: [] }), unitTypeName)).toEqual(UNITS);
  });

  it('passes a unit when any of its alarm events has a selected type', () => {
    expect(ids(filterUnits(UNITS, filter({ alarmTypes: [19] }), unitTypeName))).toEqual([3, 4]);
    expect(ids(filterUnits(UNITS, filter({ alarmTypes: [0] }), unitTypeName))).toEqual([3]);
    expect(ids(filterUnits(UNITS, filter({ alarmTypes: [4, 0] }), unitTypeName))).toEqual([2, 3]);
    expect(ids(filterUnits(UNITS, filter({ alarmTypes: [43] }), unitTypeName))).toEqual([]);
  });

  it('parses both sides in radix 10', () => {
    expect(ids(filterUnits(UNITS, filter({ alarmTypes: [8] }), unitTypeName))).toEqual([5]);
    expect(ids(filterUnits(UNITS, filter({ alarmTypes: ['08'] }), unitTypeName))).toEqual([5]);
    expect(ids(filterUnits(UNITS, filter({ alarmTypes: ['19'] }), unitTypeName))).toEqual([3, 4]);
    // Radix 10: '0x13' reads as 0, never as hexadecimal 19.
    expect(ids(filterUnits(UNITS, filter({ alarmTypes: ['0x13'] }), unitTypeName))).toEqual([3]);
  });

  it('combines search, status, type and alarm type with and', () => {
    const f = filter({
      textSearch: 'u',
      unitStatus: statuses('problem', 'alarm'),
      unitTypes: [{ UnitTypes: '1, 25' }],
      alarmTypes: [19, 8],
    });
    // 1 is ok, 2 has type 2, 3 is inactive, 5 passes status, type and alarm type but has no 'u'.
    expect(ids(filterUnits(UNITS, f, unitTypeName))).toEqual([4]);
  });
});

describe('filterAlarms', () => {
  const run = (f: FilterSettings) => ids(filterAlarms(ALARMS, f, alarmTypeName, unitTypeName));

  it('searches the event text, trimmed and case-insensitive', () => {
    expect(run(filter({ textSearch: ' KM 3 ' }))).toEqual([1]);
  });

  it('searches the translated alarm type name, with the type parsed in radix 10', () => {
    expect(run(filter({ textSearch: 'communication' }))).toEqual([2]);
    expect(run(filter({ textSearch: 'type 8' }))).toEqual([4]);
    expect(run(filter({ textSearch: 'alarm' }))).toEqual([1, 3]);
  });

  it('searches the unit type name', () => {
    expect(run(filter({ textSearch: 'x3' }))).toEqual([2]);
    expect(run(filter({ textSearch: 'A1' }))).toEqual([4]);
  });

  it('filters by unit type', () => {
    expect(run(filter({ unitTypes: [{ UnitTypes: '1, 2' }] }))).toEqual([1, 3]);
  });

  it('compares the alarm type, parsing both sides in radix 10', () => {
    expect(run(filter({ alarmTypes: [19] }))).toEqual([2]);
    expect(run(filter({ alarmTypes: ['4', 28] }))).toEqual([1, 3]);
    expect(run(filter({ alarmTypes: [8] }))).toEqual([4]);
    expect(run(filter({ alarmTypes: ['08'] }))).toEqual([4]);
    expect(run(filter({ alarmTypes: ['0x4'] }))).toEqual([]);
    const hex = [alarm(9, '0x13', 'x', 1)];
    expect(ids(filterAlarms(hex, filter({ alarmTypes: [0] }), alarmTypeName, unitTypeName))).toEqual([9]);
    expect(ids(filterAlarms(hex, filter({ alarmTypes: [19] }), alarmTypeName, unitTypeName))).toEqual([]);
  });

  it('does not filter by status', () => {
    for (const on of [statuses('ok'), statuses('inactive'), statuses('problem'), statuses('alarm')]) {
      expect(filterAlarms(ALARMS, filter({ unitStatus: on }), alarmTypeName, unitTypeName)).toEqual(ALARMS);
    }
  });
});

// ---- Properties ----

const alarmTypeArb = fc.oneof(
  fc.integer({ min: -3, max: 55 }),
  fc.integer({ min: -3, max: 55 }).map(String),
  fc.constantFrom('08', '019', ''),
);
const wordArb = fc.constantFrom('Pump', 'valve', 'Ej Installerad', 'Tank', 'Kiruna', 'X1', 'north', '', ' ');
const textArb = fc.array(wordArb, { maxLength: 3 }).map((w) => w.join(' '));
const typeArb = fc.constantFrom(0, 1, 2, 4, 6, 13, 25, 26, 41, 201, 243, 999);

const unitArb: fc.Arbitrary<Unit> = fc.record({
  UnitID: fc.nat(),
  UnitName: textArb,
  UnitLocation: textArb,
  UnitType: typeArb,
  AlarmEvents: fc.array(fc.record({ AlarmType: alarmTypeArb }), { maxLength: 4 }),
});
const unitsArb = fc.array(unitArb, { maxLength: 12 });

const alarmArb: fc.Arbitrary<Alarm> = fc.record({
  AlarmID: fc.nat(),
  AlarmType: alarmTypeArb,
  AlarmEventText: textArb,
  UnitType: typeArb,
});
const alarmsArb = fc.array(alarmArb, { maxLength: 12 });

const statusArb = fc.record({ alarm: fc.boolean(), inactive: fc.boolean(), ok: fc.boolean(), problem: fc.boolean() });
const filterArb: fc.Arbitrary<FilterSettings> = fc.record({
  unitStatus: statusArb,
  unitTypes: fc.array(
    fc.array(typeArb, { minLength: 1, maxLength: 3 }).map((t) => ({ UnitTypes: t.join(', ') })),
    { maxLength: 2 },
  ),
  alarmTypes: fc.array(
    alarmTypeArb.filter((t) => t !== ''),
    { maxLength: 3 },
  ),
  textSearch: fc.constantFrom('', 'pump', 'VALVE', 'x1', 'ej inst', 'north', 'loop', 'zzz'),
});

const isOrderedSubset = <T>(sub: readonly T[], all: readonly T[]) => {
  let i = 0;
  for (const x of sub) {
    while (i < all.length && all[i] !== x) i++;
    if (i === all.length) return false;
    i++;
  }
  return true;
};

describe('filter properties', () => {
  it('emptyFilter returns the units and the alarms unchanged', () => {
    fc.assert(
      fc.property(unitsArb, alarmsArb, (units, alarms) => {
        const u = filterUnits(units, emptyFilter(), unitTypeName);
        const a = filterAlarms(alarms, emptyFilter(), alarmTypeName, unitTypeName);
        expect(u).toHaveLength(units.length);
        expect(u.every((x, i) => x === units[i])).toBe(true);
        expect(a).toHaveLength(alarms.length);
        expect(a.every((x, i) => x === alarms[i])).toBe(true);
      }),
    );
  });

  it('selecting all four statuses equals selecting none', () => {
    fc.assert(
      fc.property(unitsArb, filterArb, (units, f) => {
        const all = filterUnits(
          units,
          { ...f, unitStatus: statuses('alarm', 'inactive', 'ok', 'problem') },
          unitTypeName,
        );
        const none = filterUnits(units, { ...f, unitStatus: statuses() }, unitTypeName);
        expect(all).toEqual(none);
      }),
    );
  });

  it('a status selection keeps exactly the units of a selected status', () => {
    fc.assert(
      fc.property(unitsArb, statusArb, (units, on) => {
        const selected = Object.values(on).filter(Boolean).length;
        const result = filterUnits(units, filter({ unitStatus: on }), unitTypeName);
        const expected = selected === 0 || selected === 4 ? units : units.filter((u) => on[unitStatus(u)]);
        expect(result).toEqual(expected);
      }),
    );
  });

  it('the result is always a subset of the input, in input order', () => {
    fc.assert(
      fc.property(unitsArb, alarmsArb, filterArb, (units, alarms, f) => {
        expect(isOrderedSubset(filterUnits(units, f, unitTypeName), units)).toBe(true);
        expect(isOrderedSubset(filterAlarms(alarms, f, alarmTypeName, unitTypeName), alarms)).toBe(true);
      }),
    );
  });

  it('filtering twice equals filtering once', () => {
    fc.assert(
      fc.property(unitsArb, alarmsArb, filterArb, (units, alarms, f) => {
        const u = filterUnits(units, f, unitTypeName);
        expect(filterUnits(u, f, unitTypeName)).toEqual(u);
        const a = filterAlarms(alarms, f, alarmTypeName, unitTypeName);
        expect(filterAlarms(a, f, alarmTypeName, unitTypeName)).toEqual(a);
      }),
    );
  });

  it('a search with surrounding whitespace or other case equals the trimmed search', () => {
    const ws = fc.stringMatching(/^[ \t\n]{0,3}$/);
    fc.assert(
      fc.property(unitsArb, alarmsArb, filterArb, ws, ws, (units, alarms, f, pre, post) => {
        const padded = { ...f, textSearch: `${pre}${f.textSearch.toUpperCase()}${post}` };
        expect(filterUnits(units, padded, unitTypeName)).toEqual(filterUnits(units, f, unitTypeName));
        expect(filterAlarms(alarms, padded, alarmTypeName, unitTypeName)).toEqual(
          filterAlarms(alarms, f, alarmTypeName, unitTypeName),
        );
      }),
    );
  });

  it('alarms ignore the status filter', () => {
    fc.assert(
      fc.property(alarmsArb, filterArb, statusArb, (alarms, f, on) => {
        expect(filterAlarms(alarms, { ...f, unitStatus: on }, alarmTypeName, unitTypeName)).toEqual(
          filterAlarms(alarms, { ...f, unitStatus: statuses() }, alarmTypeName, unitTypeName),
        );
      }),
    );
  });

  it('an alarm type filter keeps exactly the units with a matching alarm event', () => {
    fc.assert(
      fc.property(
        unitsArb,
        fc.array(fc.integer({ min: 0, max: 55 }), { minLength: 1, maxLength: 3 }),
        (units, types) => {
          const result = filterUnits(units, filter({ alarmTypes: types }), unitTypeName);
          const expected = units.filter((u) =>
            u.AlarmEvents.some((e) => types.includes(Number.parseInt(String(e.AlarmType), 10))),
          );
          expect(result).toEqual(expected);
        },
      ),
    );
  });
});
