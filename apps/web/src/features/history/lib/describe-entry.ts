import type { TFunction } from 'i18next';
import {
  LOCATION_PATH_SEPARATOR,
  type HistoryEntry,
  type HistoryItemField,
  type HistoryTransitField,
} from '@sealplan/contracts';
import type { Catalogue } from '@sealplan/engine';
import type { UnitsValue } from '@/lib/units';

type Units = Pick<
  UnitsValue,
  'formatLength' | 'formatLengthValue' | 'formatPercent' | 'formatNumber' | 'lengthUnit'
>;
type Value = string | number | boolean | null;

/** Fields whose values are lengths in mm: shown in the reader's unit system. */
const LENGTHS = new Set<string>([
  'widthMm',
  'heightMm',
  'radiusMm',
  'diameterMm',
  'depthMm',
  'outerDiameterMm',
]);

export interface DescribeContext {
  t: TFunction<'history'>;
  units: Units;
  catalogue: Catalogue | null;
  /** An industry's name in the reader's language by its id (ADR 030); the id itself without it. */
  industryName?: (id: string) => string;
}

/** A catalogue entry's name by its id (the id itself when the catalogue no longer has it). */
function catalogueName(field: string, id: string, catalogue: Catalogue | null): string {
  const lists: Record<string, { id: string; name: string }[] | undefined> = {
    penetratingItemTypeId: catalogue?.itemTypes,
    itemTypeId: catalogue?.itemTypes,
    transitTypeId: catalogue?.transitTypes,
    classId: catalogue?.classes,
    sealantType: catalogue?.sealants,
    singleCrusherPipeId: catalogue?.crushers as { id: string; name: string }[] | undefined,
    crusherId: catalogue?.crushers as { id: string; name: string }[] | undefined,
  };
  return lists[field]?.find((entry) => entry.id === id)?.name ?? id;
}

function valueText(field: string, value: Value, { t, units, catalogue }: DescribeContext): string {
  if (value === null || value === '') return t('none');
  if (typeof value === 'number') {
    if (LENGTHS.has(field)) return units.formatLength(value);
    if (field === 'sparePercent') return units.formatPercent(value);
    return units.formatNumber(value, 3);
  }
  if (typeof value === 'boolean') return t(value ? 'yes' : 'no');
  if (field === 'shape') return t(`shape.${value}`, { defaultValue: value });
  if (field === 'sealantDepth') return t(`sealantDepth.${value}`, { defaultValue: value });
  if (field === 'crusherPipeConfiguration') return t(`pipeConfiguration.${value}`, { defaultValue: value });
  return catalogueName(field, value, catalogue);
}

/** "Outer diameter 32 → 40 mm" when both sides are lengths, else "Depth 150 mm → not set". */
function fieldChange(
  field: HistoryTransitField | HistoryItemField,
  before: Value,
  after: Value,
  ctx: DescribeContext,
) {
  const label = ctx.t(`field.${field}`);
  if (LENGTHS.has(field) && typeof before === 'number' && typeof after === 'number')
    return ctx.t('changedLength', {
      field: label,
      before: ctx.units.formatLengthValue(before),
      after: ctx.units.formatLengthValue(after),
      unit: ctx.units.lengthUnit,
    });
  return ctx.t('changed', {
    field: label,
    before: valueText(field, before, ctx),
    after: valueText(field, after, ctx),
  });
}

/** "4 × cable Ø 12 mm" (the line's tag after it when it has one). */
function itemText(item: Extract<HistoryEntry, { item: unknown }>['item'], ctx: DescribeContext): string {
  const type = ctx.t(`itemKind.${item.itemTypeId ?? 'OTHER'}`, { count: item.quantity });
  const text = ctx.t('item', {
    quantity: ctx.units.formatNumber(item.quantity, 0),
    type,
    diameter: ctx.units.formatLength(item.outerDiameterMm),
  });
  return item.tag ? `${text} (${item.tag})` : text;
}

/** A place in the location tree by its path's names (ADR 031), "not set" for none. */
const pathText = (names: string[], ctx: DescribeContext) =>
  names.length ? names.join(LOCATION_PATH_SEPARATOR) : ctx.t('none');

/** One entry of a change in the reader's language and units (ADR 032). */
export function describeEntry(entry: HistoryEntry, ctx: DescribeContext): string {
  switch (entry.kind) {
    case 'transitField':
      return fieldChange(entry.field, entry.before, entry.after, ctx);
    case 'itemField':
      return `${itemText(entry.item, ctx)}: ${fieldChange(entry.field, entry.before, entry.after, ctx)}`;
    case 'itemAdded':
      return ctx.t('itemAdded', { item: itemText(entry.item, ctx) });
    case 'itemRemoved':
      return ctx.t('itemRemoved', { item: itemText(entry.item, ctx) });
    case 'photoAdded':
      return ctx.t('photoAdded', { name: entry.fileName });
    case 'photoRemoved':
      return ctx.t('photoRemoved', { name: entry.fileName });
    case 'fileAdded':
      return ctx.t('fileAdded', { name: entry.fileName });
    case 'fileRemoved':
      return ctx.t('fileRemoved', { name: entry.fileName });
    case 'status':
      return ctx.t('statusChanged', {
        before:
          entry.before === null
            ? ctx.t('none')
            : ctx.t(`site:status.${entry.before}`, { defaultValue: entry.before }),
        after: ctx.t(`site:status.${entry.after}`, { defaultValue: entry.after }),
      });
    case 'location':
      return ctx.t('locationChanged', {
        before: pathText(entry.before, ctx),
        after: pathText(entry.after, ctx),
      });
    case 'locationAdded':
      return ctx.t('locationAdded', { path: pathText(entry.path, ctx) });
    case 'locationChanged':
      return ctx.t('locationRenamed', {
        before: pathText(entry.before, ctx),
        after: pathText(entry.after, ctx),
      });
    case 'locationRemoved':
      return ctx.t('locationRemoved', { path: pathText(entry.path, ctx) });
    case 'scheduleImported': {
      const count = (key: string, n: number) => ctx.t(`scheduleImport.${key}`, { count: n });
      const transits = [
        ...(entry.transitsCreated > 0 ? [count('created', entry.transitsCreated)] : []),
        ...(entry.transitsChanged > 0 ? [count('changed', entry.transitsChanged)] : []),
      ];
      return ctx.t('scheduleImport.summary', {
        source:
          entry.fileName === null
            ? ctx.t('scheduleImport.noFile')
            : ctx.t('scheduleImport.file', { name: entry.fileName }),
        rows: count('rows', entry.rows),
        items: count('items', entry.items),
        transits: transits.join(ctx.t('scheduleImport.separator')),
      });
    }
    case 'archiveImported': {
      const count = (key: string, n: number) => ctx.t(`archiveImport.${key}`, { count: n });
      const parts = [
        count('transits', entry.transits),
        count('items', entry.items),
        ...(entry.photos > 0 ? [count('photos', entry.photos)] : []),
        ...(entry.files > 0 ? [count('files', entry.files)] : []),
        ...(entry.locations > 0 ? [count('locations', entry.locations)] : []),
      ];
      const contents = parts.join(ctx.t('archiveImport.separator'));
      return entry.fileName === null
        ? ctx.t('archiveImport.summaryNoFile', { contents })
        : ctx.t('archiveImport.summary', { name: entry.fileName, contents });
    }
    case 'projectField': {
      const text = (value: Value) =>
        value === null || value === ''
          ? ctx.t('none')
          : entry.field === 'industryId'
            ? (ctx.industryName?.(String(value)) ?? String(value))
            : String(value);
      return ctx.t('changed', {
        field: ctx.t(`projectField.${entry.field}`),
        before: text(entry.before),
        after: text(entry.after),
      });
    }
  }
}
