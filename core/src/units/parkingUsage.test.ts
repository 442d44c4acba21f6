import { describe, expect, it } from 'vitest';
import { mergeParkingReports, parkingUsage } from './parkingUsage.ts';

const MINUTE = 60_000;
const report = (units: { UnitID: number; occupied: number }[], windowMs: number) => {
  const rows = units.map((u) => ({
    UnitID: u.UnitID,
    UnitName: `U${u.UnitID}`,
    ...parkingUsage(u.occupied, windowMs),
  }));
  const occupied = units.reduce((n, u) => n + u.occupied, 0);
  return {
    StartDate: '2026-11-01 00:00:00',
    StopDate: '2026-11-02 00:00:00',
    StartDay: '08:00',
    StopDay: '17:00',
    Units: rows,
    Totals: { Units: rows.length, ...parkingUsage(occupied, windowMs * rows.length) },
  };
};

describe('parking usage', () => {
  it('is minutes occupied, minutes of window and their share', () => {
    expect(parkingUsage(90 * MINUTE, 540 * MINUTE)).toEqual({
      OccupiedMinutes: 90,
      WindowMinutes: 540,
      Occupancy: 0.1667,
    });
    expect(parkingUsage(0, 0).Occupancy).toBe(0);
  });

  it('of a list read in chunks equals the report over the whole list', () => {
    const window = 540 * MINUTE;
    const all = [
      { UnitID: 1, occupied: 60 * MINUTE },
      { UnitID: 2, occupied: 300 * MINUTE },
      { UnitID: 3, occupied: 0 },
      { UnitID: 4, occupied: 540 * MINUTE },
      { UnitID: 5, occupied: 17 * MINUTE },
    ];
    const whole = report(all, window);
    const merged = mergeParkingReports([report(all.slice(0, 2), window), report(all.slice(2), window)]);
    expect(merged).toEqual(whole);
    expect(mergeParkingReports([whole])).toBe(whole);
    expect(mergeParkingReports([])).toBeUndefined();
  });
});
