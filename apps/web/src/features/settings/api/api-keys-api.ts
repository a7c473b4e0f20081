import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyRequest } from '@sealplan/contracts';
import { callApi } from '@/lib/api-client';

/** The organization's API keys (ADR 036), under the user administration's keys. */
export const API_KEYS_QUERY_KEY = ['admin', 'apiKeys'] as const;

export function useApiKeys(enabled: boolean) {
  return useQuery({
    queryKey: API_KEYS_QUERY_KEY,
    queryFn: () => callApi('apiKeys.list', { body: {} }) as Promise<ApiKey[]>,
    enabled,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyRequest) => callApi('apiKeys.create', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiKeyId: string) => callApi('apiKeys.revoke', { body: { apiKeyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
