import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  loadShellPreferences,
  saveShellPreferences,
  type LayoutToggle,
  type ShellPreferences,
} from '../model/shell-preferences';
import type { ColorThemeId } from '../model/color-themes';

export interface ShellPreferencesValue {
  preferences: ShellPreferences;
  setTheme: (theme: ColorThemeId) => void;
  setToggle: (toggle: LayoutToggle, value: boolean) => void;
}

const ShellPreferencesContext = createContext<ShellPreferencesValue | null>(null);

/** Theme and layout choices of the settings panel: applied at once, kept in localStorage (spec §1). */
export function ShellPreferencesProvider({ children }: { children: ReactNode }) {
  const [preferences, setPreferences] = useState<ShellPreferences>(loadShellPreferences);

  const update = useCallback((change: Partial<ShellPreferences>) => {
    setPreferences((current) => {
      const next = { ...current, ...change };
      saveShellPreferences(next);
      return next;
    });
  }, []);

  const value = useMemo<ShellPreferencesValue>(
    () => ({
      preferences,
      setTheme: (theme) => update({ theme }),
      setToggle: (toggle, on) => update({ [toggle]: on }),
    }),
    [preferences, update],
  );
  return <ShellPreferencesContext.Provider value={value}>{children}</ShellPreferencesContext.Provider>;
}

export function useShellPreferences(): ShellPreferencesValue {
  const value = useContext(ShellPreferencesContext);
  if (!value) throw new Error('useShellPreferences must be used inside <ShellPreferencesProvider>.');
  return value;
}
