import { Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The header of a table's column of row buttons (edit, remove): it shows nothing, and a screen reader reads
 * "Actions" (WCAG 1.3.1: every column has a header; ADR 029).
 */
export function ActionsHeader({ w }: { w?: number }) {
  const { t } = useTranslation('common');
  return (
    <Table.Th w={w}>
      <VisuallyHidden>{t('actions')}</VisuallyHidden>
    </Table.Th>
  );
}
