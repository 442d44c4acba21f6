import type {
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointWithSecret,
} from '@fieldwatch/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http.ts';

const A = '/api/v1/admin';
const hook = (id: number) => `${A}/webhooks/${id}`;

/** An organization's signed webhooks: its endpoints, and each endpoint's deliveries (SuperUsers of it or above). */
export const webhooksApi = {
  list: (organizationId: number) => api.get<WebhookEndpoint[]>(`${A}/organization/${organizationId}/webhooks`),
  create: (organizationId: number, body: WebhookEndpointBody) =>
    api.post<WebhookEndpointWithSecret>(`${A}/organization/${organizationId}/webhooks`, body),
  update: (id: number, body: WebhookEndpointBody) => api.put<WebhookEndpoint>(hook(id), body),
  remove: (id: number) => api.delete<{ success: boolean }>(hook(id)),
  rotate: (id: number) => api.post<WebhookEndpointWithSecret>(`${hook(id)}/rotate`),
  test: (id: number) => api.post<WebhookDelivery>(`${hook(id)}/test`),
  deliveries: (id: number) => api.get<WebhookDelivery[]>(`${hook(id)}/deliveries`),
  delivery: (id: number, deliveryId: string) => api.get<WebhookDeliveryDetail>(`${hook(id)}/deliveries/${deliveryId}`),
};

/** Under ['admin', organization], so that an admin change refreshing everything refreshes these too. */
export const webhookKeys = {
  list: (organizationId: number) => ['admin', organizationId, 'webhooks'] as const,
  deliveries: (organizationId: number, id: number) => ['admin', organizationId, 'webhooks', id, 'deliveries'] as const,
  delivery: (organizationId: number, id: number, deliveryId: string) =>
    ['admin', organizationId, 'webhooks', id, 'deliveries', deliveryId] as const,
};

/** While a delivery waits for its attempt, the log is read again every 2 s; otherwise when asked. */
const PENDING_POLL_MS = 2000;
const waiting = (list: readonly WebhookDelivery[] | undefined) =>
  list?.some((d) => d.state === 'pending' && d.attempts === 0) ? PENDING_POLL_MS : false;

export const useWebhooks = (organizationId: number) =>
  useQuery({ queryKey: webhookKeys.list(organizationId), queryFn: () => webhooksApi.list(organizationId) });

export const useWebhookDeliveries = (organizationId: number, id: number) =>
  useQuery({
    queryKey: webhookKeys.deliveries(organizationId, id),
    queryFn: () => webhooksApi.deliveries(id),
    refetchInterval: (q) => waiting(q.state.data),
  });

export const useWebhookDelivery = (organizationId: number, id: number, deliveryId: string) =>
  useQuery({
    queryKey: webhookKeys.delivery(organizationId, id, deliveryId),
    queryFn: () => webhooksApi.delivery(id, deliveryId),
  });
