import type { OrganizationUsage } from '@fieldwatch/core';

export const USAGE_PERIODS = [7, 30, 90] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];
export const USAGE_SERIES = ['units', 'users', 'samples', 'alarms'] as const;

/**
 * The figures of a period: units and users as they stand now and how they changed since the
 * period began; samples and alarms summed over its days.
 */
export function usageTotals(usage: OrganizationUsage) {
  const first = usage.days[0];
  const sum = (k: 'samples' | 'alarms') => usage.days.reduce((acc, d) => acc + d[k], 0);
  return {
    units: usage.units,
    users: usage.users,
    samples: sum('samples'),
    alarms: sum('alarms'),
    unitsChange: first ? usage.units - first.units : 0,
    usersChange: first ? usage.users - first.users : 0,
  };
}

/** A round top for a chart's scale (1, 2 or 5 times a power of ten) at or above the largest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}
