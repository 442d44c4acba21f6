import { api } from './http.ts';

export type ClientConfig = { tileUrl: string; tileAttribution: string; errorReporting: boolean };

let loading: Promise<ClientConfig> | undefined;

/**
 * The server's client configuration (map tiles from TILE_URL, ERROR_REPORTING), read once per page
 * load: the entry needs it before React (error reporting), the map widgets through the query.
 */
export function loadClientConfig(): Promise<ClientConfig> {
  loading ??= api.get<ClientConfig>('/api/v3/config').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
