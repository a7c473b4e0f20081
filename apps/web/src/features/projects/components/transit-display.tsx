import { memo } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ItemTypeId, Opening } from '@sealplan/engine';
import { ITEM_COLOURS, TransitDrawingSvg, type DrawnCircle } from './transit-drawing-svg';
import './transit-print.css';

/** The drawing re-renders only when the layout changes (not when the notes are typed). */
const Drawing = memo(TransitDrawingSvg);

export interface BannerMessage {
  code: string;
  severity: 'error' | 'warning' | 'info';
  /** Already translated, with its parameters filled in. */
  text: string;
}

export interface TransitDisplayProps {
  opening: Opening;
  circles: DrawnCircle[];
  exceeded: boolean;
  solving: boolean;
  /** While solving: the best layout so far, already formatted ("needs Ø 212 mm"); null before the first. */
  bestSoFar?: string | null;
  /** The smallest gap of the layout shown, already formatted; null when it does not fit. */
  minGap?: string | null;
  messages: BannerMessage[];
  legendTypes: ItemTypeId[];
  notes: string;
  onNotesChange: (notes: string) => void;
  title: string;
}

/** Spec §2 transit display: drawing, error or warning banner, notes box. */
export const TransitDisplay = memo(function TransitDisplay({
  opening,
  circles,
  exceeded,
  solving,
  bestSoFar = null,
  minGap = null,
  messages,
  legendTypes,
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
          <Group gap="xs">
            {solving && <Loader size="xs" aria-label={t('display.solving')} className="sealplan-no-print" />}
            {solving && circles.length > 0 ? (
              // The verdict is still searching (ADR 004): no verdict until it has one.
              <Badge color="gray" variant="light" data-testid="checking-fit" className="sealplan-no-print">
                {bestSoFar ? t('display.checkingFitBest', { best: bestSoFar }) : t('display.checkingFit')}
              </Badge>
            ) : exceeded ? (
              <Badge color="red" variant="filled">
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
          <Drawing opening={opening} circles={circles} exceeded={exceeded} title={title} />
        </Group>
        {minGap !== null && !exceeded && (
          <Text size="xs" c="dimmed" ta="center" data-testid="min-gap">
            {t('display.minGap', { gap: minGap })}
          </Text>
        )}
        {legendTypes.length > 0 && (
          <Group gap="md" justify="center" aria-label={t('display.legend')}>
            {legendTypes.map((type) => (
              <Group key={type} gap={6}>
                <span
                  aria-hidden
                  style={{
                    display: 'inline-block',
                    width: 12,
                    height: 12,
                    borderRadius: 6,
                    background: ITEM_COLOURS[type].fill,
                    border: `1px solid ${ITEM_COLOURS[type].stroke}`,
                  }}
                />
                <Text size="xs">{t(`itemTypePlural.${type}`)}</Text>
              </Group>
            ))}
          </Group>
        )}
        <Textarea
          label={t('display.notes')}
          autosize
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
