/** The instances' Prometheus metrics (loopback, so no token is needed). */
export const metricsOf = (ports: readonly number[]) =>
  Promise.all(ports.map(async (port) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text()));

/** A counter summed over the instances. */
export async function counted(ports: readonly number[], name: string) {
  let n = 0;
  for (const text of await metricsOf(ports)) n += Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return n;
}
