import { useMemo } from 'react';
import { Card, Stack, Title, type ComboboxItem } from '@mantine/core';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ITEM_TYPE_IDS } from '@sealplan/engine';
import { TRANSLATED_NAME_LOCALES, type CatalogueTable, type SampleFields } from '@sealplan/contracts';
import {
  isSampleValue,
  uniqueId,
  type CatalogueFormValues,
  type CatalogueValues,
} from '../model/catalogue-form';
import { FlatTable, type FlatColumn } from './flat-table';

/**
 * ADR 030: a name column per other interface language beside the English name (required); one left empty shows
 * the English name in that language.
 */
function translatedNameColumns(t: TFunction<'catalogue'>): FlatColumn[] {
  return TRANSLATED_NAME_LOCALES.map((locale) => ({
    field: `names.${locale}`,
    header: t(`columns.nameIn.${locale}`),
    kind: 'text' as const,
  }));
}
import { NestedTable } from './nested-table';

export interface PanelProps {
  marks: SampleFields | undefined;
  /** Row keys of the stored catalogue, per table. */
  savedKeys: Record<CatalogueTable, ReadonlySet<string>>;
}

const optionsOf = (rows: { id: string; name: string }[] | undefined): ComboboxItem[] =>
  (rows ?? []).map((r) => ({ value: r.id, label: r.name ? `${r.name} (${r.id})` : r.id }));

/**
 * Options from the catalogue being edited, so a class or sealant added a moment ago can be chosen at once. Each
 * watches one table only: typing in a table re-renders the panels that offer its rows, not every panel.
 */
function useRowOptions(table: 'classes' | 'sealants' | 'transitTypes'): ComboboxItem[] {
  const rows = useWatch<CatalogueFormValues, `catalogue.${typeof table}`>({ name: `catalogue.${table}` });
  return useMemo(() => optionsOf(rows), [rows]);
}

function useItemTypeOptions(): ComboboxItem[] {
  const rows = useWatch<CatalogueFormValues, 'catalogue.itemTypes'>({ name: 'catalogue.itemTypes' });
  return useMemo(() => {
    const names = new Map((rows ?? []).map((it) => [it.id, it.name]));
    return ITEM_TYPE_IDS.map((id) => ({ value: id, label: names.get(id) ?? id }));
  }, [rows]);
}

/** The ids of a table right now (read when a row is added, not watched). */
function useIds() {
  const { getValues } = useFormContext<CatalogueFormValues>();
  return (table: 'sealants' | 'cableSleeves' | 'crushers' | 'standardOpenings') =>
    (getValues(`catalogue.${table}`) ?? []).map((r) => r.id);
}

/** Penetrating item types (spec §3): fixed ids; per type the allowed transit types and the classes. */
export function ItemTypesPanel({ marks, savedKeys }: PanelProps) {
  const { t } = useTranslation('catalogue');
  const options = {
    classes: useRowOptions('classes'),
    sealants: useRowOptions('sealants'),
    transitTypes: useRowOptions('transitTypes'),
  };
  const { fields } = useFieldArray<CatalogueFormValues, 'catalogue.itemTypes', '_key'>({
    name: 'catalogue.itemTypes',
    keyName: '_key',
  });
  const columns: FlatColumn[] = [
    { field: 'id', header: t('columns.id'), kind: 'text', idColumn: true, width: 180 },
    { field: 'name', header: t('columns.name'), kind: 'text' },
    ...translatedNameColumns(t),
  ];
  return (
    <Stack gap="lg">
      <FlatTable
        table="itemTypes"
        caption={t('tables.itemTypes')}
        columns={columns}
        marks={marks}
        savedKeys={savedKeys.itemTypes}
        rowName={(row) => String((row as { id: string }).id)}
      />
      {fields.map((itemType, index) => {
        const name = itemType.name || itemType.id;
        return (
          <Card key={itemType._key} withBorder padding="sm">
            <Title order={3} size="h5" mb="sm">
              {name}
            </Title>
            <Stack gap="md">
              <NestedTable
                path={`catalogue.itemTypes.${index}.transitTypes`}
                caption={t('nested.allowedTransitTypes', { name })}
                idField="transitTypeId"
                idHeader={t('columns.transitType')}
                idOptions={options.transitTypes}
                columns={[
                  {
                    field: 'classExceptions',
                    header: t('columns.classExceptions'),
                    kind: 'multi',
                    data: options.classes,
                  },
                ]}
                sample={isSampleValue(marks, 'itemTypes', itemType.id, 'transitTypes')}
                newEntry={(id) => ({ transitTypeId: id, classExceptions: [] })}
              />
              <NestedTable
                path={`catalogue.itemTypes.${index}.classes`}
                caption={t('nested.itemClasses', { name })}
                idField="classId"
                idHeader={t('columns.class')}
                idOptions={options.classes}
                columns={[
                  {
                    field: 'minimumTransitDepthMm',
                    header: t('columns.minimumDepth'),
                    kind: 'length',
                    width: 170,
                  },
                  { field: 'sealants', header: t('columns.sealants'), kind: 'multi', data: options.sealants },
                ]}
                sample={isSampleValue(marks, 'itemTypes', itemType.id, 'classes')}
                newEntry={(id) => ({ classId: id, minimumTransitDepthMm: Number.NaN, sealants: [] })}
              />
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

/** Transit types (spec §3): fixed ids; filler sleeve and cartridge figures, and the sealant depth per class. */
export function TransitTypesPanel({ marks, savedKeys }: PanelProps) {
  const { t } = useTranslation('catalogue');
  const options = { classes: useRowOptions('classes') };
  const { fields } = useFieldArray<CatalogueFormValues, 'catalogue.transitTypes', '_key'>({
    name: 'catalogue.transitTypes',
    keyName: '_key',
  });
  const columns: FlatColumn[] = [
    { field: 'id', header: t('columns.id'), kind: 'text', idColumn: true, width: 150 },
    { field: 'name', header: t('columns.name'), kind: 'text' },
    ...translatedNameColumns(t),
    { field: 'fillerSleeveType', header: t('columns.fillerSleeveType'), kind: 'text' },
    { field: 'fillerSleeveDiameterMm', header: t('columns.fillerSleeveDiameter'), kind: 'length' },
    { field: 'sealantCartridgeSizeMl', header: t('columns.cartridgeSize'), kind: 'volume' },
    { field: 'usableSealantCartridgeSizeMl', header: t('columns.usableCartridgeSize'), kind: 'volume' },
  ];
  return (
    <Stack gap="lg">
      <FlatTable
        table="transitTypes"
        caption={t('tables.transitTypes')}
        columns={columns}
        marks={marks}
        savedKeys={savedKeys.transitTypes}
        rowName={(row) => String((row as { id: string }).id)}
      />
      {fields.map((transitType, index) => (
        <Card key={transitType._key} withBorder padding="sm">
          <NestedTable
            path={`catalogue.transitTypes.${index}.classes`}
            caption={t('nested.sealantDepth', { name: transitType.name || transitType.id })}
            idField="classId"
            idHeader={t('columns.class')}
            idOptions={options.classes}
            columns={[
              {
                field: 'mmFillerSleeveLessThanTransit',
                header: t('columns.fillerSleeveLessThanTransit'),
                kind: 'length',
              },
            ]}
            sample={isSampleValue(marks, 'transitTypes', transitType.id, 'classes')}
            newEntry={(id) => ({ classId: id, mmFillerSleeveLessThanTransit: Number.NaN })}
          />
        </Card>
      ))}
    </Stack>
  );
}

/** Classes (spec §3): fixed ids, editable names. */
export function ClassesPanel({ marks, savedKeys }: PanelProps) {
  const { t } = useTranslation('catalogue');
  return (
    <FlatTable
      table="classes"
      caption={t('tables.classes')}
      columns={[
        { field: 'id', header: t('columns.id'), kind: 'text', idColumn: true, width: 200 },
        { field: 'name', header: t('columns.name'), kind: 'text' },
        ...translatedNameColumns(t),
      ]}
      marks={marks}
      savedKeys={savedKeys.classes}
      rowName={(row) => String((row as { id: string }).id)}
    />
  );
}

export function SealantsPanel({ marks, savedKeys }: PanelProps) {
  const { t } = useTranslation('catalogue');
  const ids = useIds();
  return (
    <FlatTable
      table="sealants"
      caption={t('tables.sealants')}
      columns={[
        { field: 'id', header: t('columns.id'), kind: 'text', idColumn: true, width: 240 },
        { field: 'name', header: t('columns.name'), kind: 'text' },
        ...translatedNameColumns(t),
      ]}
      marks={marks}
      savedKeys={savedKeys.sealants}
      newRow={() => ({
        id: uniqueId('SEALANT', ids('sealants')),
        name: '',
        names: { 'de-DE': '', 'fr-FR': '', 'zh-Hans': '' },
      })}
      rowName={(row) => String((row as { id: string }).id)}
    />
  );
}

export function CableSleevesPanel({ marks, savedKeys }: PanelProps) {
  const { t } = useTranslation('catalogue');
  const transitTypes = useRowOptions('transitTypes');
  const ids = useIds();
  return (
    <FlatTable
      table="cableSleeves"
      caption={t('tables.cableSleeves')}
      columns={[
        { field: 'id', header: t('columns.id'), kind: 'text', idColumn: true, width: 150 },
        { field: 'transitTypeId', header: t('columns.transitType'), kind: 'select', data: transitTypes },
        { field: 'cableMinMm', header: t('columns.cableMin'), kind: 'length' },
        { field: 'cableMaxMm', header: t('columns.cableMax'), kind: 'length' },
        { field: 'outerDiameterMm', header: t('columns.outerDiameter'), kind: 'length' },
        { field: 'articleNumber', header: t('columns.articleNumber'), kind: 'text' },
      ]}
      marks={marks}
      savedKeys={savedKeys.cableSleeves}
      newRow={() => {
        const id = uniqueId('SLEEVE', ids('cableSleeves'));
        return {
          id,
          transitTypeId: (transitTypes[0]?.value ??
            '') as CatalogueValues['cableSleeves'][number]['transitTypeId'],
          cableMinMm: Number.NaN,
          cableMaxMm: Number.NaN,
          outerDiameterMm: Number.NaN,
          articleNumber: id,
        };
      }}
      rowName={(row) => String((row as { id: string }).id)}
    />
  );
}

export function CrushersPanel({ marks, savedKeys }: PanelProps) {
  const { t } = useTranslation('catalogue');
  const itemTypes = useItemTypeOptions();
  const ids = useIds();
  return (
    <FlatTable
      table="crushers"
      caption={t('tables.crushers')}
      columns={[
        { field: 'id', header: t('columns.id'), kind: 'text', idColumn: true, width: 150 },
        { field: 'name', header: t('columns.name'), kind: 'text' },
        { field: 'itemTypeId', header: t('columns.itemType'), kind: 'select', data: itemTypes },
        { field: 'pipeNominalSize', header: t('columns.nominalSize'), kind: 'text' },
        { field: 'pipeDiameterMm', header: t('columns.pipeDiameter'), kind: 'length' },
        { field: 'insideDiameterMm', header: t('columns.insideDiameter'), kind: 'nullableLength' },
        { field: 'outerDiameterMm', header: t('columns.outerDiameter'), kind: 'length' },
        { field: 'articleNumber', header: t('columns.articleNumber'), kind: 'nullableText' },
      ]}
      marks={marks}
      savedKeys={savedKeys.crushers}
      newRow={() => ({
        id: uniqueId('PIPE', ids('crushers')),
        name: '',
        itemTypeId: 'PIPE',
        pipeNominalSize: '',
        pipeDiameterMm: Number.NaN,
        insideDiameterMm: null,
        outerDiameterMm: Number.NaN,
        articleNumber: null,
      })}
      rowName={(row) => String((row as { id: string }).id)}
    />
  );
}

/** Spec §9 clearance table: pipe outer diameter ranges (min inclusive, max exclusive) and their clearance. */
export function ClearancePanel({ marks, savedKeys }: PanelProps) {
  const { t } = useTranslation('catalogue');
  return (
    <FlatTable
      table="clearance"
      caption={t('tables.clearance')}
      columns={[
        { field: 'pipeOuterDiameterMinMm', header: t('columns.pipeOuterDiameterMin'), kind: 'length' },
        { field: 'pipeOuterDiameterMaxMm', header: t('columns.pipeOuterDiameterMax'), kind: 'length' },
        { field: 'requiredClearanceMm', header: t('columns.requiredClearance'), kind: 'length' },
      ]}
      marks={marks}
      savedKeys={savedKeys.clearance}
      newRow={() => ({
        pipeOuterDiameterMinMm: Number.NaN,
        pipeOuterDiameterMaxMm: Number.NaN,
        requiredClearanceMm: Number.NaN,
      })}
      rowName={(_row, index) => t('table.rowNumber', { n: index + 1 })}
    />
  );
}

/**
 * ADR 020: standard opening sizes the transit editor's "Smallest opening that fits" chooses from. A round
 * size needs its diameter, a rectangular one its width and height (corner radius 0 for sharp corners).
 */
export function StandardOpeningsPanel({ marks, savedKeys }: PanelProps) {
  const { t } = useTranslation('catalogue');
  const ids = useIds();
  const shapes = useMemo<ComboboxItem[]>(
    () => [
      { value: 'ROUND', label: t('shapes.ROUND') },
      { value: 'RECTANGLE', label: t('shapes.RECTANGLE') },
    ],
    [t],
  );
  return (
    <FlatTable
      table="standardOpenings"
      caption={t('tables.standardOpenings')}
      columns={[
        { field: 'id', header: t('columns.id'), kind: 'text', idColumn: true, width: 150 },
        { field: 'shape', header: t('columns.shape'), kind: 'select', data: shapes },
        { field: 'diameterMm', header: t('columns.openingDiameter'), kind: 'nullableLength' },
        { field: 'widthMm', header: t('columns.width'), kind: 'nullableLength' },
        { field: 'heightMm', header: t('columns.height'), kind: 'nullableLength' },
        { field: 'cornerRadiusMm', header: t('columns.cornerRadius'), kind: 'nullableLength' },
      ]}
      marks={marks}
      savedKeys={savedKeys.standardOpenings}
      newRow={() => ({
        id: uniqueId('OPENING', ids('standardOpenings')),
        shape: 'ROUND',
        diameterMm: Number.NaN,
        widthMm: null,
        heightMm: null,
        cornerRadiusMm: null,
      })}
      rowName={(row) => String((row as { id: string }).id)}
    />
  );
}
