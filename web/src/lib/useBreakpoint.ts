import { BREAKPOINTS } from '@fieldwatch/core';
import { useSyncExternalStore } from 'react';

export type Breakpoint = 'xs' | keyof typeof BREAKPOINTS;
const order = Object.entries(BREAKPOINTS).sort((a, b) => b[1] - a[1]) as [Breakpoint, number][];

function current(): Breakpoint {
  const w = window.innerWidth;
  return order.find(([, min]) => w >= min)?.[0] ?? 'xs';
}

function subscribe(cb: () => void) {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
}

/** The spec's breakpoints (640, 930, 1024, 1280, 1536) as a name: xs below 640. */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(subscribe, current);
}
