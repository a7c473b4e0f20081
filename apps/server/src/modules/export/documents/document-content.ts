import type { ExportDocument, ExportTransit, LabelValue } from '../export.model';

/** Wording shared by the PDF, RTF and DOCX builders, so the three documents say the same thing. */
export const TEXT = {
  title: 'Material List',
  coverHeading: 'Project',
  transitsHeading: 'Transits',
  transitHeading: (t: ExportTransit) => `Transit: ${t.name}`,
  transitData: 'Transit data',
  fill: 'Fill',
  drawing: 'Drawing',
  materials: 'Materials',
  materialsWithCopies: (copies: number) => `Materials (for all ${copies} copies)`,
  totals: 'Project material totals',
  totalsNote:
    'Totals include every exported transit that can be built, multiplied by its copies; a transit that cannot be ' +
    'built is listed below them and not summed.',
  noMaterials: 'No materials.',
  noTransits: 'No transits were exported.',
  noDrawing: 'No drawing: the transit has no dimensions or no items.',
  notes: 'Notes',
  sampleNotice:
    'SAMPLE DATA: catalogue figures (filler sleeve sizes, cartridge sizes, article numbers, minimum depths) are ' +
    'sample values until an administrator verifies the catalogue. Check them before ordering.',
  units: (doc: ExportDocument) => `Units: ${doc.unitSystemLabel}`,
  pageOf: (n: number, m: number) => `Page ${n} of ${m}`,
  materialColumns: ['Item', 'Detail', 'Quantity', 'Unit'] as const,
  legend: 'Legend',
  legendColumns: ['No.', 'Item', 'Ø item', 'Cable sleeve or crusher', 'Clearance ring'] as const,
};

/**
 * Fonts the Word documents (DOCX, RTF) name; the reader's installed fonts draw them. Arial covers Latin, Greek and
 * Cyrillic on Windows and macOS (LibreOffice maps it to the metric-compatible Liberation Sans); Microsoft YaHei is
 * the sans-serif Chinese font of Windows and Office, set as the East Asian font so Word draws CJK characters with it
 * (other readers fall back to their own CJK sans-serif, e.g. PingFang, Noto Sans CJK). The PDF embeds its fonts.
 */
export const WORD_FONTS = { latin: 'Arial', eastAsian: 'Microsoft YaHei' } as const;

/** A date as an unambiguous day (the documents go abroad): 2025-11-22. */
export function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A timestamp for "generated on": 2025-11-22 14:05 UTC. */
export function formatTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`;
}

/** The cover's label/value rows. */
export function coverRows(doc: ExportDocument): LabelValue[] {
  const rows: LabelValue[] = [
    { label: 'Project', value: doc.project.name },
    { label: 'Customer', value: doc.project.customer },
    { label: 'Industry', value: doc.project.industry },
    { label: 'Date', value: formatDay(doc.generatedOn) },
    { label: 'Prepared by', value: `${doc.preparedBy.name} <${doc.preparedBy.email}>` },
    { label: 'Organization', value: doc.preparedBy.organization },
    { label: 'Project created', value: formatDay(doc.project.createdOn) },
    { label: 'Last updated', value: formatDay(doc.project.lastUpdatedOn) },
    { label: 'Unit system', value: doc.unitSystemLabel },
    {
      label: 'Transits in this export',
      value: doc.materialsOnly ? 'Project material totals only' : String(doc.transits.length),
    },
  ];
  if (doc.project.description.trim()) rows.push({ label: 'Notes', value: doc.project.description.trim() });
  return rows;
}

/** The transits overview after the cover: one row per transit in every document (PDF, DOCX, RTF). */
export const OVERVIEW_COLUMNS = [
  { header: 'Transit', share: 0.3, right: false },
  { header: 'Opening', share: 0.26, right: false },
  { header: 'Copies', share: 0.1, right: true },
  { header: 'Fill', share: 0.14, right: true },
  { header: 'Status', share: 0.2, right: false },
] as const;

/** Null when there is nothing to list (materials only, or no transits). */
export function overviewRows(doc: ExportDocument): string[][] | null {
  if (doc.materialsOnly || doc.transits.length === 0) return null;
  const value = (t: ExportTransit, label: string, from: 'facts' | 'fill') =>
    t[from].find((f) => f.label === label)?.value ?? '-';
  return doc.transits.map((t) => [
    t.name,
    value(t, 'Opening', 'facts'),
    String(t.copies),
    value(t, 'Fill', 'fill'),
    t.status,
  ]);
}

/** File name without extension: letters, digits, dashes only (safe in content-disposition and every OS). */
export function baseFileName(doc: ExportDocument): string {
  const slug = doc.project.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'project'}-material-list-${formatDay(doc.generatedOn)}`;
}
