// Demo data (SEED_DEMO=true): a realistic small portfolio so a newcomer sees the product at once. Transits cover
// every shape, transit type and penetrating item type; every combination is allowed by the catalogue seed (its
// classes, sealants and minimum depths). Lengths in mm. Items name a predefined pipe size (crusherId) or an outer
// diameter. Results are not here: the server computes them when the seed saves each transit.
// Names, descriptions and notes end up in the material lists a user sends to customers, so they are written as a
// marine/offshore contractor writes its own: tag numbers, locations, site instructions.

export interface DemoItem {
  quantity: number;
  crusherId?: string;
  outerDiameterMm?: number;
}

export interface DemoTransit {
  name: string;
  shape: 'ROUND' | 'RECTANGLE';
  diameterMm?: number;
  widthMm?: number;
  heightMm?: number;
  radiusMm?: number;
  copies?: number;
  sparePercent?: number;
  penetratingItemTypeId: 'PIPE_PLASTIC' | 'PIPE' | 'CABLE';
  transitTypeId: 'NOFIRNO' | 'NOFIRNO/CER' | 'NOFIRNO/RISE' | 'RISE_ULTRA';
  classId: 'WATERTIGHT' | 'FIRE_RATED' | 'H_CLASS' | 'A_60_CLASS' | 'A_CLASS' | 'A_0_CLASS';
  sealantType: string;
  sealantDepth: 'SINGLE' | 'DOUBLE';
  crusherPipeConfiguration?: 'SINGLE' | 'MULTIPLE';
  singleCrusherPipeId?: string;
  depthMm: number;
  comments?: string;
  items: DemoItem[];
}

export interface DemoProject {
  name: string;
  customer: string;
  industryId: 'ON_SHORE' | 'OFF_SHORE';
  description: string;
  transits: DemoTransit[];
}

export const DEMO_ORGANIZATION_NAME = 'Demo Marine & Offshore';
export const DEMO_USER_EMAIL = 'demo@sealplan.local';

export const demoCustomers = [
  {
    name: 'North Sea Yards',
    industryId: 'OFF_SHORE',
    contactFirstName: 'Ingrid',
    contactLastName: 'Hansen',
    contactPhone: '+47 55 12 34 56',
    contactEmail: 'ingrid.hansen@northsea-yards.example',
  },
  {
    name: 'Fjordline Utilities',
    industryId: 'ON_SHORE',
    contactFirstName: 'Lars',
    contactLastName: 'Berg',
    contactPhone: '+47 (22) 98-76-54',
    contactEmail: 'lars.berg@fjordline-utilities.example',
  },
] as const;

export const demoProjects: DemoProject[] = [
  {
    name: 'FPSO Aurora - deck 3 refit',
    customer: 'North Sea Yards',
    industryId: 'OFF_SHORE',
    description:
      'A-60 and H-class cable and pipe transits on deck 3 and the engine room forward bulkhead, per the yard penetration plan rev. C.',
    transits: [
      {
        name: 'MCT-301 Engine room bulkhead, cables',
        shape: 'ROUND',
        diameterMm: 250,
        comments:
          'Frame 42, port side. Pull all cables before sealing; keep the spare capacity on the upper side.',
        penetratingItemTypeId: 'CABLE',
        transitTypeId: 'NOFIRNO',
        classId: 'A_60_CLASS',
        sealantType: 'NOFIRNO_SEALANT',
        sealantDepth: 'DOUBLE',
        depthMm: 150,
        items: [
          { quantity: 12, outerDiameterMm: 12 },
          { quantity: 6, outerDiameterMm: 22 },
          { quantity: 2, outerDiameterMm: 40 },
        ],
      },
      {
        name: 'MCT-302 Cable tray, deck 3 corridor',
        shape: 'RECTANGLE',
        widthMm: 400,
        heightMm: 200,
        radiusMm: 20,
        penetratingItemTypeId: 'CABLE',
        transitTypeId: 'NOFIRNO/CER',
        classId: 'H_CLASS',
        sealantType: 'RISE_SEALANT',
        sealantDepth: 'DOUBLE',
        depthMm: 200,
        comments: 'Wrap the 70 mm power feeder (4 turns) before packing. Seal from the corridor side.',
        items: [
          { quantity: 20, outerDiameterMm: 14 },
          { quantity: 10, outerDiameterMm: 25 },
          { quantity: 4, outerDiameterMm: 50 },
          { quantity: 1, outerDiameterMm: 70 },
        ],
      },
      {
        name: 'PT-303 Fire main, DN100 and 2 × DN50',
        shape: 'ROUND',
        diameterMm: 350,
        comments: 'Hot work permit needed for the sleeve; fire watch on both sides of the bulkhead.',
        penetratingItemTypeId: 'PIPE',
        transitTypeId: 'NOFIRNO',
        classId: 'A_60_CLASS',
        sealantType: 'NOFIRNO_SEALANT',
        sealantDepth: 'DOUBLE',
        depthMm: 150,
        items: [
          { quantity: 1, crusherId: 'PIPE-DN100' },
          { quantity: 2, crusherId: 'PIPE-DN50' },
        ],
      },
      {
        name: 'RU-304 Pump platform riser, DN150',
        shape: 'ROUND',
        penetratingItemTypeId: 'PIPE',
        transitTypeId: 'RISE_ULTRA',
        classId: 'A_60_CLASS',
        sealantType: 'NOFIRNO_SEALANT',
        sealantDepth: 'SINGLE',
        crusherPipeConfiguration: 'SINGLE',
        singleCrusherPipeId: 'PIPE-DN150',
        depthMm: 150,
        comments: 'Sleeve welded in by the yard; seal after the hydrotest of the riser.',
        items: [{ quantity: 1, crusherId: 'PIPE-DN80' }],
      },
    ],
  },
  {
    name: 'Harbour pump station - wall penetrations',
    customer: 'Fjordline Utilities',
    industryId: 'ON_SHORE',
    description: 'Watertight penetrations in the pump room and chemical dosing room walls, ground floor.',
    transits: [
      {
        name: 'WP-01 Pump room wall, drains',
        shape: 'ROUND',
        diameterMm: 300,
        comments: 'Below flood level. Water test the transit after the sealant has cured.',
        penetratingItemTypeId: 'PIPE_PLASTIC',
        transitTypeId: 'NOFIRNO',
        classId: 'WATERTIGHT',
        sealantType: 'WATERTIGHT_SEALANT',
        sealantDepth: 'DOUBLE',
        depthMm: 60,
        items: [
          { quantity: 1, crusherId: 'CRUSHER-D110' },
          { quantity: 2, crusherId: 'CRUSHER-D50' },
        ],
      },
      {
        name: 'WP-02 Chemical dosing lines',
        shape: 'RECTANGLE',
        widthMm: 300,
        heightMm: 300,
        penetratingItemTypeId: 'PIPE_PLASTIC',
        transitTypeId: 'NOFIRNO/RISE',
        classId: 'A_0_CLASS',
        sealantType: 'NOFIRNO_SEALANT',
        sealantDepth: 'DOUBLE',
        depthMm: 100,
        items: [
          { quantity: 4, crusherId: 'CRUSHER-D32' },
          { quantity: 2, crusherId: 'CRUSHER-D63' },
        ],
      },
      {
        name: 'WP-03 Control cabinet feed',
        shape: 'ROUND',
        diameterMm: 120,
        penetratingItemTypeId: 'CABLE',
        transitTypeId: 'NOFIRNO',
        classId: 'WATERTIGHT',
        sealantType: 'WATERTIGHT_SEALANT',
        sealantDepth: 'DOUBLE',
        depthMm: 60,
        items: [{ quantity: 8, outerDiameterMm: 10 }],
      },
      {
        name: 'WP-04 Dosing room feeders',
        shape: 'ROUND',
        diameterMm: 150,
        sparePercent: 20,
        penetratingItemTypeId: 'CABLE',
        transitTypeId: 'NOFIRNO/RISE',
        classId: 'FIRE_RATED',
        sealantType: 'NOFIRNO_SEALANT',
        sealantDepth: 'DOUBLE',
        depthMm: 120,
        comments:
          'Site survey: the existing Ø 150 mm core hole cannot take the four 75 mm feeders. Core-drill a larger ' +
          'opening or split the feeders over two transits; awaiting the client’s decision before ordering.',
        items: [{ quantity: 4, outerDiameterMm: 75 }],
      },
    ],
  },
  {
    name: 'Coastal ferry - engine room',
    customer: 'North Sea Yards',
    industryId: 'OFF_SHORE',
    description:
      'Steam and sanitary lines through the engine room bulkheads, installed during the dry-dock period.',
    transits: [
      {
        name: 'ER-11 Steam line bulkhead',
        comments: 'Strip the pipe insulation 300 mm each side before installing the crushers.',
        shape: 'RECTANGLE',
        widthMm: 600,
        heightMm: 350,
        radiusMm: 25,
        penetratingItemTypeId: 'PIPE',
        transitTypeId: 'NOFIRNO/RISE',
        classId: 'A_CLASS',
        sealantType: 'NOFIRNO_SEALANT',
        sealantDepth: 'DOUBLE',
        depthMm: 100,
        items: [
          { quantity: 1, crusherId: 'PIPE-DN150' },
          { quantity: 2, crusherId: 'PIPE-DN65' },
          { quantity: 3, crusherId: 'PIPE-DN25' },
        ],
      },
      {
        name: 'ER-12 Bilge and ballast pipe group',
        shape: 'RECTANGLE',
        widthMm: 400,
        heightMm: 250,
        penetratingItemTypeId: 'PIPE',
        transitTypeId: 'RISE_ULTRA',
        classId: 'H_CLASS',
        sealantType: 'RISE_SEALANT',
        sealantDepth: 'DOUBLE',
        crusherPipeConfiguration: 'MULTIPLE',
        depthMm: 200,
        items: [
          { quantity: 3, crusherId: 'PIPE-DN50' },
          { quantity: 2, crusherId: 'PIPE-DN32' },
        ],
      },
      {
        name: 'ER-13 Sanitary lines',
        shape: 'ROUND',
        diameterMm: 350,
        penetratingItemTypeId: 'PIPE_PLASTIC',
        transitTypeId: 'NOFIRNO',
        classId: 'A_CLASS',
        sealantType: 'NOFIRNO_SEALANT',
        sealantDepth: 'DOUBLE',
        depthMm: 150,
        items: [
          { quantity: 1, crusherId: 'CRUSHER-D160' },
          { quantity: 2, outerDiameterMm: 40 },
        ],
      },
      {
        name: 'ER-14 Spare cable transit, PS and SB',
        shape: 'ROUND',
        diameterMm: 200,
        copies: 2,
        sparePercent: 25,
        penetratingItemTypeId: 'CABLE',
        transitTypeId: 'NOFIRNO/CER',
        classId: 'A_0_CLASS',
        sealantType: 'NOFIRNO_SEALANT',
        sealantDepth: 'DOUBLE',
        depthMm: 60,
        comments: 'One transit each side (port and starboard), kept free for the future navigation cables.',
        items: [{ quantity: 2, outerDiameterMm: 16 }],
      },
    ],
  },
];
