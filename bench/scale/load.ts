import autocannon from 'autocannon';
import { watchProcess } from './procstat.ts';
import { pct } from './units.ts';

/** One API call of the dashboard traffic, per session (a cookie) its own URL. */
export type Call = { name: string; path: (session: number) => string };

export type LoadResult = {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
  non2xx: number;
  cpuPct: number;
  rssMaxMb: number;
};

/**
 * `connections` browsers' worth of traffic for `seconds`: each connection is one signed-in session
 * (its own cookie) and goes through `calls` in turn. Latencies of every response are kept, so p95 is
 * exact (autocannon's own histogram has no p95).
 */
export async function load(opts: {
  port: number;
  cookies: readonly string[];
  calls: readonly Call[];
  seconds: number;
  pids: readonly number[];
  /** Requests per second over all sessions; unset: as fast as the server answers (saturation). */
  rate?: number;
}): Promise<LoadResult> {
  let nextSession = 0;
  const sessions = new WeakMap<object, number>();
  const watch = watchProcess(opts.pids);
  const latencies: number[] = [];
  let done: (r: autocannon.Result) => void = () => {};
  const finished = new Promise<autocannon.Result>((resolve) => {
    done = resolve;
  });
  const instance = autocannon(
    {
      url: `http://127.0.0.1:${opts.port}`,
      connections: opts.cookies.length,
      duration: opts.seconds,
      ...(opts.rate ? { overallRate: opts.rate } : {}),
      requests: opts.calls.map((call) => ({
        method: 'GET' as const,
        setupRequest: (req: autocannon.Request, context: object) => {
          let s = sessions.get(context);
          if (s === undefined) {
            s = nextSession++ % opts.cookies.length;
            sessions.set(context, s);
          }
          return { ...req, path: call.path(s), headers: { ...req.headers, cookie: opts.cookies[s] ?? '' } };
        },
      })),
    },
    (err, result) => (err ? done({ ...result, errors: -1 }) : done(result)),
  );
  instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await finished;
  const usage = watch.stop();
  latencies.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuPct: usage.cpuPct,
    rssMaxMb: usage.rssMaxMb,
  };
}
