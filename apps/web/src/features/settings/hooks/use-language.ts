import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '@/lib/api-client';
import { CULTURES, LANGUAGES, setCulture, type Culture } from '@/lib/i18n';
import { useSession } from '@/lib/session';

/** Which of the two English entries was picked (both map to en-US, spec §4), so the select shows it again. */
export const LANGUAGE_LABEL_STORAGE_KEY = 'sealplan.languageLabel';

export type LanguageLabel = (typeof LANGUAGES)[number]['label'];

export function cultureOfLabel(label: string): Culture | null {
  return LANGUAGES.find((language) => language.label === label)?.culture ?? null;
}

/** The label to show for a culture: the one picked before when it maps to that culture, else the first. */
export function labelOfCulture(culture: string, picked: string | null): LanguageLabel {
  const match = LANGUAGES.find((language) => language.label === picked && language.culture === culture);
  return (match ?? LANGUAGES.find((language) => language.culture === culture) ?? LANGUAGES[0]).label;
}

function readPickedLabel(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_LABEL_STORAGE_KEY);
  } catch {
    return null;
  }
}

function isCulture(value: unknown): value is Culture {
  return typeof value === 'string' && (CULTURES as readonly string[]).includes(value);
}

/**
 * Spec §4 language map: the select offers the five names; choosing one switches the culture at once, stores it
 * in the browser and, when signed in, saves it as the user's language preference (kept locally if that fails).
 */
export function useLanguage() {
  const { i18n } = useTranslation();
  const { user, refreshUser } = useSession();
  const [picked, setPicked] = useState<string | null>(readPickedLabel);
  const culture = isCulture(i18n.language) ? i18n.language : CULTURES[0];

  const setLanguage = useCallback(
    (label: string) => {
      const next = cultureOfLabel(label);
      if (!next) return;
      setPicked(label);
      try {
        localStorage.setItem(LANGUAGE_LABEL_STORAGE_KEY, label);
      } catch {
        // Storage unavailable: the language still changes for this visit.
      }
      setCulture(next);
      if (user && user.languagePreference !== next) {
        callApi('user.saveUser', { body: { user: { languagePreference: next } } })
          .then(() => refreshUser())
          .catch(() => undefined); // the browser keeps the choice; the server copy only follows sign-ins elsewhere
      }
    },
    [user, refreshUser],
  );

  return {
    culture,
    label: labelOfCulture(culture, picked),
    options: LANGUAGES.map((language) => language.label),
    setLanguage,
  };
}

/** After sign-in, a saved language preference wins over the browser's stored culture (spec §4). */
export function useLanguageSync() {
  const { user } = useSession();
  const preference = user?.languagePreference ?? null;
  const key = user ? `${user.id}:${preference}` : null;
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    if (key === lastKey.current) return;
    lastKey.current = key;
    if (isCulture(preference)) setCulture(preference);
  }, [key, preference]);
}
