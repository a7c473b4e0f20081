import { useMemo, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Card,
  Center,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { canAdministerContent } from '@sealplan/contracts';
import { DEFAULT_CULTURE } from '@/lib/i18n';
import { RequireAccess } from '@/lib/session';
import { usePageTitle } from '@/lib/page-title';
import {
  CONTENT_MODELS,
  InvalidConfigurationError,
  isContentModel,
  MissingConfigurationError,
  useModelConfiguration,
} from '../api/content-api';
import { ContentGrid } from '../components/content-grid';
import { labelTexts, shownConfiguration } from '../lib/shown-labels';

/** ADR 016: the content admin, for users whose roles may administer content (canAdministerContent). */
function RequireContentAdmin({ children }: { children: ReactNode }) {
  return <RequireAccess allow={canAdministerContent}>{children}</RequireAccess>;
}

/** /content: one card per content model. */
export function ContentPage() {
  const { t } = useTranslation('content');
  return (
    <RequireContentAdmin>
      <Stack gap="lg" p="md">
        <Title order={1} size="h2">
          {t('titles.content')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {CONTENT_MODELS.map((model) => (
            <Card
              key={model}
              withBorder
              padding="md"
              component={Link}
              to={`/content/${model}`}
              aria-label={t(`models.${model}.label`)}
            >
              <Text fw={700}>{t(`models.${model}.label`)}</Text>
              <Text size="sm" c="dimmed" mt={4}>
                {t(`models.${model}.description`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </RequireContentAdmin>
  );
}

function ModelAdmin({ model }: { model: string }) {
  const { t, i18n } = useTranslation('content');
  const configuration = useModelConfiguration(model);
  const shown = useMemo(
    () =>
      configuration.data
        ? shownConfiguration(
            configuration.data,
            labelTexts(
              t,
              (key) => i18n.exists(key, { lng: DEFAULT_CULTURE }),
              i18n.getFixedT(DEFAULT_CULTURE),
            ),
          )
        : null,
    [configuration.data, t, i18n],
  );
  const label = shown?.label ?? t(`models.${model}.label`);
  usePageTitle(label);
  return (
    <Stack gap="md" p="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/content" size="sm">
          {t('titles.content')}
        </Anchor>
        <Text size="sm">{label}</Text>
      </Breadcrumbs>
      <Title order={1} size="h2">
        {label}
      </Title>
      {configuration.isPending && (
        <Center p="xl">
          <Loader aria-label={t('grid.loading')} />
        </Center>
      )}
      {configuration.isError && (
        <Alert color="red" role="alert">
          {configuration.error instanceof MissingConfigurationError
            ? t('errors.noConfiguration', { model })
            : configuration.error instanceof InvalidConfigurationError
              ? t('errors.badConfiguration', { model, detail: configuration.error.detail })
              : configuration.error.message}
        </Alert>
      )}
      {shown && <ContentGrid key={model} model={model} configuration={shown} />}
    </Stack>
  );
}

/** /content/:model: the grid of one content model. */
export function ContentModelPage() {
  const { model } = useParams();
  // The router answers 404 for any other name before this page renders.
  if (!model || !isContentModel(model)) return null;
  return (
    <RequireContentAdmin>
      <ModelAdmin model={model} />
    </RequireContentAdmin>
  );
}
