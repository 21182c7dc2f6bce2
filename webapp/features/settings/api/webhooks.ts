import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookDeliveryDto,
  WebhookEndpointDto,
  WebhookEndpointWithSecret,
} from '../../../../shared/webhooks/api';
import { api } from '../../../lib/api-client';

const webhooksKey = ['settings', 'webhooks'] as const;
const deliveriesKey = (endpointId: string) => [...webhooksKey, endpointId, 'deliveries'] as const;

export function webhooksQueryOptions() {
  return queryOptions({
    queryKey: webhooksKey,
    queryFn: async () => (await api<{ endpoints: WebhookEndpointDto[] }>('/api/webhooks')).endpoints,
  });
}

export function useWebhookEndpoints() {
  return useQuery(webhooksQueryOptions());
}

/** The last 100 deliveries; refreshed every few seconds while shown, as retries come and go. */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: deliveriesKey(endpointId),
    queryFn: async () =>
      (await api<{ deliveries: WebhookDeliveryDto[] }>(`/api/webhooks/${endpointId}/deliveries`)).deliveries,
    refetchInterval: 3000,
  });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookEndpointInput) =>
      api<WebhookEndpointWithSecret>('/api/webhooks', { method: 'POST', json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateWebhookEndpointInput & { id: string }) =>
      api<{ endpoint: WebhookEndpointDto }>(`/api/webhooks/${id}`, { method: 'PATCH', json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/webhooks/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<WebhookEndpointWithSecret>(`/api/webhooks/${id}/rotate-secret`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) =>
      api<{ delivery: WebhookDeliveryDto }>(`/api/webhooks/${endpointId}/test`, { method: 'POST' }),
    onSuccess: (_data, endpointId) => queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
}

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      api<{ delivery: WebhookDeliveryDto }>(`/api/webhooks/${endpointId}/deliveries/${deliveryId}/resend`, {
        method: 'POST',
      }),
    onSuccess: (_data, { endpointId }) =>
      queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
}
