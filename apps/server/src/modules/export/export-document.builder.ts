import type { FastifyBaseLogger } from 'fastify';
import {
  DISPLAY_DECIMALS,
  FILLER_SLEEVES_PER_BUNDLE,
  drawingView,
  legendNumbers,
  WRAP_MIN_CABLE_DIAMETER_MM,
  WRAP_ROLL_LENGTH_MM,
  WRAP_TURNS,
  areaUnitLabel,
  formatArea,
  formatDisplayNumber,
  formatLength,
  fillPercentOf,
  formatPercent,
  lengthUnitLabel,
  projectTotals,
  roundTo,
  sizeTransit,
  toDisplayLength,
  toDisplayVolume,
  TRANSIT_STATUS_TEXT,
  transitStatusOf,
  volumeUnitLabel,
  type Catalogue,
  type EngineMessage,
  type ItemInput,
  type ItemTypeId,
  type MaterialTotals,
  type Materials,
  type MeasurementSystem,
  type TransitInput,
  type TransitSizing,
} from '@sealplan/engine';
import type { ExportPaperSize } from '@sealplan/contracts';
import type { ItemRow, ProjectForExport, TransitRow } from './export.repository';
import type {
  DrawingModel,
  ExportDocument,
  ExportProduct,
  ExportTransit,
  LabelValue,
  MaterialLine,
} from './export.model';
import { TEXT } from './documents/document-content';

/**
 * Turns the stored engine results into the document model, in the requested unit system with the engine's unit
 * functions. No figure is computed here: areas, fill, packing and materials (and the project totals, through the
 * engine's totalMaterials) all come from the engine.
 */

export interface BuildDocumentInput {
  project: ProjectForExport;
  transits: TransitRow[];
  items: ItemRow[];
  /** Issue 22: cable tags by item id, shown in the drawing legends (none when left out). */
  itemTags?: Record<string, string>;
  catalogue: Catalogue;
  unitSystem: MeasurementSystem;
  paperSize: ExportPaperSize;
  materialsOnly: boolean;
  preparedBy: ExportDocument['preparedBy'];
  generatedOn: Date;
  /** The provider's products by article number (issue 19): names and prices beside the catalogue's articles. */
  products?: ExportProduct[];
  /** The rendered `document.header` / `document.footer` templates. */
  texts?: { header: string; footer: string };
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

const ITEM_TYPES: readonly string[] = ['PIPE_PLASTIC', 'PIPE', 'CABLE'];

/** The engine's view of a stored transit (spec §3 fields, lengths in mm). */
export function transitInputOf(row: TransitRow): TransitInput {
  return {
    shape: row.shape === 'RECTANGLE' ? 'RECTANGLE' : 'ROUND',
    diameterMm: row.diameterMm,
    widthMm: row.widthMm,
    heightMm: row.heightMm,
    cornerRadiusMm: row.radiusMm,
    copies: row.copies,
    sparePercent: row.sparePercent,
    itemTypeId: row.penetratingItemTypeId as TransitInput['itemTypeId'],
    transitTypeId: row.transitTypeId as TransitInput['transitTypeId'],
    classId: row.classId as TransitInput['classId'],
    sealantType: row.sealantType,
    sealantDepth: row.sealantDepth as TransitInput['sealantDepth'],
    pipeConfiguration: row.crusherPipeConfiguration as TransitInput['pipeConfiguration'],
    singleCrusherPipeId: row.singleCrusherPipeId,
    depthMm: row.depthMm,
  };
}

export function itemInputOf(row: ItemRow): ItemInput {
  return {
    id: row.id,
    quantity: row.quantity,
    outerDiameterMm: row.outerDiameterMm,
    crusherId: row.crusherId,
    itemTypeId: row.itemTypeId && ITEM_TYPES.includes(row.itemTypeId) ? (row.itemTypeId as ItemTypeId) : null,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The stored results when they have the shape this export reads (results written by an older engine, or a
 * transit saved before results existed, are recomputed instead of half-read).
 */
export function storedSizing(results: unknown): TransitSizing | null {
  if (!isObject(results)) return null;
  const numbers = [
    'transitAreaMm2',
    'itemsAreaMm2',
    'emptyAreaMm2',
    'filledPercent',
    'filledPercentWithClearance',
    'fillLimitPercent',
    'copies',
  ];
  if (!numbers.every((k) => typeof results[k] === 'number')) return null;
  const { packing, materials, materialsPerTransit, opening } = results;
  if (!isObject(packing) || !Array.isArray(packing.circles) || !isObject(opening)) return null;
  if (!isObject(materials) || !isObject(materialsPerTransit) || !Array.isArray(results.messages)) return null;
  if (!isObject(materials.fillerSleeves) || !isObject(materials.sealant) || !isObject(materials.wrap))
    return null;
  if (!Array.isArray(materials.cableSleeves) || !Array.isArray(materials.crushers)) return null;
  return results as unknown as TransitSizing;
}

export function unitSystemLabel(system: MeasurementSystem): string {
  const name = system === 'METRIC' ? 'Metric' : 'Imperial';
  return `${name} (${lengthUnitLabel(system)}, ${areaUnitLabel(system)}, ${volumeUnitLabel(system)})`;
}

const count = (n: number) => String(n);

/**
 * A measured quantity as every document prints it: the number rounded to the display decimals of `system` (spec §9:
 * 3 imperial, 2 metric) and its text from the engine's formatDisplayNumber, so the CSV's number and the PDF's text
 * are the same figure.
 */
function measured(
  value: number,
  system: MeasurementSystem,
): { quantity: number; quantityText: string; decimals: number } {
  return {
    quantity: roundTo(value, DISPLAY_DECIMALS[system]),
    quantityText: formatDisplayNumber(value, system),
    decimals: DISPLAY_DECIMALS[system],
  };
}

/** Material lines of one transit or of the totals, in the order a buyer reads them. */
export function materialLines(
  materials: Materials | MaterialTotals,
  system: MeasurementSystem,
): MaterialLine[] {
  const lines: MaterialLine[] = [];
  const fillers =
    'fillerSleeves' in materials && Array.isArray(materials.fillerSleeves)
      ? materials.fillerSleeves
      : [(materials as Materials).fillerSleeves];
  for (const sleeve of fillers) {
    if (!sleeve.type || sleeve.count <= 0) continue;
    const size = `${sleeve.diameterMm !== null ? `Ø ${formatLength(sleeve.diameterMm, system)}, ` : ''}length ${formatLength(sleeve.lengthMm, system)}`;
    const key = `${sleeve.type}:${sleeve.diameterMm}:${sleeve.lengthMm}`;
    lines.push({
      key: `filler:${key}`,
      item: sleeve.type,
      detail: `Filler sleeve, ${size}`,
      quantity: sleeve.count,
      quantityText: count(sleeve.count),
      unit: 'pcs',
      articleNumber: sleeve.type,
      decimals: 0,
    });
    lines.push({
      key: `bundles:${key}`,
      item: `${sleeve.type}, bundles`,
      detail: `Bundles of ${FILLER_SLEEVES_PER_BUNDLE} sleeves, ${size}`,
      quantity: sleeve.bundles,
      quantityText: count(sleeve.bundles),
      unit: 'bundles',
      articleNumber: sleeve.type,
      decimals: 0,
    });
  }
  const sealants = 'sealants' in materials ? materials.sealants : [(materials as Materials).sealant];
  for (const sealant of sealants) {
    if (sealant.volumeMl <= 0) continue;
    const name = sealant.sealantName ?? sealant.sealantId ?? 'Sealant';
    const volume = toDisplayVolume(sealant.volumeMl, system);
    lines.push({
      key: `sealant:${sealant.sealantId}`,
      item: name,
      detail: 'Sealant volume',
      // Millilitres in both systems (spec §3), so metric decimals.
      ...measured(volume, 'METRIC'),
      unit: volumeUnitLabel(system),
    });
    const cartridge = [
      sealant.cartridgeSizeMl !== null
        ? `${formatDisplayNumber(sealant.cartridgeSizeMl, 'METRIC')} ml cartridge`
        : null,
      sealant.usableCartridgeSizeMl !== null
        ? `${formatDisplayNumber(sealant.usableCartridgeSizeMl, 'METRIC')} ml usable`
        : null,
    ].filter(Boolean);
    lines.push({
      key: `cartridges:${sealant.sealantId}`,
      item: `${name}, cartridges`,
      detail: cartridge.join(', '),
      quantity: sealant.cartridges,
      quantityText: count(sealant.cartridges),
      unit: 'cartridges',
      articleNumber: '',
      decimals: 0,
    });
  }
  for (const sleeve of materials.cableSleeves) {
    if (sleeve.count <= 0) continue;
    lines.push({
      key: `cable-sleeve:${sleeve.articleNumber}`,
      item: `Cable sleeve ${sleeve.articleNumber}`,
      detail: `Ø ${formatLength(sleeve.outerDiameterMm, system)}, for cables over ${formatLength(sleeve.cableMinMm, system)} up to ${formatLength(sleeve.cableMaxMm, system)}`,
      quantity: sleeve.count,
      quantityText: count(sleeve.count),
      unit: 'pcs',
      articleNumber: sleeve.articleNumber,
      decimals: 0,
    });
  }
  for (const crusher of materials.crushers) {
    if (crusher.count <= 0) continue;
    lines.push({
      key: `crusher:${crusher.crusherId}`,
      item: `Crusher ${crusher.articleNumber ?? crusher.name}`,
      detail: `${crusher.name}: pipe ${crusher.pipeNominalSize}, Ø ${formatLength(crusher.pipeDiameterMm, system)}; outer Ø ${formatLength(crusher.outerDiameterMm, system)}`,
      quantity: crusher.count,
      quantityText: count(crusher.count),
      unit: 'pcs',
      articleNumber: crusher.articleNumber ?? '',
      decimals: 0,
    });
  }
  if (materials.wrap.lengthMm > 0) {
    const length = toDisplayLength(materials.wrap.lengthMm, system);
    lines.push({
      key: 'wrap-length',
      item: 'Cable wrap',
      detail: `Length (cables over ${formatLength(WRAP_MIN_CABLE_DIAMETER_MM, system)}, ${WRAP_TURNS} turns)`,
      ...measured(length, system),
      unit: lengthUnitLabel(system),
    });
    lines.push({
      key: 'wrap-rolls',
      item: 'Cable wrap rolls',
      detail: `Rolls of ${formatLength(WRAP_ROLL_LENGTH_MM, system)}`,
      quantity: materials.wrap.rolls,
      quantityText: count(materials.wrap.rolls),
      unit: 'rolls',
      articleNumber: '',
      decimals: 0,
    });
  }
  return lines;
}

function openingText(sizing: TransitSizing, system: MeasurementSystem): string {
  const o = sizing.opening;
  if (o.shape === 'ROUND')
    return o.diameterMm ? `Round, Ø ${formatLength(o.diameterMm, system)}` : 'Round, no diameter';
  if (!o.widthMm || !o.heightMm) return 'Rectangle, no dimensions';
  const radius = o.cornerRadiusMm ? `, corner radius ${formatLength(o.cornerRadiusMm, system)}` : '';
  return `Rectangle, ${formatLength(o.widthMm, system)} × ${formatLength(o.heightMm, system)}${radius}`;
}

const KIND_NAMES = { CABLE: 'Cable', PIPE: 'Pipe', PIPE_PLASTIC: 'Plastic pipe', UNKNOWN: 'Item' } as const;

/** One wording per state, wherever a document names it (cover table, fill table). */
const numberParam = (params: EngineMessage['params'], name: string) =>
  typeof params?.[name] === 'number' ? (params[name] as number) : null;

/**
 * An engine message as the document prints it. The engine's own messages are written again from their parameters
 * with the document's formatters (a percentage as in the fill table, a diameter in the document's unit system);
 * the spec's texts (§8) are printed as the spec words them.
 */
function messageText(message: EngineMessage, system: MeasurementSystem): string {
  const { params } = message;
  if (message.code === 'FILL_LIMIT_EXCEEDED') {
    const fill = numberParam(params, 'fill');
    const limit = numberParam(params, 'limit');
    if (fill !== null && limit !== null)
      return `The fill with clearance (${formatPercent(fill)}) exceeds the fill limit of ${formatPercent(limit)}.`;
  }
  if (message.code === 'CLEARANCE_NOT_DEFINED' || message.code === 'NO_CABLE_SLEEVE') {
    const diameter = numberParam(params, 'diameter');
    if (diameter !== null) {
      const size = formatLength(diameter, system);
      return message.code === 'NO_CABLE_SLEEVE'
        ? `No cable sleeve fits a cable of ${size} outer diameter.`
        : `No clearance is defined for a pipe of ${size} outer diameter; none was added.`;
    }
  }
  return message.text;
}

/** The drawing from the engine's numbered view (drawingView): the same numbers and rings as the screen. */
function drawingOf(
  sizing: TransitSizing,
  catalogue: Catalogue,
  system: MeasurementSystem,
  itemTags: Record<string, string> = {},
): DrawingModel | null {
  const o = sizing.opening;
  if (sizing.transitAreaMm2 <= 0) return null;
  const opening: DrawingModel['opening'] =
    o.shape === 'ROUND'
      ? { shape: 'ROUND', diameterMm: o.diameterMm ?? 0 }
      : {
          shape: 'RECTANGLE',
          widthMm: o.widthMm ?? 0,
          heightMm: o.heightMm ?? 0,
          cornerRadiusMm: o.cornerRadiusMm ?? 0,
        };
  const placed = sizing.packing.source !== 'skipped';
  const view = drawingView(sizing, catalogue);
  const length = (mm: number) => formatLength(mm, system);
  return {
    opening,
    circles: view.circles.map((c) => ({
      number: c.number,
      xMm: c.xMm,
      yMm: c.yMm,
      rMm: c.ownDiameterMm / 2,
      sleeveRMm: c.occupiedDiameterMm > c.ownDiameterMm ? c.occupiedDiameterMm / 2 : undefined,
      clearanceRMm: c.placedDiameterMm > c.occupiedDiameterMm ? c.placedDiameterMm / 2 : undefined,
      kind: c.itemTypeId ?? 'UNKNOWN',
    })),
    exceeded: !sizing.packing.fits && placed,
    unitSystem: system,
    legend: view.legend.map((row) => {
      const kind = row.itemTypeId ?? 'UNKNOWN';
      const sleeveKind = row.sleeve?.kind === 'CABLE_SLEEVE' ? 'Cable sleeve' : 'Crusher';
      const itemId = sizing.items[row.itemIndex]?.id;
      const tag = itemId ? itemTags[itemId] : undefined;
      const name = row.sizeName ? `${KIND_NAMES[kind]} ${row.sizeName}` : KIND_NAMES[kind];
      return {
        numbers: legendNumbers(row),
        kind,
        item: tag ? `${name} ${tag}` : name,
        diameter: `Ø ${length(row.ownDiameterMm)}`,
        sleeve: row.sleeve
          ? `${sleeveKind}${row.sleeve.name ? ` ${row.sleeve.name}` : ''}, Ø ${length(row.sleeve.outerDiameterMm)}`
          : '',
        ring:
          row.clearanceMm > 0
            ? `Ø ${length(row.placedDiameterMm)} (clearance ${length(row.clearanceMm)})`
            : '',
      };
    }),
    caption: view.minGapMm !== null ? `Smallest gap: ${length(view.minGapMm)}` : null,
  };
}

function nameOf<T extends { id: string; name: string }>(list: readonly T[], id: string | null): string {
  if (!id) return 'Not selected';
  return list.find((entry) => entry.id === id)?.name ?? id;
}

function itemsSummary(sizing: TransitSizing, catalogue: Catalogue, system: MeasurementSystem): string {
  const parts = sizing.items
    .filter((item) => item.quantity > 0)
    .map((item) => {
      const crusher = item.crusherId ? catalogue.crushers.find((c) => c.id === item.crusherId) : undefined;
      return `${item.quantity} × Ø ${formatLength(item.outerDiameterMm, system)}${crusher ? ` (${crusher.name})` : ''}`;
    });
  return parts.length ? parts.join('; ') : 'None';
}

function transitOf(
  row: TransitRow,
  sizing: TransitSizing,
  catalogue: Catalogue,
  system: MeasurementSystem,
  itemTags?: Record<string, string>,
): ExportTransit {
  const depth =
    row.depthMm !== null
      ? `${formatLength(row.depthMm, system)}${sizing.minimumDepthMm !== null ? ` (minimum ${formatLength(sizing.minimumDepthMm, system)})` : ''}`
      : 'Not set';
  const sealantLayers =
    row.sealantDepth === 'SINGLE' ? 'single layer' : row.sealantDepth === 'DOUBLE' ? 'double layer' : null;
  const sealant = row.sealantType ? nameOf(catalogue.sealants, row.sealantType) : 'Not selected';
  const facts: LabelValue[] = [
    { label: 'Opening', value: openingText(sizing, system) },
    ...(row.nominalSize ? [{ label: 'Nominal size', value: row.nominalSize }] : []),
    { label: 'Penetrating item type', value: nameOf(catalogue.itemTypes, row.penetratingItemTypeId) },
    { label: 'Items', value: `${sizing.itemCount}: ${itemsSummary(sizing, catalogue, system)}` },
    { label: 'Transit type', value: nameOf(catalogue.transitTypes, row.transitTypeId) },
    { label: 'Class', value: nameOf(catalogue.classes, row.classId) },
    { label: 'Depth', value: depth },
    { label: 'Sealant', value: sealantLayers ? `${sealant}, ${sealantLayers}` : sealant },
    ...(row.crusherPipeConfiguration
      ? [
          {
            label: 'Pipe configuration',
            value: row.crusherPipeConfiguration === 'SINGLE' ? 'Single pipe' : 'Multiple pipes',
          },
        ]
      : []),
    { label: 'Spare', value: formatPercent(100 - sizing.fillLimitPercent) },
    { label: 'Copies', value: String(sizing.copies) },
  ];
  // ADR 010: a transit that cannot be built says so in the words the totals and the transit list use.
  const state = transitStatusOf(sizing);
  const status = TRANSIT_STATUS_TEXT[state];
  const fits = state === 'FITS';
  // ADR 010: one "Fill" (items with their required clearance over the opening, not capped), as on screen.
  const fill: LabelValue[] = [
    { label: 'Transit area', value: formatArea(sizing.transitAreaMm2, system) },
    { label: 'Items area', value: formatArea(sizing.itemsAreaMm2, system) },
    { label: 'Items area with clearance', value: formatArea(sizing.itemsAreaWithClearanceMm2, system) },
    { label: 'Empty area', value: formatArea(sizing.emptyAreaMm2, system) },
    { label: 'Fill', value: formatPercent(fillPercentOf(sizing)) },
    { label: 'Fill limit', value: formatPercent(sizing.fillLimitPercent) },
    { label: 'Status', value: status },
  ];
  return {
    id: row.id,
    name: row.name,
    copies: sizing.copies,
    facts,
    fill,
    fits,
    status,
    drawing: drawingOf(sizing, catalogue, system, itemTags),
    // Quantities for all copies, so that adding a column of transit lines never under-orders.
    materials: materialLines(sizing.materials, system),
    messages: sizing.messages.map((m) => ({ severity: m.severity, text: messageText(m, system) })),
    comments: row.comments,
  };
}

/**
 * ADR 010: project totals of the buildable transits, then one line per transit left out with its reason (quantity
 * 0), so every format flags it where the totals are read and nothing is summed silently.
 */
export function totalsLines(
  sized: readonly { row: Pick<TransitRow, 'id' | 'name'>; sizing: TransitSizing }[],
  system: MeasurementSystem,
): MaterialLine[] {
  const { totals, notBuildable } = projectTotals(sized.map(({ sizing }) => sizing));
  const flagged = notBuildable.flatMap(({ index, reason }) => {
    const entry = sized[index];
    if (!entry) return [];
    return [
      {
        key: `not-buildable:${entry.row.id}`,
        item: `Transit ${entry.row.name}`,
        detail: `${TRANSIT_STATUS_TEXT[reason]}; not in these totals.`,
        quantity: 0,
        quantityText: '0',
        unit: '',
      },
    ];
  });
  return [...materialLines(totals, system), ...flagged];
}

/** The engine's figures for a transit: the stored results, or computed now with the database catalogue. */
export function sizingOf(
  row: TransitRow,
  items: ItemRow[],
  catalogue: Catalogue,
  log?: BuildDocumentInput['log'],
): TransitSizing {
  const stored = storedSizing(row.results);
  if (stored) return stored;
  log?.warn({ transitId: row.id }, 'transit has no stored results; sized for the export');
  return sizeTransit({ transit: transitInputOf(row), items: items.map(itemInputOf), catalogue });
}

export function buildExportDocument(input: BuildDocumentInput): ExportDocument {
  const { unitSystem: system, catalogue } = input;
  const itemsByTransit = new Map<string, ItemRow[]>();
  for (const item of input.items) {
    const list = itemsByTransit.get(item.transitId);
    if (list) list.push(item);
    else itemsByTransit.set(item.transitId, [item]);
  }
  const sized = input.transits.map((row) => ({
    row,
    sizing: sizingOf(row, itemsByTransit.get(row.id) ?? [], catalogue, input.log),
  }));
  const doc: ExportDocument = {
    title: TEXT.title,
    project: {
      name: input.project.name,
      customer: input.project.customerName,
      industry: input.project.industryName,
      description: input.project.description,
      createdOn: input.project.createdOn,
      lastUpdatedOn: input.project.lastUpdatedOn,
    },
    preparedBy: input.preparedBy,
    generatedOn: input.generatedOn,
    unitSystem: system,
    unitSystemLabel: unitSystemLabel(system),
    paperSize: input.paperSize,
    sampleCatalogue: catalogue.isSample !== false,
    materialsOnly: input.materialsOnly,
    transits: input.materialsOnly
      ? []
      : sized.map(({ row, sizing }) => transitOf(row, sizing, catalogue, system, input.itemTags)),
    totals: totalsLines(sized, system),
    ...(input.texts ? { headerText: input.texts.header, footerText: input.texts.footer } : {}),
  };
  if (input.products?.length) withProducts(doc, input.products);
  return doc;
}

/** A unit price as every document prints it: always two decimals, no grouping, so the CSV parses back (42.50). */
export function formatUnitPrice(price: number): string {
  return price.toFixed(2);
}

/**
 * Issue 19: each line of a catalogue article that the provider lists as a product carries the product's name and
 * unit price (the CSV in its own columns, the other documents in the line's detail). A price of 0 is "on request"
 * and not printed.
 */
function withProducts(doc: ExportDocument, products: readonly ExportProduct[]) {
  const byArticle = new Map(products.map((p) => [p.articleNumber, p]));
  const lines = [...doc.transits.flatMap((t) => t.materials), ...doc.totals];
  for (const line of lines) {
    const product = line.articleNumber ? byArticle.get(line.articleNumber) : undefined;
    if (!product) continue;
    line.productName = product.name;
    line.unitPrice = product.price > 0 ? product.price : null;
    const price = line.unitPrice !== null ? `, ${formatUnitPrice(product.price)} per ${product.unit}` : '';
    line.detail = `${line.detail} (${product.name}${price})`;
  }
}
