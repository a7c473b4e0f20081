import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { localizedName, type Industry, type NamedEntry } from '@sealplan/contracts';
import { callApi } from './api-client';
import { SHARED_QUERY_KEYS } from './query-keys';

/** Industries change rarely (an administrator's edit); the list is shared by every screen that names one. */
const INDUSTRIES_STALE_MS = 10 * 60_000;

/**
 * ADR 030: names a catalogue entry (class, transit type, item type, sealant) or an industry in the interface
 * language, falling back to its English name. Follows a language switch at once (no refetch).
 */
export function useLocalizedName(): (entry: NamedEntry) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((entry: NamedEntry) => localizedName(entry, language), [language]);
}

/** Names the entry with this id in the interface language, or undefined when the list has none (ADR 030). */
export type NameById = (id: string) => string | undefined;

/** ADR 030: names an entry of `list` (the catalogue's sealants, say) by its id, in the interface language. */
export function useNameById(list: readonly (NamedEntry & { id: string })[] | undefined): NameById {
  const name = useLocalizedName();
  return useCallback(
    (id: string) => {
      const entry = list?.find((candidate) => candidate.id === id);
      return entry ? name(entry) : undefined;
    },
    [list, name],
  );
}

/** Spec §7 POST /api/industry/getActive {}: the active industries with their names per language. */
export function useActiveIndustries() {
  return useQuery({
    queryKey: SHARED_QUERY_KEYS.industries,
    queryFn: (): Promise<Industry[]> => callApi('industry.getActive'),
    staleTime: INDUSTRIES_STALE_MS,
  });
}

/**
 * ADR 030: names an industry reference ({id, display}: display is the stored English name) in the interface
 * language, from the industries list; an industry not in the list (inactive) keeps the reference's name.
 */
export function useIndustryName(): (industry: { id: string; display: string }) => string {
  const industries = useActiveIndustries();
  const name = useLocalizedName();
  const list = industries.data;
  return useCallback(
    (industry: { id: string; display: string }) => {
      const entry = list?.find((candidate) => candidate.id === industry.id);
      return entry ? name(entry) : industry.display;
    },
    [list, name],
  );
}
