import type { ExportFormat } from '@sealplan/contracts';
import type { TransitSizing } from '@sealplan/engine';
import { computeResults } from '../modules/transits/transits.service';
import type { BuildDocumentInput } from '../modules/export/export-document.builder';
import type { BuiltFile, ExportDocument } from '../modules/export/export.model';

/**
 * The CPU-heavy work of the server, as plain-data tasks that run in a worker thread of the pool (or inline).
 * Inputs and outputs cross the thread boundary by structured clone, so they hold data only (no functions).
 */

/** Sizing of one transit: exactly the arguments of the transits module's computeResults. */
export interface SizeTransitTask {
  kind: 'sizeTransit';
  args: Parameters<typeof computeResults>;
}

/** A document of a project: the document model built from the stored rows, then rendered in one format. */
export interface BuildDocumentTask {
  kind: 'buildDocument';
  input: Omit<BuildDocumentInput, 'log'>;
  format: ExportFormat;
}

/** What the share mail needs of the document besides the file. */
export type DocumentSummary = Pick<
  ExportDocument,
  'project' | 'preparedBy' | 'unitSystemLabel' | 'sampleCatalogue'
>;

export interface BuiltDocument {
  file: BuiltFile;
  summary: DocumentSummary;
}

/** Issue 22: a schedule file (CSV or XLSX) read into headings and rows. */
export interface ReadScheduleTask {
  kind: 'readSchedule';
  bytes: Uint8Array;
}

/** The table, or the message of why the file cannot be read (an error's class does not cross the thread). */
export type ReadScheduleResult =
  | { ok: true; table: { headings: string[]; rows: string[][]; rowsLeftOut: number } }
  | { ok: false; message: string };

export type CpuTask = SizeTransitTask | BuildDocumentTask | ReadScheduleTask;
export type CpuTaskResult<T extends CpuTask> = T extends SizeTransitTask
  ? TransitSizing
  : T extends ReadScheduleTask
    ? ReadScheduleResult
    : BuiltDocument;

async function buildDocument(task: BuildDocumentTask): Promise<BuiltDocument> {
  // Loaded on the first document, so a worker that only sizes starts without the document libraries.
  const [{ buildExportDocument }, { renderFile }] = await Promise.all([
    import('../modules/export/export-document.builder'),
    import('../modules/export/export.service'),
  ]);
  // Transits without stored results are logged by the caller, which sees the rows too.
  const doc = buildExportDocument(task.input);
  const file = await renderFile(doc, task.format);
  return {
    file,
    summary: {
      project: doc.project,
      preparedBy: doc.preparedBy,
      unitSystemLabel: doc.unitSystemLabel,
      sampleCatalogue: doc.sampleCatalogue,
    },
  };
}

async function readSchedule(task: ReadScheduleTask): Promise<ReadScheduleResult> {
  // Loaded on the first schedule, like the document libraries.
  const [{ readScheduleFile }, { AppError }] = await Promise.all([
    import('../modules/schedules/schedule-file'),
    import('../errors'),
  ]);
  try {
    return { ok: true, table: await readScheduleFile(Buffer.from(task.bytes)) };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, message: error.message };
    throw error;
  }
}

/** Runs one task; the pool's worker exports this as its handler. */
export async function runCpuTask(task: CpuTask): Promise<TransitSizing | BuiltDocument | ReadScheduleResult> {
  if (task.kind === 'sizeTransit') return computeResults(...task.args);
  if (task.kind === 'readSchedule') return readSchedule(task);
  return buildDocument(task);
}
