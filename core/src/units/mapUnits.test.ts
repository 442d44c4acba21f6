import { describe, expect, it } from 'vitest';
import { emptyFilter } from './filters.ts';
import { hasPosition, mapShows, mapUnitsOf, unitsOfMap } from './mapUnits.ts';

const unit = (id: number, name: string, lat: number | null, lng: number | null, type = 25, alarms: number[] = []) => ({
  id,
  lat,
  lng,
  UnitName: name,
  UnitLocation: '',
  UnitType: type,
  AlarmEvents: alarms.map((AlarmType) => ({ AlarmType })),
});

describe('map units', () => {
  it('skips positions a unit without a fix reports', () => {
    expect(hasPosition(59.3, 18.1)).toBe(true);
    expect(hasPosition(null, 18.1)).toBe(false);
    expect(hasPosition(59.3, null)).toBe(false);
    expect(hasPosition(0, 0)).toBe(false);
    expect(hasPosition(0, 12)).toBe(true);
    expect(hasPosition(91, 0)).toBe(false);
    expect(hasPosition(10, -181)).toBe(false);
    expect(hasPosition(Number.NaN, 1)).toBe(false);
  });

  it('narrows each variant', () => {
    expect(mapShows('deviceMap', 'inactive', 25)).toBe(true);
    expect(mapShows('alarmMap', 'problem', 25)).toBe(true);
    expect(mapShows('alarmMap', 'ok', 25)).toBe(false);
    expect(mapShows('parkingMap', 'ok', 25)).toBe(false);
  });

  it('places the units the filter and variant keep, column by column, and counts the rest', () => {
    const units = [
      unit(1, 'Bridge', 59.3000001, 18.1, 25, [0]),
      unit(2, 'Quay', null, null),
      unit(3, 'Tunnel', 57.7, 11.9, 1, [19]),
      unit(4, 'Depot', 56, 12),
    ];
    expect(mapUnitsOf(units, 'deviceMap', emptyFilter())).toEqual({
      ids: [1, 3, 4],
      lat: [59.3, 57.7, 56],
      lng: [18.1, 11.9, 12],
      status: ['alarm', 'problem', 'ok'],
      unplaced: 1,
    });
    expect(mapUnitsOf(units, 'alarmMap', emptyFilter()).ids).toEqual([1, 3]);
    expect(mapUnitsOf(units, 'deviceMap', { ...emptyFilter(), textSearch: 'quay' })).toEqual({
      ids: [],
      lat: [],
      lng: [],
      status: [],
      unplaced: 1,
    });
  });

  it("reads a map's answer column by column", () => {
    const answer = { ids: [1, 3], lat: [59.3, 57.7], lng: [18.1, 11.9], status: ['alarm', 'problem'] as const };
    expect(unitsOfMap({ ...answer, status: [...answer.status], unplaced: 1 })).toEqual([
      { id: 1, lat: 59.3, lng: 18.1, status: 'alarm' },
      { id: 3, lat: 57.7, lng: 11.9, status: 'problem' },
    ]);
    expect(unitsOfMap(undefined)).toEqual([]);
  });
});
