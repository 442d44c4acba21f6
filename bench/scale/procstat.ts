import fs from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const HZ = 100;

function cpuTicks(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]); // utime, stime (after the command name)
}

function rssMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) / 1024;
}

export type ProcUsage = { cpuPct: number; rssMaxMb: number; rssEndMb: number };

/** Samples a process's CPU share and resident memory until stopped (CPU% of one core). */
export function watchProcess(pids: readonly number[]): { stop(): ProcUsage } {
  const t0 = performance.now();
  const ticks0 = pids.reduce((s, p) => s + cpuTicks(p), 0);
  let rssMax = 0;
  const sample = () => {
    rssMax = Math.max(
      rssMax,
      pids.reduce((s, p) => s + rssMb(p), 0),
    );
  };
  sample();
  const timer = setInterval(sample, 250);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const seconds = (performance.now() - t0) / 1000;
      const ticks = pids.reduce((s, p) => s + cpuTicks(p), 0) - ticks0;
      return {
        cpuPct: (100 * ticks) / HZ / seconds,
        rssMaxMb: rssMax,
        rssEndMb: pids.reduce((s, p) => s + rssMb(p), 0),
      };
    },
  };
}
