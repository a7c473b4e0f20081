import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  hasProviderWideReach,
  type FormData,
  type Industry,
  type SaveCatalogueRequest,
  type SaveIndustryNamesRequest,
  type VerifyCatalogueRequest,
} from '@sealplan/contracts';
import { callApi } from '@/lib/api-client';
import { SHARED_QUERY_KEYS } from '@/lib/query-keys';

/**
 * ADR 008: the catalogue is provider-wide reference data, so only a SystemAdministrator or an ElevatedUser of the
 * provider organization may edit and verify it: the contract's rule, the one the server's guard applies.
 */
export const canEditCatalogue = hasProviderWideReach;

export const catalogueKeys = {
  all: ['catalogue'] as const,
};

/** GET /api/catalogue: the catalogue (engine shape, lengths in mm), its meta (version, verified) and sample marks. */
export function useCatalogue() {
  return useQuery({
    queryKey: catalogueKeys.all,
    queryFn: (): Promise<FormData> => callApi('catalogue.get'),
  });
}

/**
 * After a save or a verification: this screen shows the answer at once, and everything else that reads the
 * catalogue (the transit workspace's live figures, the sample notice from /api/settings) fetches it again.
 */
function adopt(client: QueryClient, data: FormData) {
  client.setQueryData(catalogueKeys.all, data);
  void client.invalidateQueries({ queryKey: SHARED_QUERY_KEYS.formData });
  void client.invalidateQueries({ queryKey: SHARED_QUERY_KEYS.settings });
}

/** PUT /api/catalogue {catalogue, version, force?}: replaces every table; VERSION_CONFLICT when someone saved first. */
export function useSaveCatalogue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveCatalogueRequest): Promise<FormData> => callApi('catalogue.save', { body }),
    onSuccess: (data) => adopt(client, data),
  });
}

/** POST /api/catalogue/verify {isVerified, version}: the figures are (or are no longer) the maker's. */
export function useVerifyCatalogue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyCatalogueRequest): Promise<FormData> => callApi('catalogue.verify', { body }),
    onSuccess: (data) => adopt(client, data),
  });
}

/** POST /api/industry/saveNames {industries}: every screen that names an industry reads the answer. */
export function useSaveIndustryNames() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveIndustryNamesRequest): Promise<Industry[]> =>
      callApi('industry.saveNames', { body }),
    onSuccess: (data) => client.setQueryData(SHARED_QUERY_KEYS.industries, data),
  });
}
