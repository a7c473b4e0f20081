// The reference catalogue: fixtures for tests and the data the database seed is generated from.
// Research (shared/research/catalogue.md) found none of the maker's figures in public sources, so most values here
// are SAMPLE values: plausible, internally consistent, and marked as such (per block below and in
// `sampleCatalogueProvenance`). The catalogue carries `isSample: true` so the UI shows its notice until an
// administrator has entered and verified the maker's figures.

import { DEFAULT_CLEARANCE_TABLE } from '../clearance';
import type {
  Catalogue,
  CatalogueCableSleeve,
  CatalogueClass,
  CatalogueCrusher,
  CatalogueItemType,
  CatalogueSealant,
  CatalogueTransitType,
  StandardOpening,
  TransitClassId,
  TransitTypeId,
} from '../types';

export interface ProvenanceNote {
  /** Which part of the catalogue, e.g. 'crushers[PIPE].pipeDiameterMm'. */
  field: string;
  /** Where the figure comes from. */
  source: string;
  /** True when the figure is not from a public source and must be replaced by the maker's. */
  sample: boolean;
}

/** Where each kind of figure comes from (research/catalogue.md: "the file says so per value"). */
export const sampleCatalogueProvenance: readonly ProvenanceNote[] = [
  { field: 'classes (ids)', source: 'spec §3 fixed identifiers', sample: false },
  {
    field: 'classes[].name',
    source: 'IMO fire classes A-60/A-0, H-class; wording chosen here',
    sample: true,
  },
  { field: 'transitTypes (ids)', source: 'spec §3 fixed identifiers', sample: false },
  {
    field: 'transitTypes[].classes[].mmFillerSleeveLessThanTransit',
    source:
      'spec §9 sealant depth text: 15 mm each side (2 × 15), NOFIRNO/RISE 20 mm each side (2 × 20); RISE_ULTRA 2 × 20 assumed',
    sample: true,
  },
  { field: 'transitTypes[].fillerSleeveType, fillerSleeveDiameterMm', source: 'none public', sample: true },
  {
    field: 'transitTypes[].sealantCartridgeSizeMl',
    source: 'generic 310 ml cartridge (research)',
    sample: true,
  },
  {
    field: 'transitTypes[].usableSealantCartridgeSizeMl',
    source: 'none public (310 ml less what stays in the nozzle)',
    sample: true,
  },
  { field: 'itemTypes[].transitTypes, classExceptions', source: 'none public', sample: true },
  { field: 'itemTypes[].classes[].minimumTransitDepthMm', source: 'none public', sample: true },
  {
    field: 'itemTypes[].classes[].sealants, sealants',
    source: 'none public (NOFIRNO sealant is a product name)',
    sample: true,
  },
  { field: 'cableSleeves', source: 'none public: ranges, outer diameters and article numbers', sample: true },
  {
    field: 'crushers[PIPE].pipeDiameterMm, insideDiameterMm',
    source: 'ASME B36.10M (OD, Schedule 40 wall)',
    sample: false,
  },
  {
    field: 'crushers[PIPE_PLASTIC].pipeDiameterMm',
    source: 'ISO 161-1 nominal outside diameters',
    sample: false,
  },
  {
    field: 'crushers[PIPE_PLASTIC].outerDiameterMm, articleNumber',
    source: 'none public (crusher wall assumed)',
    sample: true,
  },
  { field: 'clearance', source: 'spec §9 table', sample: false },
];

const CLASS_IDS: readonly TransitClassId[] = [
  'WATERTIGHT',
  'FIRE_RATED',
  'H_CLASS',
  'A_60_CLASS',
  'A_CLASS',
  'A_0_CLASS',
];

const classes: CatalogueClass[] = [
  {
    id: 'WATERTIGHT',
    name: 'Watertight',
    names: { 'de-DE': 'Wasserdicht', 'fr-FR': 'Étanche', 'zh-Hans': '水密' },
  },
  {
    id: 'FIRE_RATED',
    name: 'Fire Rated',
    names: { 'de-DE': 'Feuerbeständig', 'fr-FR': 'Coupe-feu', 'zh-Hans': '防火' },
  },
  {
    id: 'H_CLASS',
    name: 'H Class',
    names: { 'de-DE': 'Klasse H', 'fr-FR': 'Classe H', 'zh-Hans': 'H 级' },
  },
  {
    id: 'A_60_CLASS',
    name: 'A-60 Class',
    names: { 'de-DE': 'Klasse A-60', 'fr-FR': 'Classe A-60', 'zh-Hans': 'A-60 级' },
  },
  {
    id: 'A_CLASS',
    name: 'A Class',
    names: { 'de-DE': 'Klasse A', 'fr-FR': 'Classe A', 'zh-Hans': 'A 级' },
  },
  {
    id: 'A_0_CLASS',
    name: 'A-0 Class',
    names: { 'de-DE': 'Klasse A-0', 'fr-FR': 'Classe A-0', 'zh-Hans': 'A-0 级' },
  },
];

// SAMPLE: sealant names other than "NOFIRNO sealant" are placeholders.
const sealants: CatalogueSealant[] = [
  {
    id: 'NOFIRNO_SEALANT',
    name: 'NOFIRNO sealant',
    names: { 'de-DE': 'NOFIRNO-Dichtmasse', 'fr-FR': 'Mastic NOFIRNO', 'zh-Hans': 'NOFIRNO 密封胶' },
  },
  {
    id: 'RISE_SEALANT',
    name: 'RISE sealant',
    names: { 'de-DE': 'RISE-Dichtmasse', 'fr-FR': 'Mastic RISE', 'zh-Hans': 'RISE 密封胶' },
  },
  {
    id: 'WATERTIGHT_SEALANT',
    name: 'Watertight sealant',
    names: { 'de-DE': 'Wasserdichte Dichtmasse', 'fr-FR': 'Mastic étanche', 'zh-Hans': '水密密封胶' },
  },
];

/** Every class of CLASS_IDS with the same mmFillerSleeveLessThanTransit. */
function allClasses(mmFillerSleeveLessThanTransit: number) {
  return CLASS_IDS.map((classId) => ({ classId, mmFillerSleeveLessThanTransit }));
}

// Spec §9: sealant 15 mm each side (2 × 15 = 30) for the NOFIRNO types, 20 mm each side (2 × 20 = 40) for
// NOFIRNO/RISE; RISE_ULTRA assumed like RISE. SAMPLE: filler sleeve types and diameters, usable cartridge size.
const transitTypes: CatalogueTransitType[] = [
  {
    id: 'NOFIRNO',
    name: 'NOFIRNO',
    classes: allClasses(2 * 15),
    fillerSleeveType: 'NOFIRNO filler sleeve',
    fillerSleeveDiameterMm: 20,
    sealantCartridgeSizeMl: 310,
    usableSealantCartridgeSizeMl: 290,
  },
  {
    id: 'NOFIRNO/CER',
    name: 'NOFIRNO/CER',
    classes: allClasses(2 * 15),
    fillerSleeveType: 'NOFIRNO/CER filler sleeve',
    fillerSleeveDiameterMm: 20,
    sealantCartridgeSizeMl: 310,
    usableSealantCartridgeSizeMl: 290,
  },
  {
    id: 'NOFIRNO/RISE',
    name: 'NOFIRNO/RISE',
    classes: allClasses(2 * 20),
    fillerSleeveType: 'NOFIRNO/RISE filler sleeve',
    fillerSleeveDiameterMm: 25,
    sealantCartridgeSizeMl: 310,
    usableSealantCartridgeSizeMl: 290,
  },
  {
    id: 'RISE_ULTRA',
    name: 'RISE ULTRA',
    classes: allClasses(2 * 20),
    fillerSleeveType: 'RISE ULTRA filler sleeve',
    fillerSleeveDiameterMm: 20,
    sealantCartridgeSizeMl: 310,
    usableSealantCartridgeSizeMl: 290,
  },
];

type ClassRow = [TransitClassId, number, string[]];

function itemClasses(rows: ClassRow[]): CatalogueItemType['classes'] {
  return rows.map(([classId, minimumTransitDepthMm, sealantIds]) => ({
    classId,
    minimumTransitDepthMm,
    sealants: sealantIds,
  }));
}

const WATER = ['WATERTIGHT_SEALANT', 'NOFIRNO_SEALANT'];
const FIRE = ['NOFIRNO_SEALANT'];

// SAMPLE: allowed transit types, class exceptions, minimum depths and sealants per item type.
const itemTypes: CatalogueItemType[] = [
  {
    id: 'PIPE_PLASTIC',
    name: 'Plastic Pipe',
    names: { 'de-DE': 'Kunststoffrohr', 'fr-FR': 'Tuyau plastique', 'zh-Hans': '塑料管' },
    transitTypes: [
      { transitTypeId: 'NOFIRNO', classExceptions: [] },
      { transitTypeId: 'NOFIRNO/RISE', classExceptions: ['A_60_CLASS'] },
    ],
    // No H class: plastic pipes are not offered for hydrocarbon-fire divisions in this sample.
    classes: itemClasses([
      ['WATERTIGHT', 60, WATER],
      ['FIRE_RATED', 200, FIRE],
      ['A_60_CLASS', 200, FIRE],
      ['A_CLASS', 150, FIRE],
      ['A_0_CLASS', 100, FIRE],
    ]),
  },
  {
    id: 'PIPE',
    name: 'Pipe',
    names: { 'de-DE': 'Rohr', 'fr-FR': 'Tuyau', 'zh-Hans': '管道' },
    transitTypes: [
      { transitTypeId: 'NOFIRNO', classExceptions: ['H_CLASS'] },
      { transitTypeId: 'NOFIRNO/CER', classExceptions: [] },
      { transitTypeId: 'NOFIRNO/RISE', classExceptions: ['H_CLASS'] },
      { transitTypeId: 'RISE_ULTRA', classExceptions: ['WATERTIGHT'] },
    ],
    classes: itemClasses([
      ['WATERTIGHT', 60, WATER],
      ['FIRE_RATED', 150, FIRE],
      ['H_CLASS', 200, ['NOFIRNO_SEALANT', 'RISE_SEALANT']],
      ['A_60_CLASS', 150, FIRE],
      ['A_CLASS', 100, FIRE],
      ['A_0_CLASS', 60, FIRE],
    ]),
  },
  {
    id: 'CABLE',
    name: 'Cable',
    names: { 'de-DE': 'Kabel', 'fr-FR': 'Câble', 'zh-Hans': '电缆' },
    transitTypes: [
      { transitTypeId: 'NOFIRNO', classExceptions: ['H_CLASS'] },
      { transitTypeId: 'NOFIRNO/CER', classExceptions: [] },
      { transitTypeId: 'NOFIRNO/RISE', classExceptions: ['H_CLASS'] },
    ],
    classes: itemClasses([
      ['WATERTIGHT', 60, WATER],
      ['FIRE_RATED', 120, FIRE],
      ['H_CLASS', 200, ['NOFIRNO_SEALANT', 'RISE_SEALANT']],
      ['A_60_CLASS', 120, FIRE],
      ['A_CLASS', 100, FIRE],
      ['A_0_CLASS', 60, FIRE],
    ]),
  },
];

// SAMPLE: cable sleeve ranges (cableMin < OD <= cableMax, spec §9), outer diameters and article numbers. Cables above
// 63 mm get no sleeve; they are wrapped instead (spec §9 wrap).
const CABLE_SLEEVE_SIZES: readonly [cableMinMm: number, cableMaxMm: number, outerDiameterMm: number][] = [
  [0, 5, 10],
  [5, 10, 16],
  [10, 15, 22],
  [15, 20, 28],
  [20, 27, 36],
  [27, 34, 44],
  [34, 42, 52],
  [42, 52, 63],
  [52, 63, 75],
];

const CABLE_SLEEVE_PREFIX: Partial<Record<TransitTypeId, string>> = {
  NOFIRNO: 'NF',
  'NOFIRNO/CER': 'NFC',
  'NOFIRNO/RISE': 'NFR',
};

const cableSleeves: CatalogueCableSleeve[] = Object.entries(CABLE_SLEEVE_PREFIX).flatMap(
  ([transitTypeId, prefix]) =>
    CABLE_SLEEVE_SIZES.map(([cableMinMm, cableMaxMm, outerDiameterMm]) => {
      const articleNumber = `${prefix}-CS-${String(outerDiameterMm).padStart(3, '0')}`;
      return {
        id: articleNumber,
        transitTypeId: transitTypeId as TransitTypeId,
        cableMinMm,
        cableMaxMm,
        outerDiameterMm,
        articleNumber,
      };
    }),
);

// ASME B36.10M (research/catalogue.md): NPS, DN, outside diameter and Schedule 40 wall, both in inches, as the
// standard defines them. Public figures. Stored in mm as inches × 25.4 exactly (ADR 010): rounded millimetres
// (60.3 for 2.375 in) would show as 2.374 in.
const ASME_PIPES: readonly [nps: string, dn: number, odIn: number, sch40WallIn: number][] = [
  ['1/8', 6, 0.405, 0.068],
  ['1/4', 8, 0.54, 0.088],
  ['3/8', 10, 0.675, 0.091],
  ['1/2', 15, 0.84, 0.109],
  ['3/4', 20, 1.05, 0.113],
  ['1', 25, 1.315, 0.133],
  ['1 1/4', 32, 1.66, 0.14],
  ['1 1/2', 40, 1.9, 0.145],
  ['2', 50, 2.375, 0.154],
  ['2 1/2', 65, 2.875, 0.203],
  ['3', 80, 3.5, 0.216],
  ['3 1/2', 90, 4, 0.226],
  ['4', 100, 4.5, 0.237],
  ['5', 125, 5.563, 0.258],
  ['6', 150, 6.625, 0.28],
  ['8', 200, 8.625, 0.322],
  ['10', 250, 10.75, 0.365],
  ['12', 300, 12.75, 0.406],
  ['14', 350, 14, 0.438],
  ['16', 400, 16, 0.5],
];

/** The inch is defined as exactly 25.4 mm: 254 mm per 10 in. */
const MM_PER_TEN_INCHES = 254;
const THOUSANDTHS = 1000;

/**
 * Inches (at most 3 decimals, as the standard gives them) to mm, exactly: in whole thousandths of an inch times
 * 254 / 10 000, so the float is the nearest to the exact decimal (2.875 in -> 73.025, not 73.02499999999999).
 */
export function inchesToMm(inches: number): number {
  return (Math.round(inches * THOUSANDTHS) * MM_PER_TEN_INCHES) / (THOUSANDTHS * 10);
}

// ISO 161-1 nominal outside diameters of plastic pipes (public).
const ISO_PLASTIC_PIPES_MM: readonly number[] = [
  16, 20, 25, 32, 40, 50, 63, 75, 90, 110, 125, 140, 160, 180, 200, 225, 250, 280, 315, 355, 400,
];

/** SAMPLE: crusher plug wall thickness around a plastic pipe (grows with the pipe). */
function crusherWallMm(pipeDiameterMm: number): number {
  if (pipeDiameterMm <= 50) return 8;
  if (pipeDiameterMm <= 125) return 12;
  if (pipeDiameterMm <= 250) return 16;
  return 20;
}

const steelPipes: CatalogueCrusher[] = ASME_PIPES.map(([nps, dn, odIn, wallIn]) => ({
  id: `PIPE-DN${dn}`,
  name: `${nps}" (DN${dn})`,
  itemTypeId: 'PIPE',
  pipeNominalSize: nps,
  pipeDiameterMm: inchesToMm(odIn),
  // Schedule 40 inside diameter, exact from the inch figures (2": 2.375 − 2 × 0.154 = 2.067 in = 52.5018 mm).
  insideDiameterMm: inchesToMm(odIn - 2 * wallIn),
  outerDiameterMm: inchesToMm(odIn),
  articleNumber: null,
}));

const plasticPipeCrushers: CatalogueCrusher[] = ISO_PLASTIC_PIPES_MM.map((dMm) => ({
  id: `CRUSHER-D${dMm}`,
  name: `d${dMm} crusher`,
  itemTypeId: 'PIPE_PLASTIC',
  pipeNominalSize: String(dMm),
  pipeDiameterMm: dMm,
  insideDiameterMm: null,
  outerDiameterMm: dMm + 2 * crusherWallMm(dMm),
  articleNumber: `CP-${String(dMm).padStart(3, '0')}`,
}));

/**
 * ADR 020: standard opening sizes (round core-drill and sleeve diameters; rectangular frames, sharp corners),
 * our choice of sensible sizes, not the maker's figures. The migration `standard_openings_seed` fills the table with
 * exactly these rows (the catalogue test compares them).
 */
export const standardOpenings: StandardOpening[] = [
  ...[100, 125, 150, 160, 200, 250, 300, 350, 400, 450, 500, 600].map((d): StandardOpening => ({
    id: `R${d}`,
    shape: 'ROUND',
    diameterMm: d,
  })),
  ...(
    [
      [100, 100],
      [150, 100],
      [150, 150],
      [200, 100],
      [200, 150],
      [200, 200],
      [250, 250],
      [300, 150],
      [300, 200],
      [300, 300],
      [400, 200],
      [400, 300],
      [400, 400],
      [500, 300],
      [600, 300],
      [600, 400],
      [800, 400],
    ] as const
  ).map(([w, h]): StandardOpening => ({
    id: `Q${w}x${h}`,
    shape: 'RECTANGLE',
    widthMm: w,
    heightMm: h,
    cornerRadiusMm: 0,
  })),
];

/** The sample catalogue (spec §3 reference data). Crushers sorted by pipe diameter (spec §9). */
export const sampleCatalogue: Catalogue = {
  itemTypes,
  transitTypes,
  classes,
  sealants,
  cableSleeves,
  crushers: [...steelPipes, ...plasticPipeCrushers].sort(
    (a, b) => a.pipeDiameterMm - b.pipeDiameterMm || a.itemTypeId.localeCompare(b.itemTypeId),
  ),
  clearance: DEFAULT_CLEARANCE_TABLE.map((entry) => ({ ...entry })),
  standardOpenings,
  isSample: true,
};
