import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyFilter, type FilterSettings, filterOfParams, filterParams, filterUnits } from './filters.ts';
import { countByStatus, statusCountsOf } from './statusCounts.ts';
import { INACTIVE_MARKER, unitStatus } from './unitStatus.ts';
import { unitTypeName } from './unitTypes.ts';

describe('countByStatus', () => {
  it('counts each status and the total', () => {
    expect(countByStatus(['alarm', 'ok', 'ok', 'inactive', 'problem', 'alarm'])).toEqual({
      alarm: 2,
      problem: 1,
      ok: 2,
      inactive: 1,
      total: 6,
    });
  });

  it('is all zero for no units', () => {
    expect(countByStatus([])).toEqual({ alarm: 0, problem: 0, ok: 0, inactive: 0, total: 0 });
  });
});

const unitArb = fc.record({
  UnitName: fc.oneof(fc.string({ maxLength: 8 }), fc.constant(`Pump ${INACTIVE_MARKER}`)),
  UnitLocation: fc.string({ maxLength: 8 }),
  UnitType: fc.integer({ min: 0, max: 40 }),
  AlarmEvents: fc.array(fc.record({ AlarmType: fc.integer({ min: -1, max: 12 }) }), { maxLength: 3 }),
});
const filterArb: fc.Arbitrary<FilterSettings> = fc.record({
  unitStatus: fc.record({ alarm: fc.boolean(), inactive: fc.boolean(), ok: fc.boolean(), problem: fc.boolean() }),
  unitTypes: fc.array(
    fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 3 }).map((ids) => ({ UnitTypes: ids.join(',') })),
    { maxLength: 2 },
  ),
  alarmTypes: fc.array(fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 }).map(String)), {
    maxLength: 3,
  }),
  textSearch: fc.oneof(fc.constant(''), fc.string({ maxLength: 3 }), fc.constantFrom(' a ', 'Pump')),
});

describe('status counts of a filter', () => {
  it('count the units the filter keeps when its status part is left out, by their status', () => {
    fc.assert(
      fc.property(fc.array(unitArb, { maxLength: 30 }), filterArb, (units, f) => {
        const kept = filterUnits(units, { ...f, unitStatus: emptyFilter().unitStatus }, unitTypeName);
        expect(statusCountsOf(units, f)).toEqual(countByStatus(kept.map(unitStatus)));
      }),
    );
  });

  it('are the same through the query parameters the server reads', () => {
    fc.assert(
      fc.property(fc.array(unitArb, { maxLength: 30 }), filterArb, (units, f) => {
        expect(statusCountsOf(units, filterOfParams(filterParams(f)))).toEqual(statusCountsOf(units, f));
      }),
    );
  });
});

describe('a filter as query parameters', () => {
  it('keeps the same units, status part included', () => {
    fc.assert(
      fc.property(fc.array(unitArb, { maxLength: 30 }), filterArb, (units, f) => {
        expect(filterUnits(units, filterOfParams(filterParams(f)), unitTypeName)).toEqual(
          filterUnits(units, f, unitTypeName),
        );
      }),
    );
  });

  it('leave out what does not restrict: no search, types or alarm types, no or every status', () => {
    const all = { alarm: true, problem: true, ok: true, inactive: true };
    expect(
      filterParams({ ...emptyFilter(), textSearch: '  ', unitTypes: [{ UnitTypes: '' }], unitStatus: all }),
    ).toEqual({
      q: undefined,
      types: undefined,
      alarmTypes: undefined,
      statuses: undefined,
    });
    const f = emptyFilter();
    expect(
      filterParams({
        ...f,
        unitTypes: [{ UnitTypes: '3, 5' }],
        alarmTypes: [2, '7'],
        unitStatus: { ...f.unitStatus, ok: true },
      }),
    ).toEqual({ q: undefined, types: '3,5', alarmTypes: '2,7', statuses: 'ok' });
  });
});
