import { Type } from '@sinclair/typebox';
import type { App } from '../../http.ts';
import { anyone } from '../../plugins/policy.ts';

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

/** What the web app needs to know about this deployment before anyone signs in. */
export const ClientConfig = Type.Object({
  tileUrl: Type.String({
    description: 'Raster tile URL template ({z}/{x}/{y}, optional {s}) of the unit maps (TILE_URL)',
  }),
  tileAttribution: Type.String({ description: 'Attribution shown on the maps for those tiles (TILE_ATTRIBUTION)' }),
  errorReporting: Type.Boolean({
    description: 'Whether the browser reports its errors to POST /api/v1/errors (ERROR_REPORTING)',
  }),
});

/** Public client configuration (no session: it holds nothing secret). */
export function configRoutes(
  app: App,
  opts: { tiles?: { url: string; attribution: string }; errorReporting?: boolean } = {},
) {
  const body = {
    tileUrl: opts.tiles?.url ?? DEFAULT_TILE_URL,
    tileAttribution: opts.tiles?.attribution ?? DEFAULT_TILE_ATTRIBUTION,
    errorReporting: opts.errorReporting ?? false,
  };
  app.get(
    '/config',
    {
      config: anyone({ writes: false }),
      schema: {
        tags: ['config'],
        summary: 'Client configuration: the map tile source and its attribution, whether to report errors',
        response: { 200: ClientConfig },
      },
    },
    async () => body,
  );
}
