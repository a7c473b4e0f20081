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
  fillPercentOf,
  lengthUnitLabel,
  materialList,
  projectTotals,
  roundTo,
  toDisplayLength,
  toDisplayVolume,
  VOLUME_DISPLAY_DECIMALS,
  openingAtScale,
  transitVerdictOf,
  volumeUnitLabel,
  type Catalogue,
  type CatalogueSealant,
  type DrawingView,
  type EngineMessage,
  type MaterialListLine,
  type MaterialTotals,
  type Materials,
  type MeasurementSystem,
  type TransitSizing,
} from '@sealplan/engine';
import {
  DEFAULT_DOCUMENT_LANGUAGE,
  localizedName,
  type DocumentLanguage,
  type ExportPaperSize,
} from '@sealplan/contracts';
import { computeResults } from '../transits/tasks';
import type { ItemRow, ProjectForExport, TransitRow } from './export.model';
import type {
  DrawingModel,
  ExportDocument,
  ExportProduct,
  ExportTransit,
  LabelValue,
  MaterialLine,
} from './export.model';
import { documentTexts, type DocumentTexts } from './documents/document-texts';
import { documentFormat, type DocumentFormat } from './documents/document-format';

/** A document's words and formatters (ADR 027): what every text of the model is written with. */
interface Writer {
  language: DocumentLanguage;
  text: DocumentTexts;
  format: DocumentFormat;
}

export function writerFor(language: DocumentLanguage): Writer {
  return { language, text: documentTexts(language), format: documentFormat(language) };
}

/**
 * Turns the stored engine results into the document model, in the requested unit system with the engine's unit
 * functions. No figure is computed here: areas, fill, packing and materials (and the project totals, through the
 * engine's totalMaterials) all come from the engine.
 */

export interface BuildDocumentInput {
  project: ProjectForExport;
  transits: TransitRow[];
  items: ItemRow[];
  /** ADR 020: cable tag and specification by item id, shown in the drawing legends (none when left out). */
  itemTags?: Record<string, string>;
  catalogue: Catalogue;
  unitSystem: MeasurementSystem;
  /** ADR 027: the language the document is written in (English when not given). */
  language?: DocumentLanguage;
  paperSize: ExportPaperSize;
  materialsOnly: boolean;
  preparedBy: ExportDocument['preparedBy'];
  generatedOn: Date;
  /** The provider's products by article number (ADR 016): names and prices beside the catalogue's articles. */
  products?: ExportProduct[];
  /** The rendered `document.header` / `document.footer` templates. */
  texts?: { header: string; footer: string };
  /** ADR 032: each transit's design revision (letter) and the day it began, printed with the transit. */
  revisions?: Record<string, { revision: string; revisedOn: Date }>;
  /** ADR 031: each transit's location ("Deck 3 › Engine room") by transit id; a transit without one is left out. */
  locations?: Record<string, string>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
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

export function unitSystemLabel(system: MeasurementSystem, language = DEFAULT_DOCUMENT_LANGUAGE): string {
  const name = documentTexts(language).unitSystemName[system];
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
  format: DocumentFormat,
): { quantity: number; quantityText: string; decimals: number } {
  return {
    quantity: roundTo(value, DISPLAY_DECIMALS[system]),
    quantityText: format.displayNumber(value, system),
    decimals: DISPLAY_DECIMALS[system],
  };
}

/**
 * The engine's material list (`materialList`, ADR 028) as document lines: the same lines as the screen, in the same
 * order. A sealant's volume and a wrap's length are measured figures, printed as a line of their own right above
 * the cartridges and rolls so a spreadsheet reads them as numbers; bundles are the filler sleeve line's detail.
 */
export function materialLines(
  materials: Materials | MaterialTotals,
  system: MeasurementSystem,
  writer: Writer = writerFor(DEFAULT_DOCUMENT_LANGUAGE),
  sealants: readonly CatalogueSealant[] = [],
): MaterialLine[] {
  return materialList(materials).flatMap((line) => documentLines(line, system, writer, sealants));
}

function documentLines(
  line: MaterialListLine,
  system: MeasurementSystem,
  writer: Writer,
  sealants: readonly CatalogueSealant[],
): MaterialLine[] {
  const { text, format } = writer;
  const words = text.material;
  const length = (mm: number) => format.length(mm, system);
  const counted = { key: line.key, quantity: line.quantity, quantityText: count(line.quantity), decimals: 0 };
  switch (line.kind) {
    case 'FILLER_SLEEVE': {
      const sleeve = line.sleeve;
      const size = words.sleeveSize(
        sleeve.diameterMm !== null ? length(sleeve.diameterMm) : null,
        length(sleeve.lengthMm),
      );
      return [
        {
          ...counted,
          item: sleeve.type,
          detail: words.fillerSleeve(size, words.bundles(sleeve.bundles, FILLER_SLEEVES_PER_BUNDLE)),
          unit: words.pieces,
          articleNumber: sleeve.type,
        },
      ];
    }
    case 'SEALANT': {
      const sealant = line.sealant;
      // ADR 030: the catalogue's sealant in the document's language; one no longer in the catalogue keeps the name
      // stored with the figures.
      const entry = sealant.sealantId ? sealants.find((s) => s.id === sealant.sealantId) : undefined;
      const name = entry
        ? localizedName(entry, writer.language)
        : (sealant.sealantName ?? sealant.sealantId ?? words.sealant);
      // ADR 027: the cartridge is named by its own size in the document's volume unit.
      const cartridge = [
        sealant.cartridgeSizeMl !== null
          ? words.cartridge(format.volume(sealant.cartridgeSizeMl, system))
          : null,
        sealant.usableCartridgeSizeMl !== null
          ? words.usable(format.volume(sealant.usableCartridgeSizeMl, system))
          : null,
      ].filter(Boolean);
      return [
        {
          key: `${line.key}:volume`,
          item: name,
          detail: words.sealantVolume,
          // ml or US fl oz (ADR 027), rounded once to the digits printed.
          quantity: toDisplayVolume(sealant.volumeMl, system),
          quantityText: format.displayVolume(sealant.volumeMl, system),
          decimals: VOLUME_DISPLAY_DECIMALS[system],
          unit: volumeUnitLabel(system),
        },
        {
          ...counted,
          item: words.cartridges(name),
          detail: cartridge.join(', '),
          unit: words.cartridgesUnit,
          articleNumber: '',
        },
      ];
    }
    case 'CABLE_SLEEVE': {
      const sleeve = line.sleeve;
      const [outer, min, max] = [sleeve.outerDiameterMm, sleeve.cableMinMm, sleeve.cableMaxMm].map(
        length,
      ) as [string, string, string];
      return [
        {
          ...counted,
          item: words.cableSleeveItem(sleeve.articleNumber),
          detail: words.cableSleeveDetail(outer, min, max),
          unit: words.pieces,
          articleNumber: sleeve.articleNumber,
          // ADR 027: the product is described from its dimensions in the document's units, never from a stored
          // name that carries millimetres.
          productName: words.cableSleeveProduct(outer, min, max),
        },
      ];
    }
    case 'CRUSHER': {
      const crusher = line.crusher;
      const name = localizedName(crusher, writer.language);
      return [
        {
          ...counted,
          item: words.crusherItem(crusher.articleNumber ?? name),
          detail: words.crusherDetail(
            name,
            crusher.pipeNominalSize,
            length(crusher.pipeDiameterMm),
            length(crusher.outerDiameterMm),
          ),
          unit: words.pieces,
          articleNumber: crusher.articleNumber ?? '',
          productName: words.crusherProduct(name, length(crusher.outerDiameterMm)),
        },
      ];
    }
    case 'WRAP':
      return [
        {
          key: `${line.key}:length`,
          item: words.wrap,
          detail: words.wrapLength(length(WRAP_MIN_CABLE_DIAMETER_MM), WRAP_TURNS),
          ...measured(toDisplayLength(line.wrap.lengthMm, system), system, format),
          unit: lengthUnitLabel(system),
        },
        {
          ...counted,
          item: words.wrapRolls,
          detail: words.rollsOf(length(WRAP_ROLL_LENGTH_MM)),
          unit: words.rollsUnit,
          articleNumber: '',
        },
      ];
  }
}

function openingText(sizing: TransitSizing, system: MeasurementSystem, writer: Writer): string {
  const o = sizing.opening;
  const words = writer.text.opening;
  const length = (mm: number) => writer.format.length(mm, system);
  if (o.shape === 'ROUND') return o.diameterMm ? words.round(length(o.diameterMm)) : words.roundNoDiameter;
  if (!o.widthMm || !o.heightMm) return words.rectangleNoDimensions;
  const radius = o.cornerRadiusMm ? words.cornerRadius(length(o.cornerRadiusMm)) : '';
  return `${words.rectangle(length(o.widthMm), length(o.heightMm))}${radius}`;
}

/** "Ø 258 mm" or "310 mm × 206 mm": an opening's size in short, in the document's units and numbers. */
function openingSize(opening: TransitSizing['opening'], system: MeasurementSystem, writer: Writer): string {
  const length = (mm: number) => writer.format.length(mm, system);
  if (opening.shape === 'ROUND') return `Ø ${length(opening.diameterMm ?? 0)}`;
  return `${length(opening.widthMm ?? 0)} × ${length(opening.heightMm ?? 0)}`;
}

/**
 * A transit's verdict in words with the figures it rests on (ADR 010), in the document's language: the fill
 * against its limit, the item that is larger than the opening, or the opening the best layout found would need.
 * The same words in every table, the totals and the DXF title block.
 */
export function verdictText(
  sizing: TransitSizing,
  system: MeasurementSystem,
  writer: Writer = writerFor(DEFAULT_DOCUMENT_LANGUAGE),
): string {
  const { text, format } = writer;
  const v = transitVerdictOf(sizing);
  const status = text.status[v.status];
  const fill = text.verdict.fill(format.percent(v.fillPercent), format.percent(v.fillLimitPercent));
  switch (v.status) {
    case 'INCOMPLETE':
    case 'FITS':
      return status;
    case 'OVERFILLED':
      return text.verdict.wrap(status, [fill]);
    case 'ITEM_TOO_LARGE':
      return text.verdict.wrap(status, [
        text.verdict.itemTooLarge(
          format.length(v.tooLarge?.itemDiameterMm ?? 0, system),
          format.length(v.tooLarge?.openingAcrossMm ?? 0, system),
        ),
        fill,
      ]);
    case 'ITEMS_DO_NOT_FIT':
      return text.verdict.wrap(
        status,
        v.bestScale === null
          ? [fill]
          : [
              fill,
              text.verdict.bestLayoutNeeds(
                openingSize(openingAtScale(sizing.opening, v.bestScale), system, writer),
              ),
            ],
      );
  }
}

/** Parameters of engine messages that are lengths in mm, and those that are percentages. */
const LENGTH_PARAMS = new Set(['diameter', 'min', 'maxRadius']);
const PERCENT_PARAMS = new Set(['fill', 'limit']);

/**
 * An engine message as the document prints it, in the document's language. The engine's own messages are written
 * again from their parameters with the document's formatters (a percentage as in the fill table, a diameter in the
 * document's unit system); in English the spec's texts (§8) are printed as the spec words them. A message whose
 * parameters are missing is printed in the engine's words.
 */
function messageText(message: EngineMessage, system: MeasurementSystem, writer: Writer): string {
  const template = writer.text.engineMessages[message.code];
  if (!template) return message.text;
  const params = message.params ?? {};
  let complete = true;
  const text = template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) {
      complete = false;
      return '';
    }
    if (typeof value !== 'number') return value;
    if (LENGTH_PARAMS.has(name)) return writer.format.length(value, system);
    if (PERCENT_PARAMS.has(name)) return writer.format.percent(value);
    return String(value);
  });
  return complete ? text : message.text;
}

/** The drawing from the engine's numbered view (drawingView): the same numbers and rings as the screen. */
function drawingOf(
  sizing: TransitSizing,
  catalogue: Catalogue,
  system: MeasurementSystem,
  writer: Writer,
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
  const length = (mm: number) => writer.format.length(mm, system);
  const words = writer.text;
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
      const sleeveKind = row.sleeve?.kind === 'CABLE_SLEEVE' ? words.cableSleeve : words.crusher;
      const itemId = sizing.items[row.itemIndex]?.id;
      const tag = itemId ? itemTags[itemId] : undefined;
      const name = row.sizeName ? `${words.kinds[kind]} ${row.sizeName}` : words.kinds[kind];
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
            ? words.clearanceRing(length(row.placedDiameterMm), length(row.clearanceMm))
            : '',
      };
    }),
    caption: drawingCaption(view, length, words),
  };
}

/** Under the drawing: the smallest gap, and the pipes' spacing to the wall where one is required (ADR 004). */
function drawingCaption(
  view: DrawingView,
  length: (mm: number) => string,
  words: DocumentTexts,
): string | null {
  const parts: string[] = [];
  if (view.minGapMm !== null) parts.push(words.smallestGap(length(view.minGapMm)));
  if (view.wallSpacing !== null)
    parts.push(words.pipesToWall(length(view.wallSpacing.achievedMm), length(view.wallSpacing.requiredMm)));
  return parts.length > 0 ? parts.join(' · ') : null;
}

function nameOf<T extends { id: string; name: string }>(
  list: readonly T[],
  id: string | null,
  writer: Writer,
): string {
  if (!id) return writer.text.facts.notSelected;
  const entry = list.find((e) => e.id === id);
  return entry ? localizedName(entry, writer.language) : id;
}

/** Item types are the fixed kinds (cable, pipe, plastic pipe): named as the drawing legend names them. */
function itemTypeName(catalogue: Catalogue, id: string | null, writer: Writer): string {
  const kinds: Record<string, string> = writer.text.kinds;
  return (id && kinds[id]) || nameOf(catalogue.itemTypes, id, writer);
}

function itemsSummary(
  sizing: TransitSizing,
  catalogue: Catalogue,
  system: MeasurementSystem,
  writer: Writer,
): string {
  const parts = sizing.items
    .filter((item) => item.quantity > 0)
    .map((item) => {
      const crusher = item.crusherId ? catalogue.crushers.find((c) => c.id === item.crusherId) : undefined;
      const crusherName = crusher ? ` (${localizedName(crusher, writer.language)})` : '';
      return `${item.quantity} × Ø ${writer.format.length(item.outerDiameterMm, system)}${crusherName}`;
    });
  return parts.length ? parts.join('; ') : writer.text.facts.none;
}

function transitOf(
  row: TransitRow,
  sizing: TransitSizing,
  catalogue: Catalogue,
  system: MeasurementSystem,
  writer: Writer,
  itemTags?: Record<string, string>,
  revision?: { revision: string; revisedOn: Date },
  location: string | null = null,
): ExportTransit {
  const { text, format } = writer;
  const words = text.facts;
  const length = (mm: number) => format.length(mm, system);
  const depth =
    row.depthMm !== null
      ? `${length(row.depthMm)}${sizing.minimumDepthMm !== null ? ` (${words.minimum(length(sizing.minimumDepthMm))})` : ''}`
      : words.notSet;
  const sealantLayers =
    row.sealantDepth === 'SINGLE'
      ? words.singleLayer
      : row.sealantDepth === 'DOUBLE'
        ? words.doubleLayer
        : null;
  const sealant = row.sealantType ? nameOf(catalogue.sealants, row.sealantType, writer) : words.notSelected;
  const opening = openingText(sizing, system, writer);
  const facts: LabelValue[] = [
    // ADR 031: where the transit is, first, as a person on site looks for it ("not set" when it has none); left out
    // of the documents of a project that places none of its transits (null).
    ...(location !== null ? [{ label: words.location, value: location || words.notSet }] : []),
    ...(revision
      ? [{ label: words.revision, value: `${revision.revision}, ${format.day(revision.revisedOn)}` }]
      : []),
    { label: words.opening, value: opening },
    ...(row.nominalSize ? [{ label: words.nominalSize, value: row.nominalSize }] : []),
    { label: words.itemType, value: itemTypeName(catalogue, row.penetratingItemTypeId, writer) },
    { label: words.items, value: `${sizing.itemCount}: ${itemsSummary(sizing, catalogue, system, writer)}` },
    { label: words.transitType, value: nameOf(catalogue.transitTypes, row.transitTypeId, writer) },
    { label: words.class, value: nameOf(catalogue.classes, row.classId, writer) },
    { label: words.depth, value: depth },
    { label: words.sealant, value: sealantLayers ? `${sealant}, ${sealantLayers}` : sealant },
    ...(row.crusherPipeConfiguration
      ? [
          {
            label: words.pipeConfiguration,
            value: row.crusherPipeConfiguration === 'SINGLE' ? words.singlePipe : words.multiplePipes,
          },
        ]
      : []),
    { label: words.spare, value: format.percent(100 - sizing.fillLimitPercent) },
    { label: words.copies, value: String(sizing.copies) },
  ];
  // ADR 010: a transit that cannot be built says so in the words the totals and the transit list use.
  const fits = transitVerdictOf(sizing).status === 'FITS';
  const status = verdictText(sizing, system, writer);
  // ADR 010: one "Fill" (items with their required clearance over the opening, not capped), as on screen.
  const fillText = format.percent(fillPercentOf(sizing));
  const rows = text.fillRows;
  const fill: LabelValue[] = [
    { label: rows.transitArea, value: format.area(sizing.transitAreaMm2, system) },
    { label: rows.itemsArea, value: format.area(sizing.itemsAreaMm2, system) },
    { label: rows.itemsAreaWithClearance, value: format.area(sizing.itemsAreaWithClearanceMm2, system) },
    { label: rows.emptyArea, value: format.area(sizing.emptyAreaMm2, system) },
    { label: rows.fill, value: fillText },
    { label: rows.fillLimit, value: format.percent(sizing.fillLimitPercent) },
    { label: rows.status, value: status },
  ];
  return {
    id: row.id,
    name: row.name,
    location: location ?? '',
    copies: sizing.copies,
    opening,
    fillText,
    facts,
    fill,
    fits,
    status,
    drawing: drawingOf(sizing, catalogue, system, writer, itemTags),
    // Quantities for all copies, so that adding a column of transit lines never under-orders.
    materials: materialLines(sizing.materials, system, writer, catalogue.sealants),
    messages: sizing.messages.map((m) => ({ severity: m.severity, text: messageText(m, system, writer) })),
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
  writer: Writer = writerFor(DEFAULT_DOCUMENT_LANGUAGE),
  sealants: readonly CatalogueSealant[] = [],
): MaterialLine[] {
  const { text } = writer;
  const { totals, notBuildable } = projectTotals(sized.map(({ sizing }) => sizing));
  const flagged = notBuildable.flatMap(({ index }) => {
    const entry = sized[index];
    if (!entry) return [];
    return [
      {
        key: `not-buildable:${entry.row.id}`,
        item: text.totalsTransit(entry.row.name),
        // The verdict with the figure it rests on, so a reader of the totals alone sees how full the transit is.
        detail: text.notInTotals(verdictText(entry.sizing, system, writer)),
        quantity: 0,
        quantityText: '0',
        unit: '',
      },
    ];
  });
  return [...materialLines(totals, system, writer, sealants), ...flagged];
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
  return computeResults(row, items, catalogue);
}

export function buildExportDocument(input: BuildDocumentInput): ExportDocument {
  const { unitSystem: system, catalogue } = input;
  const language = input.language ?? DEFAULT_DOCUMENT_LANGUAGE;
  const writer = writerFor(language);
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
  // ADR 031: the documents print the location once any transit of the export has one.
  const placed = input.transits.some((row) => !!input.locations?.[row.id]);
  const doc: ExportDocument = {
    language,
    title: writer.text.title,
    project: {
      name: input.project.name,
      customer: input.project.customerName,
      industry: localizedName(input.project.industry, language),
      description: input.project.description,
      createdOn: input.project.createdOn,
      lastUpdatedOn: input.project.lastUpdatedOn,
    },
    preparedBy: input.preparedBy,
    generatedOn: input.generatedOn,
    unitSystem: system,
    unitSystemLabel: unitSystemLabel(system, language),
    paperSize: input.paperSize,
    sampleCatalogue: catalogue.isSample !== false,
    materialsOnly: input.materialsOnly,
    transits: input.materialsOnly
      ? []
      : sized.map(({ row, sizing }) =>
          transitOf(
            row,
            sizing,
            catalogue,
            system,
            writer,
            input.itemTags,
            input.revisions?.[row.id],
            placed ? (input.locations?.[row.id] ?? '') : null,
          ),
        ),
    totals: totalsLines(sized, system, writer, catalogue.sealants),
    ...(input.texts ? { headerText: input.texts.header, footerText: input.texts.footer } : {}),
  };
  if (input.products?.length) withProducts(doc, input.products, writer);
  return doc;
}

/**
 * ADR 016: each line of a catalogue article that the provider lists as a product carries the product's name and
 * unit price (the CSV in its own columns, the other documents in the line's detail). A price of 0 is "on request"
 * and not printed.
 */
function withProducts(doc: ExportDocument, products: readonly ExportProduct[], writer: Writer) {
  const byArticle = new Map(products.map((p) => [p.articleNumber, p]));
  const lines = [...doc.transits.flatMap((t) => t.materials), ...doc.totals];
  for (const line of lines) {
    const product = line.articleNumber ? byArticle.get(line.articleNumber) : undefined;
    if (!product) continue;
    // The provider's own name for its product (ADR 016) wins; the article's description, composed in the document's
    // units (ADR 027), stands where the provider lists the article without a name of its own.
    line.productName = product.name || line.productName;
    line.unitPrice = product.price > 0 ? product.price : null;
    const price =
      line.unitPrice !== null
        ? `, ${writer.text.material.pricePer(writer.format.unitPrice(product.price), product.unit)}`
        : '';
    line.detail = `${line.detail} (${line.productName}${price})`;
  }
}
