import { Box, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { roundTo } from '@sealplan/engine';
import { useUnits } from '@/lib/units';

export interface FillBarProps {
  /** The fill (ADR 010: items with their clearance over the opening), not capped: 116.6 % shows as 116.6 %. */
  fillPercent: number;
  /** Fill limit = 100 − spare percent (spec §9). */
  fillLimitPercent: number;
  /** Spec §4: red when overfilled or above 100 %, otherwise green. */
  overfilled: boolean;
}

const GREEN = 'var(--mantine-color-green-6)';
const RED = 'var(--mantine-color-red-6)';

/** Spec §4 fill bar: green, red when overfilled or above 100 %, with a marker at the fill limit. */
export function FillBar({ fillPercent, fillLimitPercent, overfilled }: FillBarProps) {
  const { t } = useTranslation('transits');
  const units = useUnits();
  // Only the bar's width stops at the end of the bar; the figure is the fill as it is (ADR 010).
  const width = Math.max(0, Math.min(100, fillPercent));
  const limit = Math.max(0, Math.min(100, fillLimitPercent));
  const red = overfilled || fillPercent > 100;
  const fill = roundTo(fillPercent, 1);
  const label = t('fill.label', {
    fill: units.formatPercent(fillPercent),
    limit: units.formatPercent(fillLimitPercent),
  });
  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600}>
          {t('fill.title')}
        </Text>
        <Text size="sm" fw={600} c={red ? 'red' : 'green'} data-testid="fill-percent">
          {units.formatPercent(fillPercent)}
        </Text>
      </Group>
      <Box
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={Math.max(100, fill)}
        aria-valuenow={fill}
        data-testid="fill-bar"
        data-state={red ? 'over' : 'ok'}
        pos="relative"
        h={14}
        style={{ borderRadius: 7, background: 'var(--mantine-color-gray-2)', overflow: 'visible' }}
      >
        <Box
          data-testid="fill-bar-value"
          h="100%"
          style={{
            width: `${width}%`,
            background: red ? RED : GREEN,
            borderRadius: 7,
            transition: 'width 150ms ease',
          }}
        />
        <Tooltip label={t('fill.limit', { limit: units.formatPercent(fillLimitPercent) })}>
          <Box
            data-testid="fill-limit-marker"
            pos="absolute"
            top={-3}
            h={20}
            w={3}
            style={{
              left: `calc(${limit}% - 1.5px)`,
              background: 'var(--mantine-color-dark-6)',
              borderRadius: 1,
            }}
          />
        </Tooltip>
      </Box>
      <Text size="xs" c="dimmed" mt={4}>
        {t('fill.limit', { limit: units.formatPercent(fillLimitPercent) })}
      </Text>
    </Box>
  );
}
