import type { BuiltinKey } from './builtins.ts';

/** Time ranges of the interface and the data-view interval choices. */
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
type TimeRangeKey = (typeof TIME_RANGES)[number]['key'];
/** Index of the custom range in TIME_RANGES. */
export const CUSTOM_RANGE = TIME_RANGES.length - 1;

/** Every range, custom included: what a dashboard offers (an index into TIME_RANGES each). */
export const ALL_RANGES: readonly number[] = TIME_RANGES.map((_, i) => i);

const DATA_VIEW_KEYS: readonly TimeRangeKey[] = ['1h', '6h', '24h', '72h', '1w', '1m'];
/**
 * The interval choices of the data view (the built-in `telemetry` dashboard): 1 hour, 6 hours,
 * 1 day, 3 days, 7 days and 30 days. The longer ones (60, 180, 365 days) are hidden there.
 */
export const DATA_VIEW_RANGES: readonly number[] = DATA_VIEW_KEYS.map((k) => TIME_RANGES.findIndex((r) => r.key === k));

/** The ranges a dashboard offers, by its built-in key: the data view its own choices, every other one all. */
export const rangeChoices = (builtin: BuiltinKey | undefined): readonly number[] =>
  builtin === 'telemetry' ? DATA_VIEW_RANGES : ALL_RANGES;

/**
 * The interval a view offering `choices` shows for the chosen one (an index into TIME_RANGES): the
 * chosen one when it is offered, else the longest offered (a year chosen elsewhere is 30 days in
 * the data view). The choice itself is kept for the views that offer it.
 */
export function offeredInterval(index: number, choices: readonly number[]): number {
  if (choices.includes(index)) return index;
  const fixed = choices.filter((i) => i !== CUSTOM_RANGE);
  return fixed.reduce((a, b) => ((TIME_RANGES[b]?.ms ?? 0) > (TIME_RANGES[a]?.ms ?? 0) ? b : a), fixed[0] ?? index);
}

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
