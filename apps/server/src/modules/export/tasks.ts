/**
 * The export module's task face (ADR 025): the pure code of a document (its model from the stored rows, then the
 * file), which the worker pool runs. Nothing here reaches a database or a service.
 */
export { buildExportDocument, storedSizing, type BuildDocumentInput } from './export-document.builder';
export { renderFile } from './render-file';
export type { BuiltFile, ExportDocument } from './export.model';
// The document language's dates and numbers (ADR 027), for other documents of the server.
export { documentFormat } from './documents/document-format';
// The embedded fonts, for other documents of the server (the site module's label sheet, ADR 031).
export {
  PDF_FONT,
  PDF_FONT_BOLD,
  defaultPdfFont,
  fontSegments,
  pdfText,
  registerPdfFont,
  registerPdfFonts,
} from './documents/pdf-fonts';
