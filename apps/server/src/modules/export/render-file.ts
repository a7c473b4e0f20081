import { EXPORT_FILE_TYPES, type ExportFormat } from '@sealplan/contracts';
import type { BuiltFile, ExportDocument } from './export.model';
import { buildPdf } from './documents/pdf-document';
import { buildRtf } from './documents/rtf-document';
import { buildDocx } from './documents/docx-document';
import { buildCsv } from './documents/csv-document';
import { buildXlsx } from './documents/xlsx-document';
import { buildDxf } from './documents/dxf-document';
import { baseFileName } from './documents/document-content';

/** Lets other requests run between the parts of a big document (spec: the server stays responsive). */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The document model written in one format (pure: run in the worker pool, ADR 015). */
export async function renderFile(doc: ExportDocument, format: ExportFormat): Promise<BuiltFile> {
  const type = EXPORT_FILE_TYPES[format];
  // Loading and the document model ran in one go: let waiting requests in before rendering starts.
  await yieldToEventLoop();
  if (format === 'DXF') return { ...(await buildDxf(doc, yieldToEventLoop)), format };
  let body: Buffer;
  if (format === 'PDF') body = await buildPdf(doc, yieldToEventLoop);
  else if (format === 'RTF') body = await buildRtf(doc, yieldToEventLoop);
  else if (format === 'DOCX') body = await buildDocx(doc, yieldToEventLoop);
  else if (format === 'XLSX') body = await buildXlsx(doc, yieldToEventLoop);
  else body = buildCsv(doc);
  return { fileName: `${baseFileName(doc)}.${type.extension}`, contentType: type.contentType, body, format };
}
