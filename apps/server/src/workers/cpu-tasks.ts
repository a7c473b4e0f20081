import type { ExportFormat } from '@sealplan/contracts';
import { suggestOpenings, type OpeningSuggestions, type TransitSizing } from '@sealplan/engine';
import { computeResults } from '../modules/transits/tasks';
import type { BuildDocumentInput, BuiltFile, ExportDocument } from '../modules/export/tasks';
import type { ReadWorkbook } from '../modules/schedules/tasks';
import type { LabelSheet } from '../modules/site/tasks';
import type { ArchiveEntry, AsBuiltRecord, ReadArchiveResult } from '../modules/handover/tasks';

/**
 * The CPU-heavy work of the server, as plain-data tasks that run in a worker thread of the pool (or inline).
 * Inputs and outputs cross the thread boundary by structured clone, so they hold data only (no functions).
 * Only the modules' task faces (modules/<m>/tasks.ts: pure code, no service, no database) are imported here, so a
 * worker thread loads the engine and the document libraries, never a service (ADR 025; dependency-cruiser checks).
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

/** ADR 020: a schedule file (CSV or XLSX) read into its sheets' rows. */
export interface ReadScheduleTask {
  kind: 'readSchedule';
  bytes: Uint8Array;
}

/** The table, or the message of why the file cannot be read (an error's class does not cross the thread). */
export type ReadScheduleResult = { ok: true; table: ReadWorkbook } | { ok: false; message: string };

/** The smallest standard openings for a transit a schedule import creates (ADR 020): the engine's search. */
export interface SuggestOpeningsTask {
  kind: 'suggestOpenings';
  input: Parameters<typeof suggestOpenings>[0];
}

/** ADR 031: a project's label sheet (PDF with a QR code per transit). */
export interface LabelSheetTask {
  kind: 'labelSheet';
  sheet: LabelSheet;
}

/** ADR 035: a project's (or a location's) as-built record (PDF). */
export interface AsBuiltTask {
  kind: 'asBuilt';
  record: AsBuiltRecord;
}

/** ADR 035: the project archive's files packed into a ZIP. */
export interface PackArchiveTask {
  kind: 'packArchive';
  entries: ArchiveEntry[];
}

/** ADR 035: a project archive read (measured before it is unpacked) into the files an import uses. */
export interface ReadArchiveTask {
  kind: 'readArchive';
  bytes: Uint8Array;
}

export type CpuTask =
  | SizeTransitTask
  | BuildDocumentTask
  | ReadScheduleTask
  | SuggestOpeningsTask
  | LabelSheetTask
  | AsBuiltTask
  | PackArchiveTask
  | ReadArchiveTask;
export type CpuTaskResult<T extends CpuTask> = T extends SizeTransitTask
  ? TransitSizing
  : T extends ReadScheduleTask
    ? ReadScheduleResult
    : T extends SuggestOpeningsTask
      ? OpeningSuggestions
      : T extends LabelSheetTask | AsBuiltTask | PackArchiveTask
        ? Uint8Array
        : T extends ReadArchiveTask
          ? ReadArchiveResult
          : BuiltDocument;

async function buildDocument(task: BuildDocumentTask): Promise<BuiltDocument> {
  // Loaded on the first document, so a worker that only sizes starts without the document libraries.
  const { buildExportDocument, renderFile } = await import('../modules/export/tasks');
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
    import('../modules/schedules/tasks'),
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
export async function runCpuTask(
  task: CpuTask,
): Promise<
  TransitSizing | BuiltDocument | ReadScheduleResult | OpeningSuggestions | Uint8Array | ReadArchiveResult
> {
  if (task.kind === 'sizeTransit') return computeResults(...task.args);
  if (task.kind === 'asBuilt' || task.kind === 'packArchive' || task.kind === 'readArchive') {
    // Loaded on the first hand-over task, like the document libraries.
    const handover = await import('../modules/handover/tasks');
    if (task.kind === 'asBuilt') return handover.renderAsBuilt(task.record);
    if (task.kind === 'packArchive') return handover.packArchive(task.entries);
    return handover.readArchive(task.bytes);
  }
  if (task.kind === 'labelSheet') {
    // Loaded on the first label sheet, like the document libraries.
    const { renderLabelSheet } = await import('../modules/site/tasks');
    return renderLabelSheet(task.sheet);
  }
  if (task.kind === 'suggestOpenings') return suggestOpenings(task.input);
  if (task.kind === 'readSchedule') return readSchedule(task);
  return buildDocument(task);
}
