import { ALL_RANGES, offeredInterval } from '@fieldwatch/core';
import { createContext, useContext } from 'react';
import { useDeviceStore } from '@/stores/devices.ts';

/**
 * The ranges the dashboard in view offers (core's `rangeChoices` of it, indexes into TIME_RANGES):
 * its time range picker shows them and its widgets read the interval in effect among them. Outside
 * a dashboard every range is offered.
 */
export const RangeChoices = createContext<readonly number[]>(ALL_RANGES);

export const useRangeChoices = () => useContext(RangeChoices);

/** The date interval in effect here: the one chosen when offered, else the longest offered. */
export function useDateInterval(): number {
  const choices = useRangeChoices();
  const dateInterval = useDeviceStore((s) => s.dateInterval);
  return offeredInterval(dateInterval, choices);
}
