import { Box, Group, SimpleGrid, Text, UnstyledButton, useMantineTheme } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useShellPreferences } from '../hooks/use-shell-preferences';
import { COLOR_THEMES, type ColorThemeDefinition } from '../model/color-themes';

function accentOf(definition: ColorThemeDefinition, palettes: Record<string, readonly string[]>): string {
  const palette = definition.palette ?? palettes[definition.accent];
  return palette?.[definition.accentShade.light] ?? definition.topBar;
}

/** Spec §1/§9: the eight colour themes A to H, each shown as its top bar and accent. */
export function ThemePicker({ columns = 4 }: { columns?: number }) {
  const { t } = useTranslation('shell');
  const theme = useMantineTheme();
  const { preferences, setTheme } = useShellPreferences();
  return (
    <SimpleGrid cols={columns} spacing="xs" role="radiogroup" aria-label={t('settings.themes')}>
      {COLOR_THEMES.map((definition) => {
        const selected = preferences.theme === definition.id;
        const name = t(`themes.${definition.id}`);
        return (
          <UnstyledButton
            key={definition.id}
            role="radio"
            aria-checked={selected}
            aria-label={t('settings.themeOption', { id: definition.id, name })}
            title={name}
            onClick={() => setTheme(definition.id)}
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              border: `2px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
              overflow: 'hidden',
            }}
          >
            <Box h={18} bg={definition.topBar} />
            <Group
              h={30}
              px={6}
              justify="space-between"
              wrap="nowrap"
              bg={definition.colorScheme === 'dark' ? '#1a1b1e' : '#fff'}
            >
              <Box w={16} h={8} style={{ borderRadius: 4, background: accentOf(definition, theme.colors) }} />
              <Text
                size="xs"
                fw={700}
                c={definition.colorScheme === 'dark' ? '#f1f3f5' : '#212529'}
                style={{ display: 'flex', alignItems: 'center', gap: 2 }}
              >
                {selected && <IconCheck size={12} aria-hidden />}
                {definition.id}
              </Text>
            </Group>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
