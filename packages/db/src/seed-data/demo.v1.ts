// Demo data (SEED_DEMO=true): a realistic small portfolio so a newcomer sees the product at once. Transits cover
// every shape, transit type and penetrating item type; every combination is allowed by the catalogue seed (its
// classes, sealants and minimum depths). Lengths in mm. Items name a predefined pipe size (crusherId) or an outer
// diameter. Results are not here: the server computes them when the seed saves each transit.

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
    description: 'A-60 and H-class penetrations on deck 3 and the engine room bulkhead.',
    transits: [
      {
        name: 'Engine room bulkhead - cables',
        shape: 'ROUND',
        diameterMm: 250,
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
        name: 'Cable tray pass-through',
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
        comments: 'Power cable above 63 mm is wrapped.',
        items: [
          { quantity: 20, outerDiameterMm: 14 },
          { quantity: 10, outerDiameterMm: 25 },
          { quantity: 4, outerDiameterMm: 50 },
          { quantity: 1, outerDiameterMm: 70 },
        ],
      },
      {
        name: 'Fire main penetration',
        shape: 'ROUND',
        diameterMm: 350,
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
        name: 'Riser - RISE ULTRA single pipe',
        shape: 'ROUND',
        penetratingItemTypeId: 'PIPE',
        transitTypeId: 'RISE_ULTRA',
        classId: 'A_60_CLASS',
        sealantType: 'NOFIRNO_SEALANT',
        sealantDepth: 'SINGLE',
        crusherPipeConfiguration: 'SINGLE',
        singleCrusherPipeId: 'PIPE-DN150',
        depthMm: 150,
        items: [{ quantity: 1, crusherId: 'PIPE-DN80' }],
      },
    ],
  },
  {
    name: 'Harbour pump station',
    customer: 'Fjordline Utilities',
    industryId: 'ON_SHORE',
    description: 'Watertight wall penetrations of the pump room and the chemical dosing room.',
    transits: [
      {
        name: 'Pump room wall - plastic drains',
        shape: 'ROUND',
        diameterMm: 300,
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
        name: 'Chemical dosing lines',
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
        name: 'Control cabinet feed',
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
        name: 'Trial opening - too small',
        shape: 'ROUND',
        diameterMm: 150,
        sparePercent: 20,
        penetratingItemTypeId: 'CABLE',
        transitTypeId: 'NOFIRNO/RISE',
        classId: 'FIRE_RATED',
        sealantType: 'NOFIRNO_SEALANT',
        sealantDepth: 'DOUBLE',
        depthMm: 120,
        comments: 'Overfilled on purpose: shows the red fill bar and the error banner.',
        items: [{ quantity: 4, outerDiameterMm: 75 }],
      },
    ],
  },
  {
    name: 'Coastal ferry - engine room',
    customer: 'North Sea Yards',
    industryId: 'OFF_SHORE',
    description: 'Steam and sanitary lines through the engine room bulkheads.',
    transits: [
      {
        name: 'Steam pipe bulkhead',
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
        name: 'RISE ULTRA - several pipes',
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
        name: 'Sanitary lines - mixed plastic',
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
        name: 'Spare cable transit (two copies)',
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
        items: [{ quantity: 2, outerDiameterMm: 16 }],
      },
    ],
  },
];
