import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A raster tile server on loopback (the real one is outside this network): every /{z}/{x}/{y}.png
 * answers a quiet land-coloured square with its grid, so maps draw a background and ask nothing
 * that fails. `TILE_URL` is `url`.
 */
export class FakeTiles {
  requests = 0;
  private readonly server: Server = createServer((req, res) => {
    this.requests++;
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' });
    res.end(
      '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#cfd8cf"/>' +
        '<path d="M0 .5H256M.5 0V256" stroke="#b8c4b8"/></svg>',
    );
  });

  get url() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/{z}/{x}/{y}.png`;
  }

  listen() {
    return new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
