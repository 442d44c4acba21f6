export type BenchResult = { name: string; lines: string[] };

/** Median of several timed runs of fn, in milliseconds. */
export async function medianMs(fn: () => Promise<unknown>, runs = 7): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

export const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
