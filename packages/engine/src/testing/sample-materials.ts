// Materials of one transit for the material-list tests (engine and screen), worked by hand.
import type { CableSleeveMaterial, CrusherMaterial, Materials } from '../materials';

/**
 * One cable of 70 mm (above the 63 mm wrap threshold), wrapped 4 turns: π × 70 × 4 = 879.646 mm = 34.632 in, one
 * roll of 1000 mm (39.370 in). 393 ml of sealant in two 310 ml cartridges; 35 filler sleeves of Ø 20 × 150 mm
 * (4 bundles).
 */
export const sampleMaterials: Materials = {
  fillerSleeves: { type: 'NOFIRNO filler sleeve', diameterMm: 20, lengthMm: 150, count: 35, bundles: 4 },
  sealant: {
    sealantId: 'NOFIRNO_SEALANT',
    sealantName: 'NOFIRNO sealant',
    volumeMl: 393,
    cartridges: 2,
    cartridgeSizeMl: 310,
    usableCartridgeSizeMl: 290,
  },
  cableSleeves: [],
  crushers: [],
  wrap: { lengthMm: Math.PI * 70 * 4, rolls: 1 },
};

/** A transit with nothing to order: the base a test adds the one material line it looks at to. */
export const noMaterials: Materials = {
  fillerSleeves: { type: null, diameterMm: null, lengthMm: 0, count: 0, bundles: 0 },
  sealant: {
    sealantId: null,
    sealantName: null,
    volumeMl: 0,
    cartridges: 0,
    cartridgeSizeMl: null,
    usableCartridgeSizeMl: null,
  },
  cableSleeves: [],
  crushers: [],
  wrap: { lengthMm: 0, rolls: 0 },
};

/** Three cable sleeves of one article to order, and a sleeve and a crusher with nothing to order (count 0). */
export const sampleSleevesAndCrushers: { cableSleeves: CableSleeveMaterial[]; crushers: CrusherMaterial[] } =
  {
    cableSleeves: [
      {
        cableSleeveId: 'S28',
        articleNumber: 'NCS 28',
        outerDiameterMm: 28,
        cableMinMm: 10,
        cableMaxMm: 20,
        count: 3,
      },
      {
        cableSleeveId: 'S40',
        articleNumber: 'NCS 40',
        outerDiameterMm: 40,
        cableMinMm: 20,
        cableMaxMm: 32,
        count: 0,
      },
    ],
    crushers: [
      {
        crusherId: 'C50',
        name: 'Crusher 50',
        articleNumber: 'NC 50',
        pipeNominalSize: '1 1/2"',
        pipeDiameterMm: 48.3,
        outerDiameterMm: 60,
        count: 0,
      },
    ],
  };
