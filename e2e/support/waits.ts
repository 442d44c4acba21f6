/**
 * How long a browser test waits for a state it needs (an element, a poll, a page function) before
 * failing with that state named: one bound for every wait, under a test's own 60 s, so that a busy
 * machine slows a test down without failing it. Set on every context (`useApp`) and as the default
 * of `expect.poll` (vitest.config.ts).
 */
export const WAIT_MS = 45_000;
