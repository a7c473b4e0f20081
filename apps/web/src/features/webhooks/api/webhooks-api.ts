import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveWebhookRequest, WebhookDelivery } from '@sealplan/contracts';
import { callApi } from '@/lib/api-client';

const KEYS = {
  endpoints: ['webhooks', 'endpoints'],
  deliveries: ['webhooks', 'deliveries'],
} as const;
/** The log is read again this often while a delivery waits for its attempt. */
const PENDING_REFRESH_MS = 2_000;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: KEYS.endpoints,
    queryFn: async () => (await callApi('webhook.list', { body: {} })).endpoints,
  });
}

export function useWebhookDeliveries() {
  return useQuery({
    queryKey: KEYS.deliveries,
    queryFn: async () => (await callApi('webhook.deliveries', { body: {} })).deliveries,
    refetchInterval: (query) =>
      (query.state.data as WebhookDelivery[] | undefined)?.some((d) => d.status === 'PENDING')
        ? PENDING_REFRESH_MS
        : false,
  });
}

/** A change to the endpoints or the log: both lists are read again. */
function useWebhookMutation<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: ['webhooks'] });
    },
  });
}

export const useSaveWebhook = () =>
  useWebhookMutation((body: SaveWebhookRequest) => callApi('webhook.save', { body }));
export const useDeleteWebhook = () =>
  useWebhookMutation((id: string) => callApi('webhook.delete', { body: { id } }));
export const usePingWebhook = () =>
  useWebhookMutation((id: string) => callApi('webhook.ping', { body: { id } }));
export const useResendDelivery = () =>
  useWebhookMutation((deliveryId: string) => callApi('webhook.resend', { body: { deliveryId } }));
