import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '@/lib/api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Never retry what the server refused on purpose (4xx); retry network and 5xx once.
      retry: (count, error) =>
        !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 1,
    },
  },
});
