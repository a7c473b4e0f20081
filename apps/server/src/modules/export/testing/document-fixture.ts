import { TRANSIT_STATUS_TEXT } from '@sealplan/engine';
import type { ExportDocument, ExportTransit } from '../export.model';

/** A hand-made document for the builder tests (the API tests use real engine figures from the database). */
export function documentFixture(overrides: Partial<ExportDocument> = {}): ExportDocument {
  const round: ExportTransit = {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'T-101 Engine room bulkhead',
    copies: 2,
    facts: [
      { label: 'Opening', value: 'Round, Ø 200 mm' },
      { label: 'Penetrating items', value: 'Cable' },
      { label: 'Transit type', value: 'NOFIRNO' },
      { label: 'Class', value: 'A-60 Class' },
      { label: 'Depth', value: '150 mm' },
      { label: 'Sealant', value: 'Nofirno sealant, double' },
      { label: 'Copies', value: '2' },
    ],
    fill: [
      { label: 'Transit area', value: '314.16 cm²' },
      { label: 'Items area', value: '98.17 cm²' },
      { label: 'Fill', value: '31.2 %' },
      { label: 'Fill limit', value: '80.0 %' },
      { label: 'Status', value: TRANSIT_STATUS_TEXT.FITS },
    ],
    fits: true,
    status: TRANSIT_STATUS_TEXT.FITS,
    drawing: {
      opening: { shape: 'ROUND', diameterMm: 200 },
      circles: [
        { number: 1, xMm: -40, yMm: 0, rMm: 25, kind: 'CABLE' },
        { number: 2, xMm: 30, yMm: -30, rMm: 30, kind: 'PIPE' },
        { number: 3, xMm: 35, yMm: 45, rMm: 20, kind: 'PIPE_PLASTIC' },
        { number: 4, xMm: -60, yMm: -60, rMm: 2, sleeveRMm: 4, kind: 'CABLE' },
      ],
      exceeded: false,
      unitSystem: 'METRIC',
      legend: [
        { numbers: '1', kind: 'CABLE', item: 'Cable', diameter: 'Ø 50 mm', sleeve: '', ring: '' },
        { numbers: '2', kind: 'PIPE', item: 'Pipe', diameter: 'Ø 60 mm', sleeve: '', ring: '' },
        {
          numbers: '3',
          kind: 'PIPE_PLASTIC',
          item: 'Plastic pipe',
          diameter: 'Ø 40 mm',
          sleeve: '',
          ring: '',
        },
        {
          numbers: '4',
          kind: 'CABLE',
          item: 'Cable',
          diameter: 'Ø 4 mm',
          sleeve: 'Cable sleeve NF-CS-008, Ø 8 mm',
          ring: '',
        },
      ],
      caption: 'Smallest gap: 3.5 mm',
    },
    materials: [
      {
        key: 'sleeve:NFS40:120',
        item: 'Filler sleeve NFS 40',
        detail: 'Length 120 mm',
        quantity: 38,
        quantityText: '38',
        unit: 'pcs',
      },
      {
        key: 'bundle:NFS40',
        item: 'Filler sleeve bundles',
        detail: '10 sleeves per bundle',
        quantity: 4,
        quantityText: '4',
        unit: 'bundles',
      },
      {
        key: 'sealant-volume',
        item: '=HYPERLINK("http://evil")',
        detail: 'Sealant volume',
        quantity: 1178,
        quantityText: '1178',
        unit: 'ml',
      },
      {
        key: 'cartridges',
        item: 'Sealant cartridges',
        detail: '290 ml usable',
        quantity: 5,
        quantityText: '5',
        unit: 'cartridges',
      },
    ],
    messages: [],
    comments: 'Check access from the engine room side.',
  };
  const rect: ExportTransit = {
    ...round,
    id: '22222222-2222-4222-8222-222222222222',
    name: 'T-102 Deck, "main" corridor',
    copies: 1,
    facts: [{ label: 'Opening', value: 'Rectangle, 300 × 150 mm, corner radius 20 mm' }],
    fits: false,
    status: TRANSIT_STATUS_TEXT.ITEMS_DO_NOT_FIT,
    drawing: {
      opening: { shape: 'RECTANGLE', widthMm: 300, heightMm: 150, cornerRadiusMm: 20 },
      circles: [
        { number: 1, xMm: -100, yMm: 0, rMm: 60, kind: 'PIPE' },
        { number: 2, xMm: 100, yMm: 10, rMm: 80, kind: 'PIPE' },
      ],
      exceeded: true,
      unitSystem: 'METRIC',
      legend: [
        { numbers: '1', kind: 'PIPE', item: 'Pipe', diameter: 'Ø 120 mm', sleeve: '', ring: '' },
        { numbers: '2', kind: 'PIPE', item: 'Pipe', diameter: 'Ø 160 mm', sleeve: '', ring: '' },
      ],
      caption: null,
    },
    messages: [{ severity: 'error', text: 'Penetrating Items do not fit in the transit.' }],
    materials: [
      {
        key: 'wrap-rolls',
        item: 'Cable wrap rolls',
        detail: 'Rolls of 1000 mm',
        quantity: 1,
        quantityText: '1',
        unit: 'rolls',
      },
    ],
    comments: '',
  };
  return {
    title: 'Material List',
    project: {
      name: 'Harbour Ferry Refit – Zürich',
      customer: 'Nordic Yards AS',
      industry: 'Off Shore',
      description: 'Refit of deck 3.',
      createdOn: new Date('2025-01-10T09:00:00Z'),
      lastUpdatedOn: new Date('2025-02-01T12:30:00Z'),
    },
    preparedBy: { name: 'Test User', email: 'test@example.com', organization: 'Demo Marine & Offshore' },
    generatedOn: new Date('2025-03-04T05:06:07Z'),
    unitSystem: 'METRIC',
    unitSystemLabel: 'Metric (mm, cm², ml)',
    paperSize: 'A4',
    sampleCatalogue: true,
    materialsOnly: false,
    transits: [round, rect],
    totals: [
      {
        key: 'sleeve:NFS40:120',
        item: 'Filler sleeve NFS 40',
        detail: 'Length 120 mm',
        quantity: 76,
        quantityText: '76',
        unit: 'pcs',
      },
      { key: 'wrap', item: '+cmd|calc', detail: '@SUM(A1)', quantity: 1, quantityText: '1', unit: 'rolls' },
    ],
    ...overrides,
  };
}
