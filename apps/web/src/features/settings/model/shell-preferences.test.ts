import { describe, expect, it } from 'vitest';
import { DEFAULT_SHELL_PREFERENCES, parseShellPreferences } from './shell-preferences';

describe('parseShellPreferences', () => {
  it('starts with theme A, fixed header and a collapsed sidebar (spec §1)', () => {
    expect(parseShellPreferences(null)).toEqual(DEFAULT_SHELL_PREFERENCES);
    expect(DEFAULT_SHELL_PREFERENCES).toMatchObject({
      theme: 'A',
      fixed: true,
      collapsed: true,
      boxed: false,
    });
  });

  it('keeps stored choices and ignores unknown or malformed values', () => {
    expect(
      parseShellPreferences(
        JSON.stringify({ theme: 'H', boxed: true, collapsed: false, hover: 'yes', theme2: 'x' }),
      ),
    ).toEqual({
      ...DEFAULT_SHELL_PREFERENCES,
      theme: 'H',
      boxed: true,
      collapsed: false,
    });
    expect(parseShellPreferences(JSON.stringify({ theme: 'Z' })).theme).toBe('A');
    expect(parseShellPreferences('{not json')).toEqual(DEFAULT_SHELL_PREFERENCES);
  });
});
