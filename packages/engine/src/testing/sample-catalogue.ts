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
  { id: 'WATERTIGHT', name: 'Watertight' },
  { id: 'FIRE_RATED', name: 'Fire Rated' },
  { id: 'H_CLASS', name: 'H Class' },
  { id: 'A_60_CLASS', name: 'A-60 Class' },
  { id: 'A_CLASS', name: 'A Class' },
  { id: 'A_0_CLASS', name: 'A-0 Class' },
];

// SAMPLE: sealant names other than "NOFIRNO sealant" are placeholders.
const sealants: CatalogueSealant[] = [
  { id: 'NOFIRNO_SEALANT', name: 'NOFIRNO sealant' },
  { id: 'RISE_SEALANT', name: 'RISE sealant' },
  { id: 'WATERTIGHT_SEALANT', name: 'Watertight sealant' },
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

// ASME B36.10M (research/catalogue.md): NPS, DN, OD mm, Schedule 40 wall mm. Public figures.
const ASME_PIPES: readonly [nps: string, dn: number, odMm: number, sch40WallMm: number][] = [
  ['1/8', 6, 10.3, 1.73],
  ['1/4', 8, 13.7, 2.24],
  ['3/8', 10, 17.1, 2.31],
  ['1/2', 15, 21.3, 2.77],
  ['3/4', 20, 26.7, 2.87],
  ['1', 25, 33.4, 3.38],
  ['1 1/4', 32, 42.2, 3.56],
  ['1 1/2', 40, 48.3, 3.68],
  ['2', 50, 60.3, 3.91],
  ['2 1/2', 65, 73.0, 5.16],
  ['3', 80, 88.9, 5.49],
  ['3 1/2', 90, 101.6, 5.74],
  ['4', 100, 114.3, 6.02],
  ['5', 125, 141.3, 6.55],
  ['6', 150, 168.3, 7.11],
  ['8', 200, 219.1, 8.18],
  ['10', 250, 273.1, 9.27],
  ['12', 300, 323.9, 10.31],
  ['14', 350, 355.6, 11.13],
  ['16', 400, 406.4, 12.7],
];

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

/** Two decimals, for inside diameters computed from OD and wall (e.g. 60.3 − 2 × 3.91 = 52.48). */
function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

const steelPipes: CatalogueCrusher[] = ASME_PIPES.map(([nps, dn, odMm, wallMm]) => ({
  id: `PIPE-DN${dn}`,
  name: `${nps}" (DN${dn})`,
  itemTypeId: 'PIPE',
  pipeNominalSize: nps,
  pipeDiameterMm: odMm,
  insideDiameterMm: round2(odMm - 2 * wallMm),
  outerDiameterMm: odMm,
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
  isSample: true,
};
