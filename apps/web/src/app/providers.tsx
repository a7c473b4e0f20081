import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
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
import { toast } from '@/lib/toast';
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

const LazyToastHost = lazy(async () => ({ default: (await import('./toast-host')).ToastHost }));

/**
 * The toasts' container is fetched with the first toast (ADR 033): most first visits show none, and it brings
 * Mantine's notification components and their transitions. A toast shown meanwhile waits in Mantine's store and
 * appears once the container is there.
 */
function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToastHost />
    </Suspense>
  ) : null;
}

/** Follows the signed-in user's saved language (spec §4: the stored culture when none is set). */
function LanguageSync() {
  useLanguageSync();
  return null;
}

/** Every app-wide provider, in one place (the confirm dialogs' is the signed-in shell's, app-layout.tsx). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ShellPreferencesProvider>
          <ThemedMantine>
            <Toasts />
            <SessionProvider>
              <UnitsProvider onSaveError={() => toast.warning(i18n.t('shell:units.saveFailed'))}>
                <LanguageSync />
                {children}
              </UnitsProvider>
            </SessionProvider>
          </ThemedMantine>
        </ShellPreferencesProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
