import { Divider, Drawer, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LayoutToggles } from './layout-toggles';
import { ThemePicker } from './theme-picker';

/** Spec §1 off-canvas settings panel: colour themes and layout toggles, from the right. */
export function SettingsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={340}
      title={
        <Title order={2} size="h4">
          {t('settings.panelTitle')}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('settings.close') }}
    >
      <Stack gap="lg">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('settings.themes')}
          </Text>
          <ThemePicker />
        </Stack>
        <Divider />
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('settings.layout')}
          </Text>
          <LayoutToggles />
        </Stack>
      </Stack>
    </Drawer>
  );
}
