import type { ExportDocument, LabelValue } from '../export.model';
import { documentFormat, type DocumentFormat } from './document-format';
import { documentTexts, type DocumentTexts } from './document-texts';

/** The words and formatters of a document's language (ADR 027), as every writer reads them. */
export function wordsOf(doc: Pick<ExportDocument, 'language'>): {
  text: DocumentTexts;
  format: DocumentFormat;
} {
  return { text: documentTexts(doc.language), format: documentFormat(doc.language) };
}

/**
 * Fonts the Word documents (DOCX, RTF) name; the reader's installed fonts draw them. Arial covers Latin, Greek and
 * Cyrillic on Windows and macOS (LibreOffice maps it to the metric-compatible Liberation Sans); Microsoft YaHei is
 * the sans-serif Chinese font of Windows and Office, set as the East Asian font so Word draws CJK characters with it
 * (other readers fall back to their own CJK sans-serif, e.g. PingFang, Noto Sans CJK). The PDF embeds its fonts.
 */
export const WORD_FONTS = { latin: 'Arial', eastAsian: 'Microsoft YaHei' } as const;

/** A date as an unambiguous day for a file name (ASCII, sorts by date): 2025-11-22. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The cover's label/value rows. */
export function coverRows(doc: ExportDocument): LabelValue[] {
  const { text, format } = wordsOf(doc);
  const words = text.cover;
  const rows: LabelValue[] = [
    { label: words.project, value: doc.project.name },
    { label: words.customer, value: doc.project.customer },
    { label: words.industry, value: doc.project.industry },
    { label: words.date, value: format.day(doc.generatedOn) },
    { label: words.preparedBy, value: `${doc.preparedBy.name} <${doc.preparedBy.email}>` },
    { label: words.organization, value: doc.preparedBy.organization },
    { label: words.projectCreated, value: format.day(doc.project.createdOn) },
    { label: words.lastUpdated, value: format.day(doc.project.lastUpdatedOn) },
    { label: words.unitSystem, value: doc.unitSystemLabel },
    {
      label: words.transitsInExport,
      value: doc.materialsOnly ? words.totalsOnly : String(doc.transits.length),
    },
  ];
  if (doc.project.description.trim())
    rows.push({ label: words.notes, value: doc.project.description.trim() });
  return rows;
}

/** The transits overview after the cover: one row per transit in every document (PDF, DOCX, RTF). */
export const OVERVIEW_COLUMNS = [
  { share: 0.3, right: false },
  { share: 0.26, right: false },
  { share: 0.1, right: true },
  { share: 0.14, right: true },
  { share: 0.2, right: false },
] as const;

/** The overview's columns with their headings in the document's language. */
export function overviewColumns(doc: Pick<ExportDocument, 'language'>) {
  const headers = wordsOf(doc).text.overviewColumns;
  return OVERVIEW_COLUMNS.map((c, i) => ({ ...c, header: headers[i]! }));
}

/** Null when there is nothing to list (materials only, or no transits). */
export function overviewRows(doc: ExportDocument): string[][] | null {
  if (doc.materialsOnly || doc.transits.length === 0) return null;
  return doc.transits.map((t) => [t.name, t.opening, String(t.copies), t.fillText, t.status]);
}

/** File name without extension: letters, digits, dashes only (safe in content-disposition and every OS). */
export function baseFileName(doc: ExportDocument): string {
  const slug = doc.project.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'project'}-material-list-${isoDay(doc.generatedOn)}`;
}
