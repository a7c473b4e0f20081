// Transit editing rules (spec §4 "Transit editing", §5 "Minimum depth"): which transit types, classes, sealants,
// sealant layers and pipe configurations a transit may have, and a reducer that applies one change and cascades it.

import { engineMessage, type EngineMessage } from './messages';
import { definitelyLess } from './tolerance';
import type {
  Catalogue,
  CatalogueCrusher,
  CatalogueSealant,
  CatalogueTransitType,
  ItemTypeId,
  PipeConfiguration,
  SealantDepth,
  TransitClassId,
  TransitInput,
  TransitShape,
  TransitTypeId,
} from './types';

/** Spec §4: RISE_ULTRA is the transit type with a fixed depth, single-pipe option and single sealant layer. */
export const RISE_ULTRA: TransitTypeId = 'RISE_ULTRA';

/** Spec §4 labels for RISE_ULTRA with a single pipe (exports use them; the web app has translations). */
export const TRANSIT_LABELS = {
  diameter: 'Diameter',
  actualInsideDiameter: 'Actual Inside Diameter',
  pipeSize: 'Pipe Size',
  schedule40PipeSize: 'Schedule 40 Pipe Size',
} as const;

/** A class as offered for a transit: its display name and the minimum depth for the item type. */
export interface AllowedClass {
  id: TransitClassId;
  name: string;
  minimumTransitDepthMm: number;
}

function findItemType(catalogue: Catalogue, itemTypeId: ItemTypeId | null | undefined) {
  return itemTypeId ? catalogue.itemTypes.find((item) => item.id === itemTypeId) : undefined;
}

/** Spec §4: the transit types the penetrating item type allows, in the item type's order. */
export function allowedTransitTypes(
  catalogue: Catalogue,
  itemType: ItemTypeId | null | undefined,
): CatalogueTransitType[] {
  const item = findItemType(catalogue, itemType);
  if (!item) return [];
  return item.transitTypes.flatMap((entry) =>
    catalogue.transitTypes.filter((type) => type.id === entry.transitTypeId),
  );
}

/**
 * Spec §3/§4: the classes allowed for the item type on this transit type: the item type's classes, minus the
 * transit type's classExceptions for this item type, and only classes the transit type defines (it needs the
 * class's mmFillerSleeveLessThanTransit to size anything; ADR 003).
 */
export function allowedClasses(
  catalogue: Catalogue,
  itemType: ItemTypeId | null | undefined,
  transitType: TransitTypeId | null | undefined,
): AllowedClass[] {
  const item = findItemType(catalogue, itemType);
  const entry = item?.transitTypes.find((candidate) => candidate.transitTypeId === transitType);
  const type = catalogue.transitTypes.find((candidate) => candidate.id === transitType);
  if (!item || !entry || !type) return [];
  return item.classes
    .filter(
      (cls) =>
        !entry.classExceptions.includes(cls.classId) && type.classes.some((c) => c.classId === cls.classId),
    )
    .map((cls) => ({
      id: cls.classId,
      name: catalogue.classes.find((c) => c.id === cls.classId)?.name ?? cls.classId,
      minimumTransitDepthMm: cls.minimumTransitDepthMm,
    }));
}

/** Spec §3/§4: the sealants the item type allows for the class, in the catalogue's listed order. */
export function allowedSealants(
  catalogue: Catalogue,
  itemType: ItemTypeId | null | undefined,
  classId: TransitClassId | null | undefined,
): CatalogueSealant[] {
  const cls = findItemType(catalogue, itemType)?.classes.find((candidate) => candidate.classId === classId);
  if (!cls) return [];
  return cls.sealants.flatMap((id) => catalogue.sealants.filter((sealant) => sealant.id === id));
}

/** Spec §3/§5: minimum transit depth of the class for the item type, or null when either is not chosen. */
export function minimumDepthMm(
  catalogue: Catalogue,
  itemType: ItemTypeId | null | undefined,
  classId: TransitClassId | null | undefined,
): number | null {
  const cls = findItemType(catalogue, itemType)?.classes.find((candidate) => candidate.classId === classId);
  return cls ? cls.minimumTransitDepthMm : null;
}

/** Spec §4: sealant layer 'Single' only for RISE_ULTRA; 'Double' always. */
export function sealantLayerOptions(transitTypeId: TransitTypeId | null | undefined): SealantDepth[] {
  return transitTypeId === RISE_ULTRA ? ['SINGLE', 'DOUBLE'] : ['DOUBLE'];
}

/**
 * Spec §4: pipe configuration applies to RISE_ULTRA only; RECTANGLE forces MULTIPLE (the single predefined pipe
 * option is disabled for rectangles).
 */
export function pipeConfigurationOptions(
  transit: Pick<TransitInput, 'transitTypeId' | 'shape'>,
): PipeConfiguration[] {
  if (transit.transitTypeId !== RISE_ULTRA) return [];
  return transit.shape === 'RECTANGLE' ? ['MULTIPLE'] : ['SINGLE', 'MULTIPLE'];
}

/** Spec §4: depth is disabled for RISE_ULTRA (fixed at the class minimum). */
export function isDepthEditable(transit: Pick<TransitInput, 'transitTypeId'>): boolean {
  return transit.transitTypeId !== RISE_ULTRA;
}

/** RISE_ULTRA with the single-pipe configuration (spec §4, §9). */
export function isRiseUltraSinglePipe(
  transit: Pick<TransitInput, 'transitTypeId' | 'pipeConfiguration'>,
): boolean {
  return transit.transitTypeId === RISE_ULTRA && transit.pipeConfiguration === 'SINGLE';
}

/** Predefined sizes ("crushers") for an item type, sorted by pipe diameter (spec §9). */
export function crusherOptions(
  catalogue: Catalogue,
  itemTypeId: ItemTypeId | null | undefined,
): CatalogueCrusher[] {
  return catalogue.crushers
    .filter((crusher) => crusher.itemTypeId === itemTypeId)
    .sort((a, b) => a.pipeDiameterMm - b.pipeDiameterMm || a.id.localeCompare(b.id));
}

/**
 * Spec §4: the RISE_ULTRA single pipe is chosen by Schedule 40 pipe size: steel pipe sizes with a known inside
 * diameter (which becomes the transit's 'Actual Inside Diameter').
 */
export function singlePipeOptions(catalogue: Catalogue): CatalogueCrusher[] {
  return crusherOptions(catalogue, 'PIPE').filter(
    (crusher) => crusher.insideDiameterMm !== null && crusher.insideDiameterMm > 0,
  );
}

/** What the transit form shows and disables (spec §4), derived from the transit alone. */
export interface TransitFieldState {
  diameterLabel: string;
  diameterReadOnly: boolean;
  pipeSizeLabel: string;
  depthEditable: boolean;
  showPipeConfiguration: boolean;
  /** Spec §4: the single predefined pipe option is disabled for rectangles. */
  singlePipeOptionDisabled: boolean;
  showSch80Note: boolean;
  showLongerDepthNote: boolean;
  sealantLayerOptions: SealantDepth[];
  pipeConfigurationOptions: PipeConfiguration[];
}

export function transitFieldState(
  transit: Pick<TransitInput, 'transitTypeId' | 'shape' | 'pipeConfiguration'>,
): TransitFieldState {
  const riseUltra = transit.transitTypeId === RISE_ULTRA;
  const singlePipe = isRiseUltraSinglePipe(transit) && transit.shape === 'ROUND';
  return {
    diameterLabel: singlePipe ? TRANSIT_LABELS.actualInsideDiameter : TRANSIT_LABELS.diameter,
    diameterReadOnly: singlePipe,
    pipeSizeLabel: singlePipe ? TRANSIT_LABELS.schedule40PipeSize : TRANSIT_LABELS.pipeSize,
    depthEditable: !riseUltra,
    showPipeConfiguration: riseUltra,
    singlePipeOptionDisabled: riseUltra && transit.shape === 'RECTANGLE',
    showSch80Note: singlePipe,
    showLongerDepthNote: riseUltra,
    sealantLayerOptions: sealantLayerOptions(transit.transitTypeId),
    pipeConfigurationOptions: pipeConfigurationOptions(transit),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Reducer

export type TransitChange =
  | { field: 'itemTypeId'; value: ItemTypeId | null }
  | { field: 'transitTypeId'; value: TransitTypeId | null }
  | { field: 'classId'; value: TransitClassId | null }
  | { field: 'sealantType'; value: string | null }
  | { field: 'sealantDepth'; value: SealantDepth | null }
  | { field: 'shape'; value: TransitShape }
  | { field: 'pipeConfiguration'; value: PipeConfiguration | null }
  | { field: 'singleCrusherPipeId'; value: string | null }
  /**
   * `commit` (default true) applies spec §5's minimum: a depth below it is reset with the error message, an empty
   * depth goes back to the minimum. The web form sends `commit: false` while typing and `commit: true` when the field
   * loses focus; the server always commits.
   */
  | { field: 'depthMm'; value: number | null; commit?: boolean }
  | {
      field: 'diameterMm' | 'widthMm' | 'heightMm' | 'cornerRadiusMm' | 'copies' | 'sparePercent';
      value: number | null;
    };

export interface TransitChangeResult<T extends TransitInput> {
  transit: T;
  /** Spec §5/§8 messages the change caused (e.g. the minimum-depth reset), to show as toasts. */
  messages: EngineMessage[];
  /** Spec §4: the single-pipe option was chosen with no pipe selected: the pipe dropdown should flash. */
  flashSinglePipe: boolean;
}

/** Spec §4 selection rule: keep if still allowed; else the only one; else (Cable transit types) the first; else none. */
function pick<V>(current: V | null | undefined, allowed: readonly V[], firstWhenAny = false): V | null {
  if (current !== null && current !== undefined && allowed.includes(current)) return current;
  if (allowed.length === 1 || (firstWhenAny && allowed.length > 0)) return allowed[0] ?? null;
  return null;
}

/**
 * A choice made by the user: a requested value that is allowed is taken; a value that is not allowed is ignored
 * (the current value stays if still allowed); clearing (null) is allowed unless the selection rule auto-selects.
 */
function choose<V>(
  requested: V | null,
  current: V | null | undefined,
  allowed: readonly V[],
  firstWhenAny = false,
): V | null {
  if (requested !== null && allowed.includes(requested)) return requested;
  return pick(requested === null ? null : current, allowed, firstWhenAny);
}

interface Draft {
  transit: TransitInput;
  messages: EngineMessage[];
}

function minimumDepthMessage(minMm: number): EngineMessage {
  return engineMessage('DEPTH_BELOW_MINIMUM', { min: minMm });
}

/** Spec §4: changing the class refilters sealants and sets the minimum depth. */
function cascadeFromClass(catalogue: Catalogue, draft: Draft): void {
  const t = draft.transit;
  const sealantIds = allowedSealants(catalogue, t.itemTypeId, t.classId).map((sealant) => sealant.id);
  t.sealantType = pick(t.sealantType, sealantIds);
  const minMm = minimumDepthMm(catalogue, t.itemTypeId, t.classId);
  if (minMm === null) return;
  if (!isDepthEditable(t)) {
    // Spec §4: RISE_ULTRA depth is not editable, so it is always the minimum.
    t.depthMm = minMm;
  } else if (t.depthMm === null || t.depthMm === undefined) {
    t.depthMm = minMm;
  } else if (definitelyLess(t.depthMm, minMm)) {
    t.depthMm = minMm;
    draft.messages.push(minimumDepthMessage(minMm));
  }
}

/** Spec §4: pipe configuration, single pipe and sealant layers follow the transit type and shape. */
function applyTransitTypeOptions(catalogue: Catalogue, draft: Draft): void {
  const t = draft.transit;
  const layers = sealantLayerOptions(t.transitTypeId);
  // 'Double' is always offered and is the full-depth default, so it replaces a value that is not allowed.
  t.sealantDepth = t.sealantDepth && layers.includes(t.sealantDepth) ? t.sealantDepth : 'DOUBLE';
  const configurations = pipeConfigurationOptions(t);
  if (configurations.length === 0) {
    t.pipeConfiguration = null;
    t.singleCrusherPipeId = null;
    return;
  }
  // RECTANGLE leaves MULTIPLE only (forced); a round RISE_ULTRA starts as MULTIPLE until single pipe is chosen.
  t.pipeConfiguration =
    t.pipeConfiguration && configurations.includes(t.pipeConfiguration) ? t.pipeConfiguration : 'MULTIPLE';
  if (t.pipeConfiguration !== 'SINGLE') {
    t.singleCrusherPipeId = null;
    return;
  }
  const pipe = singlePipeOptions(catalogue).find((crusher) => crusher.id === t.singleCrusherPipeId);
  if (!pipe) {
    t.singleCrusherPipeId = null;
    return;
  }
  // Spec §4: the round diameter is the pipe's 'Actual Inside Diameter' (read-only).
  t.shape = 'ROUND';
  t.diameterMm = pipe.insideDiameterMm;
}

/** Spec §4: changing the transit type refilters classes; keep, auto-set when one remains, else clear. */
function cascadeFromTransitType(catalogue: Catalogue, draft: Draft): void {
  const t = draft.transit;
  applyTransitTypeOptions(catalogue, draft);
  const classIds = allowedClasses(catalogue, t.itemTypeId, t.transitTypeId).map((cls) => cls.id);
  t.classId = pick(t.classId, classIds);
  cascadeFromClass(catalogue, draft);
}

/** Spec §4: changing the item type filters the transit types; keep, the only one (Cable: the first), else clear. */
function cascadeFromItemType(catalogue: Catalogue, draft: Draft): void {
  const t = draft.transit;
  const typeIds = allowedTransitTypes(catalogue, t.itemTypeId).map((type) => type.id);
  t.transitTypeId = pick(t.transitTypeId, typeIds, t.itemTypeId === 'CABLE');
  cascadeFromTransitType(catalogue, draft);
}

/**
 * Apply one change to a transit exactly as spec §4 "Transit editing" and §5 "Minimum depth" describe, and cascade
 * it to the fields that depend on it. Pure: returns a new transit (extra fields of T are kept) and the messages.
 */
export function applyTransitChange<T extends TransitInput>(
  catalogue: Catalogue,
  transit: T,
  change: TransitChange,
): TransitChangeResult<T> {
  const next: T = { ...transit };
  // Mutations go through the TransitInput view of the copy; extra fields of T are carried along untouched.
  const t: TransitInput = next;
  const draft: Draft = { transit: t, messages: [] };
  let flashSinglePipe = false;

  switch (change.field) {
    case 'itemTypeId':
      t.itemTypeId = change.value;
      cascadeFromItemType(catalogue, draft);
      break;
    case 'transitTypeId': {
      const typeIds = allowedTransitTypes(catalogue, t.itemTypeId).map((type) => type.id);
      t.transitTypeId = choose(change.value, t.transitTypeId, typeIds, t.itemTypeId === 'CABLE');
      cascadeFromTransitType(catalogue, draft);
      break;
    }
    case 'classId': {
      const classIds = allowedClasses(catalogue, t.itemTypeId, t.transitTypeId).map((cls) => cls.id);
      t.classId = choose(change.value, t.classId, classIds);
      cascadeFromClass(catalogue, draft);
      break;
    }
    case 'sealantType': {
      const sealantIds = allowedSealants(catalogue, t.itemTypeId, t.classId).map((sealant) => sealant.id);
      t.sealantType = choose(change.value, t.sealantType, sealantIds);
      break;
    }
    case 'sealantDepth':
      t.sealantDepth = change.value;
      applyTransitTypeOptions(catalogue, draft);
      break;
    case 'shape':
      t.shape = change.value;
      applyTransitTypeOptions(catalogue, draft);
      break;
    case 'pipeConfiguration':
      t.pipeConfiguration = change.value;
      applyTransitTypeOptions(catalogue, draft);
      // Spec §4: choosing the single-pipe option without a pipe selected makes the pipe dropdown flash.
      flashSinglePipe =
        change.value === 'SINGLE' && t.pipeConfiguration === 'SINGLE' && !t.singleCrusherPipeId;
      break;
    case 'singleCrusherPipeId':
      t.singleCrusherPipeId = change.value;
      applyTransitTypeOptions(catalogue, draft);
      break;
    case 'depthMm': {
      if (!isDepthEditable(t)) {
        // Spec §4/§8: RISE_ULTRA depth is fixed at the minimum; say how to get a longer one.
        draft.messages.push(engineMessage('RISE_ULTRA_LONGER_DEPTH'));
        break;
      }
      t.depthMm = change.value;
      const minMm = minimumDepthMm(catalogue, t.itemTypeId, t.classId);
      const commit = change.commit ?? true;
      if (commit && minMm !== null) {
        if (change.value === null) {
          // An emptied depth goes back to the minimum, as when the class was chosen (spec §4).
          t.depthMm = minMm;
        } else if (definitelyLess(change.value, minMm)) {
          // Spec §5: a depth below the minimum is reset to the minimum with the error.
          t.depthMm = minMm;
          draft.messages.push(minimumDepthMessage(minMm));
        }
      }
      break;
    }
    case 'diameterMm':
      // Spec §4: read-only while it is the single pipe's 'Actual Inside Diameter'.
      if (transitFieldState(t).diameterReadOnly && t.singleCrusherPipeId) break;
      t.diameterMm = change.value;
      break;
    default:
      t[change.field] = change.value;
  }
  return { transit: next, messages: draft.messages, flashSinglePipe };
}

/**
 * Run the whole cascade on a transit as stored (e.g. on the server before saving, or after the catalogue changed),
 * as if its item type had just been chosen: every field is kept when still allowed, else auto-set or cleared.
 */
export function normaliseTransit<T extends TransitInput>(
  catalogue: Catalogue,
  transit: T,
): { transit: T; messages: EngineMessage[] } {
  const { transit: next, messages } = applyTransitChange(catalogue, transit, {
    field: 'itemTypeId',
    value: transit.itemTypeId ?? null,
  });
  return { transit: next, messages };
}
