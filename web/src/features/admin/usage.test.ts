import { describe, expect, it } from 'vitest';
import { niceMax, usageTotals } from './usage.ts';

describe('usage figures', () => {
  it('sums samples and alarms over the period and measures growth of units and users', () => {
    const usage = {
      units: 12,
      users: 4,
      days: [
        { day: '2026-03-01', samples: 100, alarms: 2, units: 10, users: 3 },
        { day: '2026-03-02', samples: 250, alarms: 0, units: 11, users: 4 },
        { day: '2026-03-03', samples: 50, alarms: 5, units: 12, users: 4 },
      ],
    };
    expect(usageTotals(usage)).toEqual({
      units: 12,
      users: 4,
      samples: 400,
      alarms: 7,
      unitsChange: 2,
      usersChange: 1,
    });
  });

  it('gives zeros for an empty period', () => {
    expect(usageTotals({ units: 3, users: 1, days: [] })).toMatchObject({ samples: 0, alarms: 0, unitsChange: 0 });
  });

  it('rounds a chart scale up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 180, 4321].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 200, 5000]);
  });
});
