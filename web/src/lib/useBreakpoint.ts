import { BREAKPOINTS } from '@fieldwatch/core';
import { useSyncExternalStore } from 'react';

export type Breakpoint = 'xs' | keyof typeof BREAKPOINTS;
const order = Object.entries(BREAKPOINTS).sort((a, b) => b[1] - a[1]) as [Breakpoint, number][];

const measure = (): Breakpoint => order.find(([, min]) => window.innerWidth >= min)?.[0] ?? 'xs';
// Measured once and then on resize: innerWidth read in every render's snapshot forced a layout
// each time (some 70 ms of a phone's start-up at 4× CPU slowdown).
let breakpoint: Breakpoint | undefined;
const current = () => {
  breakpoint ??= measure();
  return breakpoint;
};
if (typeof window !== 'undefined') window.addEventListener('resize', () => (breakpoint = measure()));

function subscribe(cb: () => void) {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
}

/** The spec's breakpoints (640, 930, 1024, 1280, 1536) as a name: xs below 640. */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(subscribe, current);
}
