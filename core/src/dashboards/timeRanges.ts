/** Time ranges of the interface and the data-view interval choices (spec §9). */
const HOUR = 3600_000;
const DAY = 24 * HOUR;

export const TIME_RANGES = [
  { key: '1h', ms: HOUR },
  { key: '6h', ms: 6 * HOUR },
  { key: '24h', ms: DAY },
  { key: '72h', ms: 3 * DAY },
  { key: '1w', ms: 7 * DAY },
  { key: '1m', ms: 30 * DAY },
  { key: '2m', ms: 60 * DAY },
  { key: '6m', ms: 182 * DAY },
  { key: '1y', ms: 365 * DAY },
  { key: 'custom', ms: 0 },
] as const;
export type TimeRangeKey = (typeof TIME_RANGES)[number]['key'];
/** Index of the custom range in TIME_RANGES. */
export const CUSTOM_RANGE = TIME_RANGES.length - 1;

/** Interval choices of the data view in days; the longer ones are hidden. */
export const DATA_INTERVALS_HOURS = [1, 6, 24, 72, 168, 720] as const;
export const HIDDEN_DATA_INTERVALS_HOURS = [1440, 4320, 8760] as const;

/**
 * The [start, end) of a date interval (an index into TIME_RANGES), ending now; the custom one
 * uses the given range, and falls back to a week when it is missing or backwards.
 */
export function intervalRange(
  index: number,
  now: Date,
  custom?: { start: string; end: string } | null,
): { start: Date; end: Date } {
  if (index === CUSTOM_RANGE && custom) {
    const start = new Date(custom.start);
    const end = new Date(custom.end);
    if (start.getTime() < end.getTime()) return { start, end };
  }
  const ms = TIME_RANGES[index]?.ms || 7 * DAY;
  return { start: new Date(now.getTime() - ms), end: now };
}
