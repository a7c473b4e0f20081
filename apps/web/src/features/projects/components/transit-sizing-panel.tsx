import { memo, type Ref } from 'react';
import { Button, Card, Group, SegmentedControl, Stack, TextInput, Title, Input } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TransitShape } from '@sealplan/engine';
import { NumberField } from '@/components/number-field';
import { LengthInput } from './length-input';

export interface TransitSizingValues {
  name: string;
  copies: number | null;
  shape: TransitShape;
  sparePercent: number | null;
  diameterMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  cornerRadiusMm: number | null;
}

export interface TransitSizingPanelProps {
  values: TransitSizingValues;
  onChange: <K extends keyof TransitSizingValues>(field: K, value: TransitSizingValues[K]) => void;
  /** Spec §4: RISE_ULTRA single pipe: the diameter is the pipe's inside diameter, read-only. */
  diameterReadOnly: boolean;
  nameError?: string | null;
  /** ADR 010: messages of fields the server would refuse; the typed value stays in the field. */
  errors?: Partial<Record<keyof TransitSizingValues, string>>;
  onNext: () => void;
  nextLabel: string;
  /** The name field, which a new transit focuses (ADR 029). */
  nameRef?: Ref<HTMLInputElement>;
}

/** Spec §2 transit sizing panel: name, copies, shape, spare percent, dimensions, next button. */
export const TransitSizingPanel = memo(function TransitSizingPanel({
  values,
  onChange,
  diameterReadOnly,
  nameError,
  errors = {},
  onNext,
  nextLabel,
  nameRef,
}: TransitSizingPanelProps) {
  const { t } = useTranslation('transits');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="transit-sizing-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="transit-sizing-title">
          {t('sizing.title')}
        </Title>
        <TextInput
          ref={nameRef}
          label={t('sizing.name')}
          value={values.name}
          onChange={(e) => onChange('name', e.currentTarget.value)}
          error={nameError ?? undefined}
          required
          maxLength={100}
        />
        <Group grow align="flex-start">
          <NumberField
            label={t('sizing.copies')}
            integer
            error={errors.copies}
            value={values.copies}
            onChange={(v) => onChange('copies', v)}
          />
          <NumberField
            label={t('sizing.sparePercent')}
            // ADR 010: 150 stays 150 with the field's message; never clamped to 99.
            decimals={1}
            error={errors.sparePercent}
            rightSection="%"
            rightSectionPointerEvents="none"
            value={values.sparePercent}
            onChange={(v) => onChange('sparePercent', v)}
          />
        </Group>
        <Input.Wrapper label={t('sizing.shape')}>
          <SegmentedControl
            fullWidth
            aria-label={t('sizing.shape')}
            data={[
              { value: 'ROUND', label: t('shape.ROUND') },
              { value: 'RECTANGLE', label: t('shape.RECTANGLE') },
            ]}
            value={values.shape}
            onChange={(v) => onChange('shape', v as TransitShape)}
          />
        </Input.Wrapper>
        {values.shape === 'ROUND' ? (
          <LengthInput
            label={diameterReadOnly ? t('sizing.actualInsideDiameter') : t('sizing.diameter')}
            valueMm={values.diameterMm}
            onChangeMm={(mm) => onChange('diameterMm', mm)}
            readOnly={diameterReadOnly}
            error={errors.diameterMm}
            data-testid="transit-diameter"
          />
        ) : (
          <>
            <Group grow align="flex-start">
              <LengthInput
                label={t('sizing.width')}
                valueMm={values.widthMm}
                onChangeMm={(mm) => onChange('widthMm', mm)}
                error={errors.widthMm}
                data-testid="transit-width"
              />
              <LengthInput
                label={t('sizing.height')}
                valueMm={values.heightMm}
                onChangeMm={(mm) => onChange('heightMm', mm)}
                error={errors.heightMm}
                data-testid="transit-height"
              />
            </Group>
            <LengthInput
              label={t('sizing.cornerRadius')}
              valueMm={values.cornerRadiusMm}
              onChangeMm={(mm) => onChange('cornerRadiusMm', mm)}
              error={errors.cornerRadiusMm}
              data-testid="transit-corner-radius"
            />
          </>
        )}
        <Button rightSection={<IconArrowRight size={16} />} onClick={onNext} variant="light">
          {nextLabel}
        </Button>
      </Stack>
    </Card>
  );
});
