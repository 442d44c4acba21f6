import { useQuery } from '@tanstack/react-query';
import { api } from './http.ts';

export type ClientConfig = { tileUrl: string; tileAttribution: string; errorReporting: boolean };

/** The server's client configuration (map tiles from TILE_URL, ERROR_REPORTING), read once per page load. */
export const clientConfigQuery = {
  queryKey: ['clientConfig'],
  queryFn: () => api.get<ClientConfig>('/api/v3/config'),
  staleTime: Number.POSITIVE_INFINITY,
};

export const useClientConfig = () => useQuery(clientConfigQuery);
