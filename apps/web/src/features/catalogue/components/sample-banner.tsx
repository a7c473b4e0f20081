import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CatalogueMeta } from '@sealplan/contracts';

/**
 * Research (shared/research/catalogue.md): the maker's figures are not public, so the seeded catalogue holds
 * sample values until an administrator replaces them and marks the catalogue as verified.
 */
export function SampleBanner({ meta }: { meta: CatalogueMeta }) {
  const { t, i18n } = useTranslation('catalogue');
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
  const details = t('banner.details', { dataVersion: meta.dataVersion, updated: date(meta.lastUpdatedOn) });
  if (meta.isVerified) {
    return (
      <Alert
        color="green"
        icon={<IconCircleCheck aria-hidden />}
        title={t('banner.verifiedTitle')}
        role="status"
      >
        <Text size="sm">
          {t('banner.verifiedText', {
            who: meta.verifiedBy ?? t('banner.unknownUser'),
            when: date(meta.verifiedOn),
          })}
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          {details}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('banner.sampleTitle')}
      role="status"
    >
      <Text size="sm">{t('banner.sampleText')}</Text>
      <Text size="sm" mt={4}>
        {t('banner.notVerified')}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {details}
      </Text>
    </Alert>
  );
}
