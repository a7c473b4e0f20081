import { customers, industries, penetratingItems, projects, transits, type Database } from '@sealplan/db';
import type { MailMessage } from '../../../lib/mail';
import { createExportRepository } from '../export.repository';
import { createExportService, type ExportCaller } from '../export.service';
import {
  sizeTransit,
  type Catalogue,
  type ItemInput,
  type TransitInput,
  type TransitSizing,
} from '@sealplan/engine';

/** One transit of a test project: engine input plus its name and items. */
export interface TransitSpec {
  name: string;
  transit: TransitInput;
  items: ItemInput[];
  /** false: store no results (the export must size the transit itself). */
  storeResults?: boolean;
}

/** Transits of every shape and item type, with figures that exercise each material line. */
export const DEFAULT_TRANSITS: TransitSpec[] = [
  {
    name: 'T-101 Cable bulkhead',
    transit: {
      shape: 'ROUND',
      diameterMm: 220,
      copies: 2,
      sparePercent: 20,
      itemTypeId: 'CABLE',
      transitTypeId: 'NOFIRNO',
      classId: 'A_60_CLASS',
      sealantType: 'NOFIRNO_SEALANT',
      sealantDepth: 'DOUBLE',
      depthMm: 150,
    },
    items: [
      { quantity: 6, outerDiameterMm: 18, itemTypeId: 'CABLE' },
      { quantity: 2, outerDiameterMm: 70, itemTypeId: 'CABLE' },
    ],
  },
  {
    name: 'T-102 Pipe deck, "main" corridor',
    transit: {
      shape: 'RECTANGLE',
      widthMm: 400,
      heightMm: 250,
      cornerRadiusMm: 25,
      copies: 1,
      sparePercent: 0,
      itemTypeId: 'PIPE',
      transitTypeId: 'NOFIRNO/CER',
      classId: 'A_CLASS',
      sealantType: 'NOFIRNO_SEALANT',
      sealantDepth: 'DOUBLE',
      depthMm: 120,
    },
    items: [
      { quantity: 2, outerDiameterMm: 60.3, crusherId: 'PIPE-DN50', itemTypeId: 'PIPE' },
      { quantity: 1, outerDiameterMm: 114.3, itemTypeId: 'PIPE' },
    ],
  },
  {
    name: '=T-103 Plastic pipes',
    transit: {
      shape: 'ROUND',
      diameterMm: 220,
      copies: 3,
      itemTypeId: 'PIPE_PLASTIC',
      transitTypeId: 'NOFIRNO',
      classId: 'A_0_CLASS',
      sealantType: 'NOFIRNO_SEALANT',
      sealantDepth: 'SINGLE',
      depthMm: 100,
    },
    items: [{ quantity: 3, outerDiameterMm: 50, crusherId: 'CRUSHER-D50', itemTypeId: 'PIPE_PLASTIC' }],
  },
  {
    name: 'T-104 Overfilled',
    transit: {
      shape: 'ROUND',
      diameterMm: 150,
      copies: 1,
      itemTypeId: 'PIPE',
      transitTypeId: 'NOFIRNO',
      classId: 'A_CLASS',
      sealantType: 'NOFIRNO_SEALANT',
      sealantDepth: 'DOUBLE',
      depthMm: 100,
    },
    items: [{ quantity: 3, outerDiameterMm: 60.3, itemTypeId: 'PIPE' }],
    storeResults: false,
  },
];

export interface SeededTransit {
  id: string;
  name: string;
  sizing: TransitSizing;
}

export interface SeededProject {
  projectId: string;
  name: string;
  customerName: string;
  transits: SeededTransit[];
}

/**
 * A project with transits and items inserted directly (the export reads the tables itself), results computed by
 * the engine's sizeTransit with `catalogue` exactly as the transits module stores them at save.
 */
export async function createExportProject(
  db: Database,
  organizationId: string,
  catalogue: Catalogue,
  opts: { name?: string; transits?: TransitSpec[] } = {},
): Promise<SeededProject> {
  await db
    .insert(industries)
    .values([
      { id: 'ON_SHORE', name: 'On Shore', sort: 1 },
      { id: 'OFF_SHORE', name: 'Off Shore', sort: 2 },
    ])
    .onConflictDoNothing();
  const [customer] = await db
    .insert(customers)
    .values({
      organizationId,
      name: 'Nordic Yards AS',
      industryId: 'OFF_SHORE',
      contactFirstName: 'Ingrid',
      contactLastName: 'Berg',
      contactPhone: '+47 55 12 34 56',
      contactEmail: 'ingrid@nordic.example',
    })
    .returning();
  const name = opts.name ?? 'Harbour Ferry Refit – Zürich';
  const [project] = await db
    .insert(projects)
    .values({
      organizationId,
      customerId: customer!.id,
      industryId: 'OFF_SHORE',
      name,
      description: 'Refit of deck 3.',
    })
    .returning();
  const seeded: SeededTransit[] = [];
  let order = 0;
  for (const spec of opts.transits ?? DEFAULT_TRANSITS) {
    const sizing = sizeTransit({ transit: spec.transit, items: spec.items, catalogue });
    const t = spec.transit;
    const [row] = await db
      .insert(transits)
      .values({
        organizationId,
        projectId: project!.id,
        name: spec.name,
        copies: t.copies ?? 1,
        shape: t.shape,
        diameterMm: t.diameterMm ?? null,
        widthMm: t.widthMm ?? null,
        heightMm: t.heightMm ?? null,
        radiusMm: t.cornerRadiusMm ?? null,
        sparePercent: t.sparePercent ?? null,
        penetratingItemTypeId: t.itemTypeId ?? null,
        transitTypeId: t.transitTypeId ?? null,
        classId: t.classId ?? null,
        sealantType: t.sealantType ?? null,
        sealantDepth: t.sealantDepth ?? null,
        crusherPipeConfiguration: t.pipeConfiguration ?? null,
        singleCrusherPipeId: t.singleCrusherPipeId ?? null,
        depthMm: t.depthMm ?? null,
        penetratingItemCount: sizing.itemCount,
        results: spec.storeResults === false ? null : sizing,
        // Distinct creation times keep the export's order (oldest first) the order of the specs.
        createdOn: new Date(Date.UTC(2025, 0, 1, 0, order++)),
      })
      .returning();
    if (spec.items.length) {
      await db.insert(penetratingItems).values(
        spec.items.map((item, sort) => ({
          organizationId,
          transitId: row!.id,
          itemTypeId: item.itemTypeId ?? null,
          quantity: item.quantity,
          outerDiameterMm: item.outerDiameterMm,
          crusherId: item.crusherId ?? null,
          sort,
        })),
      );
    }
    seeded.push({ id: row!.id, name: spec.name, sizing });
  }
  return { projectId: project!.id, name, customerName: customer!.name, transits: seeded };
}

/** The person exporting in the tests: Ann Smith of the organization. */
export function testCaller(organizationId: string): ExportCaller {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    organizationId,
    email: 'ann@example.com',
    firstName: 'Ann',
    lastName: 'Smith',
  };
}

/** The export service on `db` with a fixed clock and catalogue; e-mails land in `sent`. */
export function testExportService(db: Database, catalogue: Catalogue, sent: MailMessage[] = []) {
  return createExportService({
    repo: createExportRepository(db),
    mail: {
      target: 'memory',
      async send(message) {
        sent.push(message);
      },
    },
    now: () => new Date('2025-06-01T10:00:00Z'),
    loadCatalogue: async () => catalogue,
  });
}
