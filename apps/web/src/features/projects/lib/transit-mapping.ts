import type {
  PackingLayout,
  PenetratingItem,
  PenetratingItemSaveInput,
  Transit,
  TransitSaveInput,
} from '@sealplan/contracts';
import { MAX_LAYOUT_CIRCLES, toTransitInput } from '@sealplan/contracts';
import { newItemKey, type EditorItem, type TransitEditorState } from '../hooks/use-transit-editor';

/** A stored transit and its items -> the editor's state. */
export function toEditorState(transit: Transit, items: PenetratingItem[]): TransitEditorState {
  return {
    transit: {
      ...toTransitInput({ ...transit, penetratingItemTypeId: transit.penetratingItemTypeId ?? null }),
      name: transit.name,
      comments: transit.comments,
      nominalSize: transit.nominalSize,
    },
    items: items
      .filter((i) => !i.isRemoved)
      .sort((a, b) => a.sort - b.sort)
      .map((i): EditorItem => ({
        key: newItemKey(),
        id: i.id,
        quantity: i.quantity,
        outerDiameterMm: i.outerDiameterMm,
        crusherId: i.crusherId,
        itemTypeId: i.itemTypeId ?? transit.penetratingItemTypeId ?? 'CABLE',
        tag: i.tag ?? null,
        specification: i.specification ?? null,
      })),
  };
}

/**
 * A new transit the user has not saved yet (ADR 013): it lives only in the editor, so it is in
 * no list, total, dashboard count or document until its first save creates it.
 */
export function newTransitState(name: string): TransitEditorState {
  return {
    transit: {
      ...toTransitInput({ shape: 'ROUND', copies: 1 }),
      name,
      comments: '',
      nominalSize: null,
    },
    items: [],
  };
}

/** Where the editor's state is saved: the stored transit, or (no id) a new one in the project. */
export interface SaveTarget {
  id?: string;
  projectId: string;
  version?: number;
  itemIds: string[];
}

/**
 * The editor's state -> the savePenetratingItemsAndTransit body (spec §7). Lines removed since the stored version
 * are sent with isRemoved; `force` overwrites after the user chose to on a version conflict. `layout`, the browser's
 * layout, goes with it: a certificate the server checks when it fits (ADR 004), else where the server's search starts
 * (ADR 039); too many circles go without one.
 */
export function toSaveBody(
  state: TransitEditorState,
  stored: SaveTarget,
  force: boolean,
  layout: PackingLayout | null = null,
): {
  transit: TransitSaveInput;
  penetratingItems: PenetratingItemSaveInput[];
  layout?: PackingLayout;
} {
  const t = state.transit;
  const keptIds = new Set(state.items.flatMap((i) => (i.id ? [i.id] : [])));
  const removed = stored.itemIds.filter((id) => !keptIds.has(id));
  return {
    transit: {
      ...(stored.id ? { id: stored.id, version: stored.version } : {}),
      projectId: stored.projectId,
      ...(force ? { force: true } : {}),
      name: t.name.trim(),
      copies: t.copies ?? 1,
      shape: t.shape,
      diameterMm: t.shape === 'ROUND' ? (t.diameterMm ?? null) : null,
      widthMm: t.shape === 'RECTANGLE' ? (t.widthMm ?? null) : null,
      heightMm: t.shape === 'RECTANGLE' ? (t.heightMm ?? null) : null,
      radiusMm: t.shape === 'RECTANGLE' ? (t.cornerRadiusMm ?? null) : null,
      nominalSize: t.nominalSize,
      sparePercent: t.sparePercent ?? null,
      comments: t.comments,
      penetratingItemTypeId: t.itemTypeId ?? null,
      transitTypeId: t.transitTypeId ?? null,
      classId: t.classId ?? null,
      sealantType: t.sealantType ?? null,
      sealantDepth: t.sealantDepth ?? null,
      crusherPipeConfiguration: t.pipeConfiguration ?? null,
      singleCrusherPipeId: t.singleCrusherPipeId ?? null,
      depthMm: t.depthMm ?? null,
    },
    penetratingItems: [
      ...state.items.map((i, index) => ({
        ...(i.id ? { id: i.id } : {}),
        ...(stored.id ? { transitId: stored.id } : {}),
        itemTypeId: i.itemTypeId,
        quantity: i.quantity,
        outerDiameterMm: i.outerDiameterMm,
        crusherId: i.crusherId,
        // Sent when the editor knows it (a stored line, or one given in the items dialog); else the stored one stays.
        ...(i.specification === undefined ? {} : { specification: i.specification }),
        sort: index,
      })),
      ...removed.map((id) => {
        // A removed line keeps its last values (the schema needs them) and is soft-deleted.
        return { id, transitId: stored.id, quantity: 0, outerDiameterMm: 0, isRemoved: true };
      }),
    ],
    ...(layout && layout.centres.length <= MAX_LAYOUT_CIRCLES ? { layout } : {}),
  };
}
