import { memo } from 'react';
import { Alert, Card, Select, SegmentedControl, Stack, Text, Title, Input, Group } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type {
  ItemTypeId,
  PipeConfiguration,
  SealantDepth,
  TransitClassId,
  TransitTypeId,
} from '@sealplan/engine';
import { FillBar } from './fill-bar';
import { LengthInput } from './length-input';

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

export interface TransitDetailsValues {
  itemTypeId: ItemTypeId | null;
  transitTypeId: TransitTypeId | null;
  classId: TransitClassId | null;
  depthMm: number | null;
  sealantType: string | null;
  sealantDepth: SealantDepth | null;
  pipeConfiguration: PipeConfiguration | null;
  singleCrusherPipeId: string | null;
}

export interface TransitDetailsOptions {
  itemTypes: Option<ItemTypeId>[];
  transitTypes: Option<TransitTypeId>[];
  classes: Option<TransitClassId>[];
  sealants: Option[];
  sealantLayers: Option<SealantDepth>[];
  /** Schedule 40 pipe sizes for the RISE_ULTRA single-pipe option. */
  singlePipes: Option[];
  minimumDepthMm: number | null;
  /** Spec §4: pipe configuration applies to RISE_ULTRA. */
  showPipeConfiguration: boolean;
  /** Spec §4: the single predefined pipe option is disabled for rectangles. */
  singlePipeDisabled: boolean;
  /** Spec §4: depth is disabled for RISE_ULTRA. */
  depthDisabled: boolean;
  /** Spec §4: the 'Sch. 80' note shows for RISE_ULTRA single pipe. */
  showSch80Note: boolean;
  /** Spec §4: 'Schedule 40 Pipe Size' for RISE_ULTRA single pipe. */
  pipeSizeLabel: string;
}

export interface TransitDetailsPanelProps {
  values: TransitDetailsValues;
  options: TransitDetailsOptions;
  onChange: <K extends keyof TransitDetailsValues>(field: K, value: TransitDetailsValues[K]) => void;
  /** Spec §5: called when depth loses focus so a depth below the minimum is reset. */
  onDepthCommit: (depthMm: number | null) => void;
  /** The pipe dropdown flashes for about 1.5 s (spec §4/§9). */
  flashPipe: boolean;
  fill: { fillPercent: number; fillLimitPercent: number; overfilled: boolean } | null;
}

/** Memoised: it re-renders only when its own props change, not on every keystroke elsewhere.
 * Spec §2 transit details panel: penetrating item, transit type, class, depth, sealant, layers, pipe configuration, fill bar. */
export const TransitDetailsPanel = memo(function TransitDetailsPanel({
  values,
  options,
  onChange,
  onDepthCommit,
  flashPipe,
  fill,
}: TransitDetailsPanelProps) {
  const { t } = useTranslation('transits');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="transit-details-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="transit-details-title">
          {t('details.title')}
        </Title>
        <Select
          label={t('details.itemType')}
          placeholder={t('details.select')}
          data={options.itemTypes}
          value={values.itemTypeId}
          onChange={(v) => onChange('itemTypeId', (v as ItemTypeId | null) ?? null)}
          allowDeselect={false}
        />
        <Select
          label={t('details.transitType')}
          placeholder={options.transitTypes.length ? t('details.select') : t('details.noneAllowed')}
          data={options.transitTypes}
          value={values.transitTypeId}
          onChange={(v) => onChange('transitTypeId', (v as TransitTypeId | null) ?? null)}
          disabled={options.transitTypes.length === 0}
        />
        <Select
          label={t('details.class')}
          placeholder={options.classes.length ? t('details.select') : t('details.noneAllowed')}
          data={options.classes}
          value={values.classId}
          onChange={(v) => onChange('classId', (v as TransitClassId | null) ?? null)}
          disabled={options.classes.length === 0}
        />
        <LengthInput
          label={t('details.depth')}
          description={options.minimumDepthMm !== null ? t('details.minimumDepthHint') : undefined}
          valueMm={values.depthMm}
          onChangeMm={(mm) => onChange('depthMm', mm)}
          onBlur={onDepthCommit}
          disabled={options.depthDisabled}
        />
        <Select
          label={t('details.sealant')}
          placeholder={options.sealants.length ? t('details.select') : t('details.noneAllowed')}
          data={options.sealants}
          value={values.sealantType}
          onChange={(v) => onChange('sealantType', v ?? null)}
          disabled={options.sealants.length === 0}
        />
        <Input.Wrapper label={t('details.sealantLayers')}>
          <SegmentedControl
            fullWidth
            aria-label={t('details.sealantLayers')}
            data={options.sealantLayers}
            value={values.sealantDepth ?? 'DOUBLE'}
            onChange={(v) => onChange('sealantDepth', v as SealantDepth)}
          />
        </Input.Wrapper>
        {options.showPipeConfiguration && (
          <>
            <Input.Wrapper label={t('details.pipeConfiguration')}>
              <SegmentedControl
                fullWidth
                aria-label={t('details.pipeConfiguration')}
                data={[
                  { value: 'SINGLE', label: t('details.singlePipe'), disabled: options.singlePipeDisabled },
                  { value: 'MULTIPLE', label: t('details.multipleItems') },
                ]}
                value={values.pipeConfiguration ?? 'MULTIPLE'}
                onChange={(v) => onChange('pipeConfiguration', v as PipeConfiguration)}
              />
            </Input.Wrapper>
            {options.singlePipeDisabled && (
              <Text size="xs" c="dimmed">
                {t('details.singlePipeRoundOnly')}
              </Text>
            )}
            {values.pipeConfiguration === 'SINGLE' && (
              <Select
                label={options.pipeSizeLabel}
                placeholder={t('details.selectPipe')}
                data={options.singlePipes}
                value={values.singleCrusherPipeId}
                onChange={(v) => onChange('singleCrusherPipeId', v ?? null)}
                searchable
                data-flash={flashPipe ? 'true' : 'false'}
                styles={
                  flashPipe
                    ? {
                        input: {
                          outline: '3px solid var(--mantine-color-orange-5)',
                          animation: 'sealplan-flash 0.5s ease-in-out 3',
                        },
                      }
                    : undefined
                }
                error={flashPipe ? t('details.selectPipeFirst') : undefined}
              />
            )}
          </>
        )}
        {options.showSch80Note && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={16} />} p="xs">
            <Text size="xs">{t('details.sch80Note')}</Text>
          </Alert>
        )}
        {fill && (
          <Group grow mt="xs">
            <FillBar {...fill} />
          </Group>
        )}
      </Stack>
    </Card>
  );
});
