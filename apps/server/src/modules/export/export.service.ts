import type { FastifyBaseLogger } from 'fastify';
import type { Catalogue } from '@sealplan/engine';
import {
  EXPORT_FILE_TYPES,
  EXPORT_MESSAGES,
  type ExportFormat,
  type SendProjectExportInput,
  type SendProjectExportShared,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import type { Mailer } from '../../lib/mail';
import type { ExportRepository } from './export.repository';
import type { BuiltFile, ExportDocument, ExportProduct } from './export.model';
import { storedSizing, type BuildDocumentInput } from './export-document.builder';
import { validateImageData } from './image-data';
import { buildPdf } from './documents/pdf-document';
import { buildRtf } from './documents/rtf-document';
import { buildDocx } from './documents/docx-document';
import { buildCsv } from './documents/csv-document';
import { buildXlsx } from './documents/xlsx-document';
import { buildDxf } from './documents/dxf-document';
import { TEXT, baseFileName } from './documents/document-content';
import type { CpuPool } from '../../workers/cpu-pool';
import { createInlineCpu } from '../../workers/inline-cpu';

/** Shares per user in one window: enough for a working day, too few to use the server as a mail relay. */
export const EXPORT_SHARE_LIMIT = 20;
export const EXPORT_SHARE_WINDOW_MS = 60 * 60 * 1000;

export interface ExportCaller {
  id: string;
  organizationId: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface ExportServiceDeps {
  repo: ExportRepository;
  mail: Mailer;
  now: () => Date;
  /** The catalogue from the database (names for display; sizing when a transit has no stored results). */
  loadCatalogue: () => Promise<Catalogue>;
  /** The provider's products of these article numbers (issue 19); none when not given. */
  loadProducts?: (articleNumbers: string[]) => Promise<ExportProduct[]>;
  /** The document.header / document.footer templates rendered for a project (issue 19); none when not given. */
  loadTexts?: (project: {
    name: string;
    customerName: string;
  }) => Promise<{ header: string; footer: string }>;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Where documents are built: the server's worker pool (on the calling thread when not given, in unit tests). */
  cpu?: Pick<CpuPool, 'buildDocument'>;
}

export type ExportOutcome =
  { kind: 'file'; file: BuiltFile } | { kind: 'shared'; data: SendProjectExportShared };

/** Lets other requests run between the parts of a big document (spec: the server stays responsive). */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

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

export function createExportService(deps: ExportServiceDeps) {
  const { repo } = deps;
  const cpu = deps.cpu ?? createInlineCpu();

  /** Loads the project and the transits in scope for one organization: what the document is built from. */
  async function documentInput(
    caller: ExportCaller,
    input: SendProjectExportInput,
  ): Promise<Omit<BuildDocumentInput, 'log'>> {
    const project = await repo.findProject(caller.organizationId, input.projectId);
    if (!project) throw new AppError('NOT_FOUND', EXPORT_MESSAGES.projectNotFound);
    // Spec §4: "project material totals only" covers the whole project and disables the transit choice.
    const wanted =
      input.isProjectMaterialsOnly || input.scope === 'PROJECT' ? undefined : [...new Set(input.transitIds)];
    const transits = await repo.listTransits(caller.organizationId, project.id, wanted);
    if (wanted && transits.length !== wanted.length)
      throw new AppError('NOT_FOUND', EXPORT_MESSAGES.transitsNotFound);
    if (input.outputFormat === 'DXF' && transits.length === 0)
      throw new AppError('BAD_REQUEST', EXPORT_MESSAGES.noTransitsToDraw);
    // With PGlite the queries run in this process and hold the event loop; the transits with their stored results
    // are the big one (about 50 ms for 200), so other requests get a turn before the rest.
    await yieldToEventLoop();
    // Items are only read for transits the engine must size now: stored results carry their own items.
    const items = await repo.listItems(
      caller.organizationId,
      transits.filter((t) => !storedSizing(t.results)).map((t) => t.id),
    );
    const catalogue = await deps.loadCatalogue();
    const itemTags = await repo.itemTags(
      caller.organizationId,
      transits.map((t) => t.id),
    );
    const articles = [
      ...catalogue.cableSleeves.map((s) => s.articleNumber),
      ...catalogue.crushers.map((c) => c.articleNumber).filter((a): a is string => !!a),
    ];
    const products = deps.loadProducts ? await deps.loadProducts(articles) : [];
    const texts = deps.loadTexts ? await deps.loadTexts(project) : undefined;
    for (const t of transits) {
      if (!storedSizing(t.results))
        deps.log?.warn({ transitId: t.id }, 'transit has no stored results; sized for the export');
    }
    return {
      project,
      transits,
      items,
      itemTags,
      catalogue,
      unitSystem: input.measurementSystem,
      paperSize: input.size,
      materialsOnly: input.isProjectMaterialsOnly,
      preparedBy: {
        name: `${caller.firstName} ${caller.lastName}`.trim(),
        email: caller.email,
        organization: await repo.organizationName(caller.organizationId),
      },
      generatedOn: deps.now(),
      products,
      ...(texts ? { texts } : {}),
    };
  }

  return {
    /** Spec §7 sendProjectExport: answers the file, or e-mails it when isShare. */
    async sendProjectExport(caller: ExportCaller, input: SendProjectExportInput): Promise<ExportOutcome> {
      // Validated before any work; the documents never use it (they draw from the stored packing).
      validateImageData(input.imgData);
      const source = await documentInput(caller, input);
      // Built and rendered in the worker pool, so other users' requests stay fast meanwhile.
      if (!input.isShare)
        return { kind: 'file', file: (await cpu.buildDocument(source, input.outputFormat)).file };

      const count = await repo.hitRateLimit(`export-share:${caller.id}`, deps.now(), EXPORT_SHARE_WINDOW_MS);
      if (count > EXPORT_SHARE_LIMIT) throw new AppError('RATE_LIMITED', EXPORT_MESSAGES.shareRateLimited);
      const { file, summary: doc } = await cpu.buildDocument(source, input.outputFormat);
      const to = input.emailAddress!;
      const subject = `${TEXT.title}: ${doc.project.name}`;
      const lines = [
        `${doc.preparedBy.name} (${doc.preparedBy.organization}) shared the material list of project "${doc.project.name}" with you.`,
        '',
        `Customer: ${doc.project.customer}`,
        `Units: ${doc.unitSystemLabel}`,
        `File: ${file.fileName} (attached)`,
      ];
      if (doc.sampleCatalogue) lines.push('', TEXT.sampleNotice);
      try {
        await deps.mail.send({
          to,
          subject,
          text: lines.join('\n'),
          attachments: [{ filename: file.fileName, content: file.body, contentType: file.contentType }],
        });
      } catch (err) {
        deps.log?.error({ err, projectId: input.projectId }, 'export share mail failed');
        throw new AppError('MAIL_FAILED', EXPORT_MESSAGES.shareFailed);
      }
      deps.log?.info(
        { projectId: input.projectId, format: input.outputFormat, bytes: file.body.length },
        'export shared',
      );
      return {
        kind: 'shared',
        data: { sent: true, emailAddress: to, fileName: file.fileName, outputFormat: input.outputFormat },
      };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
