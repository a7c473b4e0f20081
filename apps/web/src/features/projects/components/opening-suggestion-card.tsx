import { memo } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconRuler2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OpeningSuggestion, StandardOpening } from '@sealplan/engine';
import type { PackingLayout } from '@sealplan/contracts';
import { notify } from '@/lib/toast';
import { useUnits } from '@/lib/units';
import { useOpeningSuggestion, type OpeningSuggestionInput } from '../hooks/use-opening-suggestion';

export interface OpeningSuggestionCardProps {
  input: OpeningSuggestionInput;
  /** Sets the transit's shape and dimensions to the standard size. */
  onApply: (standard: StandardOpening) => void;
  /**
   * Receives the applied suggestion's layout, which the live sizing checks and the save sends as its certificate
   * (ADR 004, ADR 020): the suggested size is stored as fitting with that layout.
   */
  onLayout?: (layout: PackingLayout) => void;
}

/**
 * ADR 020: "Smallest opening that fits". On demand (the search takes up to a second or two), the smallest
 * round and rectangular standard openings for the transit's items and rules, with the spare each leaves against the
 * fill limit; "Apply" puts one into the transit form.
 */
export const OpeningSuggestionCard = memo(function OpeningSuggestionCard({
  input,
  onApply,
  onLayout,
}: OpeningSuggestionCardProps) {
  const { t } = useTranslation('openings');
  const units = useUnits();
  const { search, start } = useOpeningSuggestion(input);
  const hasItems = input.items.some((item) => item.quantity >= 1);
  const hasStandards = (input.catalogue.standardOpenings?.length ?? 0) > 0;

  // A figure and its % sign stay on one line in the narrow column.
  const percent = (value: number) => units.formatPercent(value).replace(' ', '\u00a0');
  const size = (standard: StandardOpening) =>
    standard.shape === 'ROUND'
      ? t('round', { diameter: units.formatLength(standard.diameterMm ?? 0) })
      : (standard.cornerRadiusMm ?? 0) > 0
        ? t('rectangleRounded', {
            width: units.formatLength(standard.widthMm ?? 0),
            height: units.formatLength(standard.heightMm ?? 0),
            radius: units.formatLength(standard.cornerRadiusMm ?? 0),
          })
        : t('rectangle', {
            width: units.formatLength(standard.widthMm ?? 0),
            height: units.formatLength(standard.heightMm ?? 0),
          });

  const row = (shape: 'ROUND' | 'RECTANGLE', suggestion: OpeningSuggestion | null) => (
    <Group
      key={shape}
      justify="space-between"
      wrap="nowrap"
      align="flex-start"
      data-testid={`opening-suggestion-${shape}`}
    >
      {suggestion ? (
        <>
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600}>{size(suggestion.standard)}</Text>
            <Text size="sm" c="dimmed">
              {t('spare', {
                fill: percent(suggestion.fillPercent),
                limit: percent(suggestion.fillLimitPercent),
                spare: percent(suggestion.spareToLimitPercent),
              })}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="light"
            style={{ flexShrink: 0 }}
            onClick={() => {
              onLayout?.({ centres: suggestion.centres });
              onApply(suggestion.standard);
              notify({ message: t('applied', { size: size(suggestion.standard) }) });
            }}
            aria-label={t('applyLabel', { size: size(suggestion.standard) })}
          >
            {t('apply')}
          </Button>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t(shape === 'ROUND' ? 'noRound' : 'noRectangle')}
        </Text>
      )}
    </Group>
  );

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="opening-suggestion-title">
      <Stack gap="xs">
        <Title order={3} size="h5" id="opening-suggestion-title">
          {t('title')}
        </Title>
        <Group>
          <Button
            size="xs"
            leftSection={<IconRuler2 size={14} />}
            onClick={start}
            loading={search.kind === 'searching'}
            disabled={!hasItems || !hasStandards}
          >
            {t('suggest')}
          </Button>
        </Group>
        {!hasItems && (
          <Text size="sm" c="dimmed">
            {t('needItems')}
          </Text>
        )}
        {hasItems && !hasStandards && (
          <Text size="sm" c="dimmed">
            {t('noStandards')}
          </Text>
        )}
        {search.kind === 'searching' && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('searching')}
          </Text>
        )}
        {search.kind === 'failed' && (
          <Alert color="red" role="alert">
            {t('failed', { error: search.error })}
          </Alert>
        )}
        {search.kind === 'done' && (
          <Stack gap="xs" aria-live="polite">
            {row('ROUND', search.result.round)}
            {row('RECTANGLE', search.result.rectangle)}
            <Text size="xs" c="dimmed">
              {t('basis', { count: search.result.circleCount })}
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
});
