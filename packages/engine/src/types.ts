// Shared shapes of the sizing engine. All lengths in mm, areas in mm², volumes in ml (spec §3, §9).

export type TransitShape = 'ROUND' | 'RECTANGLE';
export type ItemTypeId = 'PIPE_PLASTIC' | 'PIPE' | 'CABLE';
export type TransitTypeId = 'NOFIRNO' | 'NOFIRNO/CER' | 'NOFIRNO/RISE' | 'RISE_ULTRA';
export type TransitClassId = 'WATERTIGHT' | 'FIRE_RATED' | 'H_CLASS' | 'A_60_CLASS' | 'A_CLASS' | 'A_0_CLASS';
export type SealantDepth = 'SINGLE' | 'DOUBLE';
export type PipeConfiguration = 'SINGLE' | 'MULTIPLE';
export type MeasurementSystem = 'METRIC' | 'IMPERIAL';

export const ITEM_TYPE_IDS: readonly ItemTypeId[] = ['PIPE_PLASTIC', 'PIPE', 'CABLE'];
export const TRANSIT_TYPE_IDS: readonly TransitTypeId[] = [
  'NOFIRNO',
  'NOFIRNO/CER',
  'NOFIRNO/RISE',
  'RISE_ULTRA',
];
export const TRANSIT_CLASS_IDS: readonly TransitClassId[] = [
  'WATERTIGHT',
  'FIRE_RATED',
  'H_CLASS',
  'A_60_CLASS',
  'A_CLASS',
  'A_0_CLASS',
];

export type Opening =
  | { shape: 'ROUND'; diameterMm?: number | null }
  | { shape: 'RECTANGLE'; widthMm?: number | null; heightMm?: number | null; cornerRadiusMm?: number | null };

/** Catalogue (reference data of spec §3). Lives in database tables, seeded from a versioned file. */
export interface Catalogue {
  /** Penetrating item types with the transit types and classes they allow. */
  itemTypes: CatalogueItemType[];
  transitTypes: CatalogueTransitType[];
  classes: CatalogueClass[];
  sealants: CatalogueSealant[];
  cableSleeves: CatalogueCableSleeve[];
  /** Predefined pipe sizes ("crushers" in the spec), sorted by pipe diameter. */
  crushers: CatalogueCrusher[];
  /** Spec §9 required pipe clearance (min inclusive, max exclusive). */
  clearance: ClearanceEntry[];
  /**
   * Standard opening sizes the smallest-opening suggestion chooses from (ADR 020). Optional: a
   * catalogue without the list (older callers, test fixtures) suggests nothing; a save without it keeps the stored list.
   */
  standardOpenings?: StandardOpening[];
  /**
   * True while the figures are sample values, not the maker's (research/catalogue.md): the UI shows a
   * "sample catalogue" notice until an administrator marks the catalogue as verified.
   */
  isSample?: boolean;
}

/**
 * ADR 030: the languages a catalogue or industry name can be given in besides English (`name`, required). A
 * missing one falls back to the English name.
 */
export const TRANSLATED_NAME_LOCALES = ['de-DE', 'fr-FR', 'zh-Hans'] as const;
export type TranslatedNameLocale = (typeof TRANSLATED_NAME_LOCALES)[number];
/** ADR 030: an entry's name per language other than English; a language left out shows the English name. */
export type TranslatedNames = Partial<Record<TranslatedNameLocale, string>>;

export interface CatalogueItemType {
  id: ItemTypeId;
  name: string;
  /** The name in the other interface languages (ADR 030). */
  names?: TranslatedNames;
  /** Allowed transit types, each with the classes that are NOT allowed for it (classExceptions). */
  transitTypes: { transitTypeId: TransitTypeId; classExceptions: TransitClassId[] }[];
  /**
   * Allowed classes, each with its minimum transit depth and the allowed sealants (the spec's "sealant
   * names"; each string is a `CatalogueSealant.id`, which is also what `TransitInput.sealantType` holds).
   */
  classes: { classId: TransitClassId; minimumTransitDepthMm: number; sealants: string[] }[];
}

export interface CatalogueTransitType {
  id: TransitTypeId;
  name: string;
  /** The name in the other interface languages (ADR 030). */
  names?: TranslatedNames;
  /** Per class: how much shorter than the transit depth the filler sleeve is (= total sealant depth). */
  classes: { classId: TransitClassId; mmFillerSleeveLessThanTransit: number }[];
  fillerSleeveType: string;
  fillerSleeveDiameterMm: number;
  sealantCartridgeSizeMl: number;
  usableSealantCartridgeSizeMl: number;
}

export interface CatalogueClass {
  id: TransitClassId;
  name: string;
  /** The name in the other interface languages (ADR 030). */
  names?: TranslatedNames;
}

export interface CatalogueSealant {
  id: string;
  name: string;
  /** The name in the other interface languages (ADR 030). */
  names?: TranslatedNames;
}

export interface CatalogueCableSleeve {
  id: string;
  transitTypeId: TransitTypeId;
  /** Matches when cableMinMm < outer diameter <= cableMaxMm (spec §9). */
  cableMinMm: number;
  cableMaxMm: number;
  outerDiameterMm: number;
  articleNumber: string;
}

export interface CatalogueCrusher {
  id: string;
  /** Display name, e.g. '2"' or 'DN50'. */
  name: string;
  itemTypeId: ItemTypeId;
  /** Nominal size label, e.g. '2' (NPS) or '50' (DN). */
  pipeNominalSize: string;
  /** Outer diameter of the pipe itself. */
  pipeDiameterMm: number;
  /** Schedule 40 inside diameter ('Actual Inside Diameter' for RISE_ULTRA single pipe); null when unknown. */
  insideDiameterMm: number | null;
  /** Outer diameter of the item as it occupies the transit (pipe, or pipe with crusher). */
  outerDiameterMm: number;
  /** Article number to order (crusher plugs of plastic pipes); null for plain pipe sizes. */
  articleNumber?: string | null;
}

/** A standard opening size (ADR 020): round by its diameter, rectangular by width, height, corner radius. */
export interface StandardOpening {
  id: string;
  shape: TransitShape;
  /** ROUND only. */
  diameterMm?: number | null;
  /** RECTANGLE only. */
  widthMm?: number | null;
  heightMm?: number | null;
  cornerRadiusMm?: number | null;
}

export interface ClearanceEntry {
  pipeOuterDiameterMinMm: number;
  pipeOuterDiameterMaxMm: number;
  requiredClearanceMm: number;
}

/** One transit as the engine sees it (stored fields of spec §3, lengths in mm). */
export interface TransitInput {
  shape: TransitShape;
  diameterMm?: number | null;
  widthMm?: number | null;
  heightMm?: number | null;
  cornerRadiusMm?: number | null;
  copies?: number | null;
  sparePercent?: number | null;
  itemTypeId?: ItemTypeId | null;
  transitTypeId?: TransitTypeId | null;
  classId?: TransitClassId | null;
  sealantType?: string | null;
  sealantDepth?: SealantDepth | null;
  pipeConfiguration?: PipeConfiguration | null;
  singleCrusherPipeId?: string | null;
  depthMm?: number | null;
}

/** One line of penetrating items (spec §3): quantity of identical items. */
export interface ItemInput {
  id?: string;
  quantity: number;
  outerDiameterMm: number;
  crusherId?: string | null;
  /** Item type of the line; defaults to the transit's penetrating item type. */
  itemTypeId?: ItemTypeId | null;
}
