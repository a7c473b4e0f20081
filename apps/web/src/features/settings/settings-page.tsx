import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canAdministerUsers } from '@sealplan/contracts';
import { useSession } from '@/lib/session';
import { useUnits } from '@/lib/units';
import { ApiKeysCard } from './components/api-keys-card';
import { LanguageSelect } from './components/language-select';
import { LayoutToggles } from './components/layout-toggles';
import { MeasurementSwitch } from './components/measurement-switch';
import { ThemePicker } from './components/theme-picker';

/** Typical figures of a transit, to show what the chosen system looks like before opening a project. */
const PREVIEW_LENGTH_MM = 200;
const PREVIEW_AREA_MM2 = 31_415.93;
const PREVIEW_VOLUME_ML = 393;

/** Spec §2 /settings: language, measurement system and theme. */
export function SettingsPage() {
  const { t } = useTranslation('shell');
  const units = useUnits();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('settingsPage.title')}
        </Title>
        <Text c="dimmed">{t('settingsPage.subtitle')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('settingsPage.regional')}
            </Title>
            <LanguageSelect maw={320} />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('units.label')}
              </Text>
              <Group>
                <MeasurementSwitch />
              </Group>
              <Text size="xs" c="dimmed">
                {t('settingsPage.unitsHelp')}
              </Text>
            </Stack>
            <Table withTableBorder captionSide="top">
              <Table.Caption ta="left" fw={500} c="var(--mantine-color-text)">
                {t('settingsPage.preview')}
              </Table.Caption>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th scope="row">{t('settingsPage.previewLength')}</Table.Th>
                  <Table.Td data-testid="units-preview-length">
                    {units.formatLength(PREVIEW_LENGTH_MM)}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t('settingsPage.previewArea')}</Table.Th>
                  <Table.Td>{units.formatArea(PREVIEW_AREA_MM2)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row">{t('settingsPage.previewVolume')}</Table.Th>
                  <Table.Td>{units.formatVolume(PREVIEW_VOLUME_ML)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Stack>
        </Card>
        <Card padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('settings.themes')}
            </Title>
            <ThemePicker />
            <Title order={2} size="h4" mt="sm">
              {t('settings.layout')}
            </Title>
            <LayoutToggles />
          </Stack>
        </Card>
      </SimpleGrid>
      <IntegrationsCard />
      <ApiKeysCard />
    </Stack>
  );
}

/** ADR 037: the way to the organization's webhooks, for the users who administer them. */
function IntegrationsCard() {
  const { t } = useTranslation('webhooks');
  const { user } = useSession();
  if (!user || !canAdministerUsers(user)) return null;
  return (
    <Card padding="lg">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4">
          {t('settingsLink.title')}
        </Title>
        <Text size="sm">{t('settingsLink.text')}</Text>
        <Button component={Link} to="/webhooks" variant="light">
          {t('settingsLink.open')}
        </Button>
      </Stack>
    </Card>
  );
}
