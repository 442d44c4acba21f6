import { useQuery } from '@tanstack/react-query';
import { api } from './http.ts';

export type ClientConfig = { tileUrl: string; tileAttribution: string };

/** The server's client configuration (map tiles from TILE_URL), read once. */
export const useClientConfig = () =>
  useQuery({
    queryKey: ['clientConfig'],
    queryFn: () => api.get<ClientConfig>('/api/v3/config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
