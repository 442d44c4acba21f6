import { useQuery } from '@tanstack/react-query';
import { loadClientConfig } from './clientConfig.ts';

const clientConfigQuery = {
  queryKey: ['clientConfig'],
  queryFn: loadClientConfig,
  staleTime: Number.POSITIVE_INFINITY,
};

export const useClientConfig = () => useQuery(clientConfigQuery);
