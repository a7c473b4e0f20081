import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FALLBACK_SHORT_NAME, useProviderShortName } from './page-title';
import { SHARED_QUERY_KEYS } from './query-keys';

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the provider short name reads the one /api/settings query', () => {
  it('uses settings already read (the catalogue flag reads the same query) without asking again', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(SHARED_QUERY_KEYS.settings, {
      provider: { shortName: ' Acme ' },
      catalogueVerified: true,
    });
    const { result } = renderHook(() => useProviderShortName(), { wrapper: wrapperWith(client) });
    await waitFor(() => expect(result.current).toBe('Acme'));
    expect(fetch).not.toHaveBeenCalled();
    // The cached settings stay whole for the other readers: the short name is selected, not stored.
    expect(client.getQueryData(SHARED_QUERY_KEYS.settings)).toMatchObject({ catalogueVerified: true });
  });

  it('falls back while nothing is known', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    const client = new QueryClient();
    const { result } = renderHook(() => useProviderShortName(), { wrapper: wrapperWith(client) });
    expect(result.current).toBe(FALLBACK_SHORT_NAME);
  });
});
