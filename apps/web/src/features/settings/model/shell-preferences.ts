import { DEFAULT_COLOR_THEME, isColorThemeId, type ColorThemeId } from './color-themes';

/** Spec §1: the layout toggles of the settings panel. */
export const LAYOUT_TOGGLES = ['fixed', 'boxed', 'collapsed', 'float', 'hover', 'scrollbar'] as const;
export type LayoutToggle = (typeof LAYOUT_TOGGLES)[number];

export interface ShellPreferences {
  theme: ColorThemeId;
  /** Header stays on screen while scrolling (off: it scrolls away with the page). */
  fixed: boolean;
  /** Content in a centred container of limited width. */
  boxed: boolean;
  /** Sidebar shows icons only (spec §1: it starts collapsed). */
  collapsed: boolean;
  /** Sidebar floats as a card beside the content. */
  float: boolean;
  /** A collapsed sidebar opens while the pointer is over it. */
  hover: boolean;
  /** Thin, themed scrollbars. */
  scrollbar: boolean;
}

export const SHELL_PREFERENCES_STORAGE_KEY = 'sealplan.shell';

export const DEFAULT_SHELL_PREFERENCES: Readonly<ShellPreferences> = {
  theme: DEFAULT_COLOR_THEME,
  fixed: true,
  boxed: false,
  collapsed: true,
  float: false,
  hover: false,
  scrollbar: false,
};

/** Reads stored preferences, keeping defaults for anything missing or not understood (older or edited data). */
export function parseShellPreferences(raw: string | null): ShellPreferences {
  const result: ShellPreferences = { ...DEFAULT_SHELL_PREFERENCES };
  if (!raw) return result;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return result;
  }
  if (!stored || typeof stored !== 'object') return result;
  const record = stored as Record<string, unknown>;
  if (isColorThemeId(record.theme)) result.theme = record.theme;
  for (const key of LAYOUT_TOGGLES) if (typeof record[key] === 'boolean') result[key] = record[key];
  return result;
}

export function loadShellPreferences(): ShellPreferences {
  try {
    return parseShellPreferences(localStorage.getItem(SHELL_PREFERENCES_STORAGE_KEY));
  } catch {
    return { ...DEFAULT_SHELL_PREFERENCES };
  }
}

export function saveShellPreferences(preferences: ShellPreferences): void {
  try {
    localStorage.setItem(SHELL_PREFERENCES_STORAGE_KEY, JSON.stringify(preferences));
  } catch {
    // Private mode or a full storage: the choice still applies for this visit.
  }
}
