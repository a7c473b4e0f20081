import {
  HISTORY_ITEM_FIELDS,
  HISTORY_PROJECT_FIELDS,
  HISTORY_TRANSIT_FIELDS,
  type HistoryEntry,
  type TransitSnapshot,
} from '@sealplan/contracts';
import type { ProjectFieldsSource, SnapshotSource } from '../../shared/change-recorder';

type Scalar = string | number | boolean | null;
const scalar = (v: unknown): Scalar =>
  v === undefined || v === null ? null : typeof v === 'number' || typeof v === 'boolean' ? v : String(v);

/** The transit and its live items as a change leaves them, in the form the history stores. */
export function snapshotOf({ transit, items }: SnapshotSource): TransitSnapshot {
  const fields: Record<string, Scalar> = {};
  for (const field of HISTORY_TRANSIT_FIELDS) fields[field] = scalar(transit[field]);
  return {
    transit: fields,
    items: items.map((item) => ({
      id: String(item.id),
      itemTypeId: (scalar(item.itemTypeId) as string | null) ?? null,
      quantity: Number(item.quantity),
      outerDiameterMm: Number(item.outerDiameterMm),
      crusherId: (scalar(item.crusherId) as string | null) ?? null,
      tag: (scalar(item.tag) as string | null) ?? null,
      specification: (scalar(item.specification) as string | null) ?? null,
      sort: Number(item.sort ?? 0),
    })),
  };
}

type SnapshotItem = TransitSnapshot['items'][number];
const itemRef = (item: SnapshotItem) => ({
  quantity: item.quantity,
  itemTypeId: item.itemTypeId,
  outerDiameterMm: item.outerDiameterMm,
  tag: item.tag,
});

/**
 * The field-level befores and afters between two states of a transit: its changed fields, then its items added,
 * changed (matched by id) and removed. A creation lists its items as added.
 */
export function diffSnapshots(before: TransitSnapshot | null, after: TransitSnapshot | null): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  if (before && after) {
    for (const field of HISTORY_TRANSIT_FIELDS) {
      const was = before.transit[field] ?? null;
      const is = after.transit[field] ?? null;
      if (was !== is) entries.push({ kind: 'transitField', field, before: was, after: is });
    }
  }
  const beforeItems = new Map((before?.items ?? []).map((item) => [item.id, item]));
  const afterIds = new Set((after?.items ?? []).map((item) => item.id));
  for (const item of after?.items ?? []) {
    const was = beforeItems.get(item.id);
    if (!was) {
      entries.push({ kind: 'itemAdded', item: itemRef(item) });
      continue;
    }
    for (const field of HISTORY_ITEM_FIELDS) {
      if (was[field] !== item[field])
        entries.push({
          kind: 'itemField',
          item: itemRef(was),
          field,
          before: was[field],
          after: item[field],
        });
    }
  }
  if (after) {
    for (const item of before?.items ?? [])
      if (!afterIds.has(item.id)) entries.push({ kind: 'itemRemoved', item: itemRef(item) });
  }
  return entries;
}

/**
 * The field-level befores and afters of a project's own fields. A creation lists the fields it was given (the
 * empty ones left out), a removal none: its action says it all.
 */
export function diffProjectFields(
  before: ProjectFieldsSource | null,
  after: ProjectFieldsSource,
): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  // An empty text and no text read the same ("not set").
  const valueOf = (fields: ProjectFieldsSource | null, field: keyof ProjectFieldsSource) =>
    fields?.[field] || null;
  for (const field of HISTORY_PROJECT_FIELDS) {
    const was = valueOf(before, field);
    const is = valueOf(after, field);
    if (was !== is) entries.push({ kind: 'projectField', field, before: was, after: is });
  }
  return entries;
}
