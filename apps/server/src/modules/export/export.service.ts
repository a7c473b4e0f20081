import type { FastifyBaseLogger } from 'fastify';
import type { Catalogue } from '@sealplan/engine';
import {
  EXPORT_MESSAGES,
  locationPathText,
  type SendProjectExportInput,
  type SendProjectExportShared,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import type { Mailer } from '../../lib/mail';
import type { ExportRepository } from './export.repository';
import type { BuiltFile, ExportProduct } from './export.model';
import { storedSizing, type BuildDocumentInput } from './export-document.builder';
import { validateImageData } from './image-data';
import { documentTexts } from './documents/document-texts';
import { yieldToEventLoop } from './render-file';
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
  /** The provider's products of these article numbers (ADR 016); none when not given. */
  loadProducts?: (articleNumbers: string[]) => Promise<ExportProduct[]>;
  /** The document.header / document.footer templates rendered for a project (ADR 016); none when not given. */
  loadTexts?: (project: {
    name: string;
    customerName: string;
  }) => Promise<{ header: string; footer: string }>;
  /** ADR 031: each transit's location path in a project (transit id -> path from the root); none when not given. */
  locations?: {
    ofProject: (organizationId: string, projectId: string) => Promise<Map<string, string[]>>;
  };
  /**
   * ADR 032: the design revision of each transit of a project, printed in its documents, and marking them issued
   * once a document of them was exported or shared (the next change then opens the next revision).
   */
  revisions?: {
    ofProject: (
      organizationId: string,
      projectId: string,
    ) => Promise<Map<string, { revision: string; revisedOn: Date }>>;
    markIssued: (organizationId: string, projectId: string, on: Date) => Promise<void>;
  };
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Where documents are built: the server's worker pool (on the calling thread when not given, in unit tests). */
  cpu?: Pick<CpuPool, 'buildDocument'>;
}

export type ExportOutcome =
  { kind: 'file'; file: BuiltFile } | { kind: 'shared'; data: SendProjectExportShared };

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
    const revisions = deps.revisions
      ? Object.fromEntries(await deps.revisions.ofProject(caller.organizationId, project.id))
      : undefined;
    const locations = deps.locations
      ? Object.fromEntries(
          [...(await deps.locations.ofProject(caller.organizationId, project.id))].map(([id, path]) => [
            id,
            locationPathText(path),
          ]),
        )
      : undefined;
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
      language: input.language,
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
      ...(revisions ? { revisions } : {}),
      ...(locations ? { locations } : {}),
    };
  }

  return {
    /** Spec §7 sendProjectExport: answers the file, or e-mails it when isShare. */
    async sendProjectExport(caller: ExportCaller, input: SendProjectExportInput): Promise<ExportOutcome> {
      // Validated before any work; the documents never use it (they draw from the stored packing).
      validateImageData(input.imgData);
      const source = await documentInput(caller, input);
      // Built and rendered in the worker pool, so other users' requests stay fast meanwhile.
      // A document made of the project issues its transits' current revisions (ADR 032).
      const issue = () => deps.revisions?.markIssued(caller.organizationId, input.projectId, deps.now());
      if (!input.isShare) {
        const { file } = await cpu.buildDocument(source, input.outputFormat, caller);
        await issue();
        return { kind: 'file', file };
      }

      const count = await repo.hitRateLimit(`export-share:${caller.id}`, deps.now(), EXPORT_SHARE_WINDOW_MS);
      if (count > EXPORT_SHARE_LIMIT) throw new AppError('RATE_LIMITED', EXPORT_MESSAGES.shareRateLimited);
      const { file, summary: doc } = await cpu.buildDocument(source, input.outputFormat, caller);
      const to = input.emailAddress!;
      // ADR 027: the mail is written in the document's language and names the document it carries (format and
      // project); the attachment is the file in the format chosen in the dialog.
      const text = documentTexts(input.language);
      const format = input.outputFormat;
      const subject = text.mail.subject(format, doc.project.name);
      const lines = [
        text.mail.shared(doc.preparedBy.name, doc.preparedBy.organization, format, doc.project.name),
        '',
        text.mail.customer(doc.project.customer),
        text.units(doc.unitSystemLabel),
        text.mail.file(file.fileName),
      ];
      if (doc.sampleCatalogue) lines.push('', text.sampleNotice);
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
      await issue();
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
