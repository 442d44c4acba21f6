import type { BusMessage, LiveBus } from './bus.ts';

/** Why a repeating job runs: at start, on its timer, or because something asked for it. */
export type RunReason = 'start' | 'tick' | 'call';

/** What wakes a job besides its timer: a live bus message it takes (`take` answers whether to run). */
type Wake = { bus: LiveBus; take: (message: BusMessage) => boolean };

/**
 * Runs `work` at start, every `everyMs`, whenever `run()` is called and whenever `wake` takes a bus
 * message, never two at once: a call while it runs has it run once more after (with the reason of
 * the last call). Stopped, it runs no more and `stop` waits for the run under way. The background
 * jobs (event engine, radar analysis, forecasts) each wrap their own work in it.
 */
export function repeating(work: (reason: RunReason) => Promise<void>, everyMs: number, wake?: Wake) {
  let running: Promise<void> | undefined;
  let again: RunReason | undefined;
  let stopped = false;
  const run = (reason: RunReason = 'call'): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = again === 'tick' ? again : reason;
      return running;
    }
    running = work(reason).finally(() => {
      running = undefined;
      const next = again;
      again = undefined;
      if (next && !stopped) void run(next);
    });
    return running;
  };
  const timer = setInterval(() => void run('tick'), everyMs);
  const unsubscribe = wake?.bus.subscribe((message) => {
    if (wake.take(message)) void run('call');
  });
  void run('start');
  return {
    run: () => run('call'),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      unsubscribe?.();
      await running;
    },
  };
}
