import { useEffect, useMemo, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import {
  ShellPreferencesProvider,
  useShellPreferences,
} from '@/features/settings/hooks/use-shell-preferences';
import { colorThemeById } from '@/features/settings/model/color-themes';
import { useLanguageSync } from '@/features/settings/hooks/use-language';
import { i18n } from '@/lib/i18n';
import { SessionProvider } from '@/lib/session';
import { TOAST_DURATION_MS, toast } from '@/lib/toast';
import { UnitsProvider } from '@/lib/units';
import { queryClient } from './query-client';
import { cssVariablesResolver, themeFor } from './theme';
import './layout/shell.css';

/** Mantine with the colour theme chosen in the settings panel (spec §1: applies at once). */
function ThemedMantine({ children }: { children: ReactNode }) {
  const { preferences } = useShellPreferences();
  const definition = colorThemeById(preferences.theme);
  const { t, i18n: active } = useTranslation('common');
  const theme = useMemo(
    () =>
      themeFor(definition.id, {
        close: t('close'),
        pagination: {
          first: t('pagination.first'),
          previous: t('pagination.previous'),
          next: t('pagination.next'),
          last: t('pagination.last'),
        },
      }),
    // The labels follow the language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [definition.id, active.language, t],
  );
  // Thin scrollbars style the whole page, so the switch lives on <html> (see layout/shell.css).
  useEffect(() => {
    document.documentElement.toggleAttribute('data-thin-scrollbars', preferences.scrollbar);
  }, [preferences.scrollbar]);
  return (
    <MantineProvider
      theme={theme}
      forceColorScheme={definition.colorScheme}
      cssVariablesResolver={cssVariablesResolver}
    >
      {children}
    </MantineProvider>
  );
}

/** Follows the signed-in user's saved language (spec §4: the stored culture when none is set). */
function LanguageSync() {
  useLanguageSync();
  return null;
}

/** Every app-wide provider, in one place. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ShellPreferencesProvider>
          <ThemedMantine>
            <ModalsProvider>
              {/* Spec §9: top-centre, one at a time, 5000 ms. */}
              <Notifications position="top-center" limit={1} autoClose={TOAST_DURATION_MS} zIndex={1000} />
              <SessionProvider>
                <UnitsProvider onSaveError={() => toast.warning(i18n.t('shell:units.saveFailed'))}>
                  <LanguageSync />
                  {children}
                </UnitsProvider>
              </SessionProvider>
            </ModalsProvider>
          </ThemedMantine>
        </ShellPreferencesProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
