import { memo } from 'react';
import { Alert, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** One material line, already in the user's units. */
export interface MaterialLine {
  key: string;
  /** Translated group, e.g. 'Filler sleeves'. */
  group: string;
  description: string;
  articleNumber: string | null;
  quantity: string;
  detail: string | null;
}

export interface MaterialsTableProps {
  lines: MaterialLine[];
  catalogueVerified: boolean;
  caption: string;
  emptyText: string;
}

/** Materials of a transit or a project (spec §9 figures from the engine, displayed in the user's units). */
export const MaterialsTable = memo(function MaterialsTable({
  lines,
  catalogueVerified,
  caption,
  emptyText,
}: MaterialsTableProps) {
  const { t } = useTranslation('transits');
  return (
    <>
      {!catalogueVerified && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconInfoCircle size={16} />}
          p="xs"
          mb="xs"
          data-testid="sample-catalogue-notice"
        >
          <Text size="xs">{t('materials.sampleCatalogue')}</Text>
        </Alert>
      )}
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        <Table striped withTableBorder aria-label={caption} verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('materials.item')}</Table.Th>
              <Table.Th>{t('materials.description')}</Table.Th>
              <Table.Th>{t('materials.articleNumber')}</Table.Th>
              <Table.Th ta="right">{t('materials.quantity')}</Table.Th>
              <Table.Th>{t('materials.detail')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.key}>
                <Table.Td fw={600}>{l.group}</Table.Td>
                <Table.Td>{l.description}</Table.Td>
                <Table.Td>{l.articleNumber ?? '—'}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {l.quantity}
                </Table.Td>
                <Table.Td c="dimmed">{l.detail ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
});
