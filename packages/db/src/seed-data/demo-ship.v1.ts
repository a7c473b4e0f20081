// The large demo project (SEED_DEMO=true, ADR 038): a platform supply vessel's newbuild penetration schedule of 500
// transits, engine room to wheelhouse, each placed in the project's location tree (deck → space, ADR 031). A yard
// writes such a schedule from a few standard designs per space, repeated frame by frame with the cable count of
// each run: so does this file, by rule, not by listing 500 entries. Openings are the contractor's standard sizes
// chosen for the items' area with room to spare; whether each one fits is the engine's verdict when the seed saves
// it. Lengths in mm.

import type { DemoItem, DemoProject, DemoTransit } from './demo.v1';

/** How many transits the large demo project has. */
export const DEMO_SHIP_TRANSITS = 500;

/** A transit of the large project, with where it sits: the path of its location, from the deck down. */
export type DemoShipTransit = DemoTransit & { location: readonly [string, string] };

export type DemoShipProject = Omit<DemoProject, 'transits'> & { transits: DemoShipTransit[] };

type Design = Omit<DemoTransit, 'name' | 'items' | 'diameterMm' | 'widthMm' | 'heightMm'> & {
  /** The tag's letters, e.g. MCT. */
  tag: string;
  /** What the transit carries, after the frame, e.g. 'cables'. */
  carries: string;
  items: (run: number) => DemoItem[];
};

/** Spaces of the ship, deck first, with how many transits each has and the designs used there in turn. */
interface Space {
  deck: string;
  /** The deck's digit in the transit tags (MCT-301 is on deck 3). */
  deckNo: number;
  space: string;
  count: number;
  /** The first frame number of the space's bulkheads. */
  frame: number;
  designs: Design[];
}

/** Each design comes in three runs (light, medium, heavy), as a yard's standard designs do. */
const RUNS = 3;

const cableRun =
  (small: number, medium: number, large: number) =>
  (run: number): DemoItem[] => {
    const v = run % RUNS;
    return [
      { quantity: small + 2 * v, outerDiameterMm: 12 },
      { quantity: medium + v, outerDiameterMm: 18 + 4 * v },
      { quantity: large + (v === 2 ? 1 : 0), outerDiameterMm: 32 },
    ].filter((item) => item.quantity > 0);
  };

const A60_CABLES: Design = {
  tag: 'MCT',
  carries: 'cables',
  shape: 'ROUND',
  penetratingItemTypeId: 'CABLE',
  transitTypeId: 'NOFIRNO',
  classId: 'A_60_CLASS',
  sealantType: 'NOFIRNO_SEALANT',
  sealantDepth: 'DOUBLE',
  depthMm: 150,
  items: cableRun(6, 3, 1),
};

const H_CABLE_TRAY: Design = {
  tag: 'CT',
  carries: 'cable tray',
  shape: 'RECTANGLE',
  radiusMm: 20,
  penetratingItemTypeId: 'CABLE',
  transitTypeId: 'NOFIRNO/CER',
  classId: 'H_CLASS',
  sealantType: 'RISE_SEALANT',
  sealantDepth: 'DOUBLE',
  depthMm: 200,
  items: (run) => [
    ...cableRun(14, 8, 2)(run),
    ...(run % RUNS === 2 ? [{ quantity: 1, outerDiameterMm: 70 }] : []),
  ],
};

const A0_CABLES: Design = {
  tag: 'RT',
  carries: 'cables',
  shape: 'ROUND',
  sparePercent: 20,
  penetratingItemTypeId: 'CABLE',
  transitTypeId: 'NOFIRNO/CER',
  classId: 'A_0_CLASS',
  sealantType: 'NOFIRNO_SEALANT',
  sealantDepth: 'DOUBLE',
  depthMm: 60,
  items: cableRun(2, 1, 0),
};

const PIPES = ['PIPE-DN25', 'PIPE-DN32', 'PIPE-DN50', 'PIPE-DN65', 'PIPE-DN80', 'PIPE-DN100'];

const A60_PIPES: Design = {
  tag: 'PT',
  carries: 'pipe group',
  shape: 'ROUND',
  penetratingItemTypeId: 'PIPE',
  transitTypeId: 'NOFIRNO',
  classId: 'A_60_CLASS',
  sealantType: 'NOFIRNO_SEALANT',
  sealantDepth: 'DOUBLE',
  depthMm: 150,
  items: (run) => [
    { quantity: 1, crusherId: PIPES[3 + (run % RUNS)]! },
    { quantity: 1 + (run % RUNS), crusherId: PIPES[run % RUNS]! },
  ],
};

const A_PIPE_RACK: Design = {
  tag: 'PT',
  carries: 'pipe rack',
  shape: 'RECTANGLE',
  radiusMm: 25,
  penetratingItemTypeId: 'PIPE',
  transitTypeId: 'NOFIRNO/RISE',
  classId: 'A_CLASS',
  sealantType: 'NOFIRNO_SEALANT',
  sealantDepth: 'DOUBLE',
  depthMm: 100,
  items: (run) => [
    { quantity: 1 + (run % RUNS === 2 ? 1 : 0), crusherId: PIPES[4 + (run % 2)]! },
    { quantity: 2, crusherId: PIPES[2]! },
    { quantity: 1 + (run % RUNS), crusherId: PIPES[0]! },
  ],
};

const PLASTIC = ['CRUSHER-D32', 'CRUSHER-D50', 'CRUSHER-D63', 'CRUSHER-D110'];

const SANITARY: Design = {
  tag: 'PP',
  carries: 'sanitary lines',
  shape: 'ROUND',
  penetratingItemTypeId: 'PIPE_PLASTIC',
  transitTypeId: 'NOFIRNO',
  classId: 'A_CLASS',
  sealantType: 'NOFIRNO_SEALANT',
  sealantDepth: 'DOUBLE',
  depthMm: 150,
  items: (run) => [
    { quantity: 1, crusherId: PLASTIC[2 + (run % RUNS === 2 ? 1 : 0)]! },
    { quantity: 1 + (run % RUNS), crusherId: PLASTIC[run % 2]! },
  ],
};

const SPACES: Space[] = [
  {
    deck: 'Tank top',
    deckNo: 1,
    space: 'Engine room',
    count: 90,
    frame: 12,
    designs: [A60_PIPES, A60_CABLES, A_PIPE_RACK],
  },
  {
    deck: 'Deck 2',
    deckNo: 2,
    space: 'Engine room',
    count: 80,
    frame: 12,
    designs: [A60_CABLES, A_PIPE_RACK, H_CABLE_TRAY],
  },
  {
    deck: 'Deck 2',
    deckNo: 2,
    space: 'Switchboard room',
    count: 50,
    frame: 30,
    designs: [H_CABLE_TRAY, A60_CABLES],
  },
  { deck: 'Deck 2', deckNo: 2, space: 'Workshop', count: 20, frame: 8, designs: [A0_CABLES, A60_PIPES] },
  {
    deck: 'Deck 3',
    deckNo: 3,
    space: 'Engine casing',
    count: 50,
    frame: 18,
    designs: [A60_CABLES, A60_PIPES],
  },
  {
    deck: 'Deck 3',
    deckNo: 3,
    space: 'Purifier room',
    count: 30,
    frame: 24,
    designs: [A60_PIPES, A0_CABLES],
  },
  {
    deck: 'Deck 4',
    deckNo: 4,
    space: 'Accommodation',
    count: 60,
    frame: 40,
    designs: [A0_CABLES, SANITARY, A60_CABLES],
  },
  { deck: 'Deck 5', deckNo: 5, space: 'Accommodation', count: 60, frame: 40, designs: [A0_CABLES, SANITARY] },
  { deck: 'Deck 6', deckNo: 6, space: 'Accommodation', count: 40, frame: 42, designs: [A0_CABLES, SANITARY] },
  {
    deck: 'Bridge deck',
    deckNo: 7,
    space: 'Wheelhouse',
    count: 20,
    frame: 46,
    designs: [A0_CABLES, H_CABLE_TRAY],
  },
];

/** The contractor's standard core-drilled and framed sizes. */
const ROUND_MM = [100, 125, 150, 200, 250, 300, 350, 400];
const FRAMES_MM: [number, number][] = [
  [200, 100],
  [300, 150],
  [400, 200],
  [400, 300],
  [600, 300],
  [600, 400],
];
/**
 * Items' share of the opening a designer aims at before the engine checks the packing: pipes need their clearance
 * and crushers around them, so their openings are chosen larger.
 */
const AIMED_FILL = { CABLE: 0.3, PIPE: 0.2, PIPE_PLASTIC: 0.2 } as const;
/** Nominal outer diameters of the pipe sizes named above, for choosing the opening (the engine uses the catalogue's). */
const NOMINAL_OD_MM: Record<string, number> = {
  'PIPE-DN25': 34,
  'PIPE-DN32': 42,
  'PIPE-DN50': 60,
  'PIPE-DN65': 76,
  'PIPE-DN80': 89,
  'PIPE-DN100': 114,
  'CRUSHER-D32': 32,
  'CRUSHER-D50': 50,
  'CRUSHER-D63': 63,
  'CRUSHER-D110': 110,
};

function opening(design: Design, items: DemoItem[]) {
  const areaMm2 = items.reduce((sum, item) => {
    const d = item.outerDiameterMm ?? NOMINAL_OD_MM[item.crusherId ?? ''] ?? 50;
    return sum + item.quantity * (Math.PI / 4) * d * d;
  }, 0);
  const needMm2 = areaMm2 / AIMED_FILL[design.penetratingItemTypeId];
  if (design.shape === 'ROUND') {
    const d = ROUND_MM.find((x) => (Math.PI / 4) * x * x >= needMm2) ?? ROUND_MM[ROUND_MM.length - 1]!;
    return { diameterMm: d };
  }
  const [w, h] = FRAMES_MM.find(([fw, fh]) => fw * fh >= needMm2) ?? FRAMES_MM[FRAMES_MM.length - 1]!;
  return { widthMm: w, heightMm: h };
}

/** `numbers`: the last number given per deck and tag (tags are numbered per deck, across its spaces). */
function transitsOf(space: Space, numbers: Map<string, number>): DemoShipTransit[] {
  return Array.from({ length: space.count }, (_, i) => {
    const design = space.designs[i % space.designs.length]!;
    const { tag, carries, items: itemsOf, ...fields } = design;
    const key = `${space.deckNo}:${tag}`;
    const n = (numbers.get(key) ?? 0) + 1;
    numbers.set(key, n);
    // The how-manieth use of this design in the space picks its run.
    const items = itemsOf(Math.floor(i / space.designs.length));
    // Two bulkheads a frame, port and starboard, counted aft to fore.
    const frame = space.frame + Math.floor(i / 2);
    const side = i % 2 === 0 ? 'PS' : 'SB';
    return {
      ...fields,
      name: `${tag}-${space.deckNo}${String(n).padStart(2, '0')} Fr. ${frame} ${side}, ${carries}`,
      ...opening(design, items),
      items,
      location: [space.deck, space.space] as const,
    };
  });
}

export const demoShipProject: DemoShipProject = {
  name: 'PSV Nordkapp - newbuild 1147 penetrations',
  customer: 'North Sea Yards',
  industryId: 'OFF_SHORE',
  description:
    'Platform supply vessel, hull 1147: every cable and pipe transit from the tank top to the wheelhouse, ' +
    'per the yard penetration schedule rev. F, grouped by deck and space.',
  transits: ((numbers: Map<string, number>) => SPACES.flatMap((space) => transitsOf(space, numbers)))(
    new Map(),
  ),
};
