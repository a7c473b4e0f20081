import type {
  DocumentLanguage,
  ExportFormat,
  ExportMeasurementSystem,
  ExportPaperSize,
  TranslatedNames,
} from '@sealplan/contracts';
import type { penetratingItems, transits } from '@sealplan/db';

/** The stored rows a document is built from (read by export.repository.ts). */
export type TransitRow = typeof transits.$inferSelect;
export type ItemRow = typeof penetratingItems.$inferSelect;

export interface ProjectForExport {
  id: string;
  name: string;
  description: string;
  customerName: string;
  /** The project's industry, named in the document's language through `catalogueName` (ADR 030). */
  industry: { id: string; name: string; names?: TranslatedNames | null };
  createdOn: Date;
  lastUpdatedOn: Date;
}

/**
 * The document every format is built from. Figures are already the engine's stored results, converted and
 * formatted in the requested unit system (export-model.builder.ts), so the four builders only lay text out and
 * can never disagree on a number.
 */
export interface ExportDocument {
  /** ADR 027: every word and figure of the document is written in this language (documents/document-texts.ts). */
  language: DocumentLanguage;
  title: string;
  project: {
    name: string;
    customer: string;
    industry: string;
    description: string;
    createdOn: Date;
    lastUpdatedOn: Date;
  };
  preparedBy: { name: string; email: string; organization: string };
  generatedOn: Date;
  unitSystem: ExportMeasurementSystem;
  /** e.g. 'Metric (mm, cm², ml)', in the document's language: stated on every page (PDF footer) and in every file. */
  unitSystemLabel: string;
  paperSize: ExportPaperSize;
  /** Catalogue values are sample data until an administrator verifies them (research/catalogue.md). */
  sampleCatalogue: boolean;
  /** Spec §4: "project material totals only" — no transit sections. */
  materialsOnly: boolean;
  transits: ExportTransit[];
  /** The engine's totals over all exported transits (copies included). */
  totals: MaterialLine[];
  /** The `document.header` template, rendered (ADR 016): the line above the title. */
  headerText?: string;
  /** The `document.footer` template, rendered: the closing line of the document. */
  footerText?: string;
}

/** A product of the provider's list (ADR 016), matched to a material line by the catalogue's article number. */
export interface ExportProduct {
  articleNumber: string;
  name: string;
  unit: string;
  price: number;
}

export interface ExportTransit {
  id: string;
  name: string;
  /** ADR 031: the transit's location path ("Deck 3 › Engine room"), '' when it has none. */
  location: string;
  copies: number;
  /** The opening in words ('Round, Ø 200 mm'): the overview's and the DXF title block's Opening. */
  opening: string;
  /** The fill in words ('45.3 %'): the overview's Fill. */
  fillText: string;
  /** Shape, dimensions, types, class, depth, sealant, copies... as label/value rows. */
  facts: LabelValue[];
  /** Fill figures (area, fill %, limit, status). */
  fill: LabelValue[];
  /** True when the items fit and the transit is not overfilled. */
  fits: boolean;
  /** The state in words (the document's `status` table): the same in every table and in the transit list. */
  status: string;
  drawing: DrawingModel | null;
  /** Materials of this transit for all its copies (the engine's `materials`). */
  materials: MaterialLine[];
  /** Engine messages (errors and warnings) worth printing beside the transit. */
  messages: { severity: 'error' | 'warning' | 'info'; text: string }[];
  comments: string;
}

export interface LabelValue {
  label: string;
  value: string;
}

/** One line of a material list. `quantity` is the number in `unit`; `quantityText` its display form. */
export interface MaterialLine {
  /** Stable key to add lines of several transits together (e.g. 'filler-sleeve:NFS 40:120'). */
  key: string;
  item: string;
  detail: string;
  quantity: number;
  quantityText: string;
  unit: string;
  /** What to order by: the article number (cable sleeve, crusher) or the product type (filler sleeve); '' when none. */
  articleNumber?: string;
  /** Decimals of `quantity` as the documents print it (0 for counts); spreadsheets format the number with them. */
  decimals?: number;
  /** The provider's product of that article number: its name and unit price (0 = on request, not printed). */
  productName?: string | null;
  unitPrice?: number | null;
}

/** A drawing in mm, centred on the opening's centre, y growing downwards (as in SVG and the web drawing). */
export interface DrawingModel {
  opening:
    | { shape: 'ROUND'; diameterMm: number }
    | { shape: 'RECTANGLE'; widthMm: number; heightMm: number; cornerRadiusMm: number };
  /**
   * number: the engine's drawingView number (the same as on screen); rMm: the item itself; sleeveRMm: its cable
   * sleeve or crusher; clearanceRMm: the ring the packing kept free around it (spec §9 pipe clearance).
   */
  circles: {
    number: number;
    xMm: number;
    yMm: number;
    rMm: number;
    sleeveRMm?: number;
    clearanceRMm?: number;
    kind: 'CABLE' | 'PIPE' | 'PIPE_PLASTIC' | 'UNKNOWN';
  }[];
  exceeded: boolean;
  /** The opening is dimensioned in this unit system (no dimensions without it). */
  unitSystem?: ExportMeasurementSystem;
  /** One row per item line: which numbers, what item, its diameter, sleeve or crusher, clearance ring. */
  legend?: DrawingLegendLine[];
  /** e.g. 'Smallest gap: 3.2 mm', when the packing reports it (in the document's language). */
  caption?: string | null;
}

export interface DrawingLegendLine {
  /** '3' or '3–7'. */
  numbers: string;
  kind: DrawingModel['circles'][number]['kind'];
  item: string;
  diameter: string;
  /** Cable sleeve or crusher, '' when none. */
  sleeve: string;
  /** Clearance ring, '' when none. */
  ring: string;
}

export interface BuiltFile {
  fileName: string;
  contentType: string;
  body: Buffer;
  format: ExportFormat;
}
