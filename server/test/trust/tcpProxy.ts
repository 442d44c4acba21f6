import net from 'node:net';

/**
 * A TCP proxy on loopback in front of a real server (here PostgreSQL), which can be cut: every open
 * connection is destroyed and new ones are dropped on arrival until it is restored, as when the
 * database host goes away.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  const open = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) return client.destroy();
    const upstream = net.connect(target);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        open.delete(a);
        b.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      cut = true;
      for (const s of open) s.destroy();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
