import { memo } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ItemTypeId, Opening, TransitStatus } from '@sealplan/engine';
import { ITEM_COLOURS, TransitDrawingSvg, type DrawnCircle } from './transit-drawing-svg';
import { WHOLE_TEXT_BADGE } from '../lib/verdict-text';
import './transit-print.css';
import { GrowingTextarea } from '@/components/growing-textarea';

const NOT_BUILDABLE: ReadonlySet<TransitStatus> = new Set([
  'ITEM_TOO_LARGE',
  'OVERFILLED',
  'ITEMS_DO_NOT_FIT',
]);

/** The drawing re-renders only when the layout changes (not when the notes are typed). */
const Drawing = memo(TransitDrawingSvg);

export interface BannerMessage {
  code: string;
  severity: 'error' | 'warning' | 'info';
  /** Already translated, with its parameters filled in. */
  text: string;
}

/** One legend row, ready to show (translated, in the user's units): the circles of one item line. */
export interface LegendEntry {
  /** '3' or '3–7': the numbers in the drawing. */
  numbers: string;
  itemTypeId: ItemTypeId | null;
  item: string;
  diameter: string;
  /** Cable sleeve or crusher, or '' */
  sleeve: string;
  /** Clearance ring, or '' */
  ring: string;
}

export interface TransitDisplayProps {
  opening: Opening;
  circles: DrawnCircle[];
  exceeded: boolean;
  /** The verdict (ADR 010): its state and its words with their figures; null before there is one. */
  verdict?: { status: TransitStatus; text: string } | null;
  solving: boolean;
  /** While solving: the best layout so far, already formatted ("needs Ø 212 mm"); null before the first. */
  bestSoFar?: string | null;
  messages: BannerMessage[];
  legend: LegendEntry[];
  /** Under the drawing, e.g. the smallest gap achieved; null for none. */
  caption: string | null;
  formatLength: (mm: number) => string;
  notes: string;
  onNotesChange: (notes: string) => void;
  title: string;
}

/** Spec §2 transit display: drawing, error or warning banner, notes box. */
export const TransitDisplay = memo(function TransitDisplay({
  opening,
  circles,
  exceeded,
  verdict = null,
  solving,
  bestSoFar = null,
  messages,
  legend,
  caption,
  formatLength,
  notes,
  onNotesChange,
  title,
}: TransitDisplayProps) {
  const { t } = useTranslation('transits');
  const errors = messages.filter((m) => m.severity === 'error');
  const warnings = messages.filter((m) => m.severity !== 'error');
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="transit-display-title"
      className="sealplan-transit-print"
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5" id="transit-display-title">
            {t('display.title')}
          </Title>
          <Group gap="xs" justify="flex-end" style={{ flex: '1 1 12rem', minWidth: 0 }}>
            {solving && <Loader size="xs" aria-label={t('display.solving')} className="sealplan-no-print" />}
            {solving && circles.length > 0 ? (
              // The verdict is still searching (ADR 004): no verdict until it has one.
              <Badge color="gray" variant="light" data-testid="checking-fit" className="sealplan-no-print">
                {bestSoFar ? t('display.checkingFitBest', { best: bestSoFar }) : t('display.checkingFit')}
              </Badge>
            ) : verdict && NOT_BUILDABLE.has(verdict.status) ? (
              // The verdict's own words, whole (ADR 010): which of the three reasons, with its figures.
              <Badge color="red" variant="filled" styles={WHOLE_TEXT_BADGE} data-testid="transit-verdict">
                {verdict.text}
              </Badge>
            ) : exceeded ? (
              <Badge color="red" variant="filled" data-testid="transit-verdict">
                {t('display.surfaceExceeded')}
              </Badge>
            ) : (
              circles.length > 0 && (
                <Badge color="green" variant="light">
                  {t('display.fits')}
                </Badge>
              )
            )}
            <Tooltip label={t('display.print')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('display.print')}
                className="sealplan-no-print"
                onClick={() => window.print()}
              >
                <IconPrinter size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {errors.length > 0 && (
          <Alert
            color="red"
            variant="filled"
            icon={<IconAlertTriangle size={18} />}
            role="alert"
            data-testid="transit-error-banner"
          >
            {errors.map((m) => (
              <Text key={m.code} size="sm">
                {m.text}
              </Text>
            ))}
          </Alert>
        )}
        {warnings.length > 0 && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconInfoCircle size={18} />}
            data-testid="transit-warning-banner"
          >
            {warnings.map((m) => (
              <Text key={m.code} size="sm">
                {m.text}
              </Text>
            ))}
          </Alert>
        )}
        <Group justify="center" p="xs" style={{ background: 'white', borderRadius: 8 }}>
          <Drawing
            opening={opening}
            circles={circles}
            exceeded={exceeded}
            title={title}
            formatLength={formatLength}
          />
        </Group>
        {caption && (
          <Text size="sm" ta="center" data-testid="drawing-caption">
            {caption}
          </Text>
        )}
        {legend.length > 0 && (
          <Table
            withTableBorder
            striped
            fz="xs"
            verticalSpacing={2}
            horizontalSpacing="xs"
            data-testid="drawing-legend"
            aria-label={t('display.legend')}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('display.legendNumber')}</Table.Th>
                <Table.Th>{t('display.legendItem')}</Table.Th>
                <Table.Th>{t('display.legendDiameter')}</Table.Th>
                <Table.Th>{t('display.legendSleeve')}</Table.Th>
                <Table.Th>{t('display.legendRing')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {legend.map((row) => {
                const colour = ITEM_COLOURS[row.itemTypeId ?? 'UNKNOWN'];
                return (
                  <Table.Tr key={row.numbers} data-numbers={row.numbers}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <span
                        aria-hidden
                        style={{
                          display: 'inline-block',
                          width: 10,
                          height: 10,
                          marginRight: 6,
                          borderRadius: 5,
                          background: colour.fill,
                          border: `1px solid ${colour.stroke}`,
                        }}
                      />
                      {row.numbers}
                    </Table.Td>
                    <Table.Td>{row.item}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.diameter}</Table.Td>
                    <Table.Td>{row.sleeve || '–'}</Table.Td>
                    <Table.Td>{row.ring || '–'}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        <GrowingTextarea
          label={t('display.notes')}
          minRows={2}
          maxRows={6}
          value={notes}
          onChange={(e) => onNotesChange(e.currentTarget.value)}
          maxLength={4000}
        />
      </Stack>
    </Card>
  );
});
