import { z } from 'zod';
import { singleLine } from './input-gate';

/**
 * Spec §9: export formats. RTF is labelled 'Docx' in the dialog as the spec does; DOCX is a real Word file.
 * The bill of materials as an Excel workbook (XLSX) and the drawings as DXF: ADR 020.
 */
export const EXPORT_FORMATS = ['PDF', 'RTF', 'DOCX', 'CSV', 'XLSX', 'DXF'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Spec §9: paper sizes. */
export const EXPORT_PAPER_SIZES = ['LETTER', 'A4'] as const;
export type ExportPaperSize = (typeof EXPORT_PAPER_SIZES)[number];

/** Spec §9: unit systems of an export. */
export const EXPORT_MEASUREMENT_SYSTEMS = ['METRIC', 'IMPERIAL'] as const;
export type ExportMeasurementSystem = (typeof EXPORT_MEASUREMENT_SYSTEMS)[number];

/**
 * ADR 027: the languages a document is written in: the interface's bundled languages (the web app's locale list).
 * The dialog starts on the user's interface language.
 */
export const DOCUMENT_LANGUAGES = ['en-US', 'de-DE', 'fr-FR', 'zh-Hans'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];
export const DEFAULT_DOCUMENT_LANGUAGE: DocumentLanguage = 'en-US';

/** Spec §4 Share/Export: the whole project, the current transit, or chosen transits. */
export const EXPORT_SCOPES = ['PROJECT', 'CURRENT', 'TRANSITS'] as const;
export type ExportScope = (typeof EXPORT_SCOPES)[number];

/**
 * Formats for which the paper size does not apply. The spec disables it for RTF too; ADR 012 has RTF honour
 * it instead (the RTF sets \paperw/\paperh from it), so only CSV is left (docs/decisions/009-drawing.md).
 */
export const FORMATS_WITHOUT_PAPER_SIZE: readonly ExportFormat[] = ['CSV', 'DXF'];

/** Formats that draw the transits, so "project material totals only" (no transits) has nothing for them. */
export const FORMATS_WITHOUT_TOTALS_ONLY: readonly ExportFormat[] = ['DXF'];

/** Spec §4 defaults of the dialog. */
export const EXPORT_DEFAULTS = { outputFormat: 'PDF', size: 'LETTER', scope: 'PROJECT' } as const;

/** A client drawing snapshot is optional and never trusted: PNG only, at most this many decoded bytes. */
export const EXPORT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Base64 grows by 4/3; the data-URL prefix adds a few characters. */
export const EXPORT_IMAGE_MAX_CHARS = Math.ceil((EXPORT_IMAGE_MAX_BYTES * 4) / 3) + 64;
/** A project export names at most this many transits explicitly. */
export const EXPORT_MAX_TRANSIT_IDS = 1000;

/** Messages of the export rules (spec §5 Share/Export), used by the dialog and the server alike. */
export const EXPORT_MESSAGES = {
  emailRequired: 'Please enter an email address to share with.',
  emailInvalid: 'Please enter a valid email address.',
  transitsRequired: 'Please select at least one transit.',
  currentTransitRequired: 'There is no current transit to export.',
  imageInvalid: 'The drawing image must be a PNG data URL.',
  imageTooLarge: 'The drawing image is too large.',
  projectNotFound: 'Project not found.',
  transitsNotFound: 'Some of the chosen transits do not belong to this project.',
  shareRateLimited: 'Too many exports were shared in a short time. Please try again later.',
  shareFailed: 'The export could not be e-mailed. Please try again.',
  sent: 'The export was sent to {email}.',
  drawingsNeedTransits:
    'DXF drawings are made per transit; choose transits instead of project material totals only.',
  noTransitsToDraw: 'The project has no transits to draw.',
  languageInvalid: `The document language must be one of ${DOCUMENT_LANGUAGES.join(', ')}.`,
} as const;

// The address goes into a mail header: one line (ADR 023).
const emailSchema = singleLine(z.string().trim().max(254), 'The e-mail address');

/**
 * Spec §7 sendProjectExport {projectId, outputFormat, measurementSystem, emailAddress, transitIds, size, isShare,
 * imgData, isProjectMaterialsOnly} plus `scope` and `language`. Rules of spec §5: sharing needs an email; the TRANSITS scope needs
 * at least one ticked transit; CURRENT names the single current transit in transitIds.
 */
export const sendProjectExportRequestSchema = z
  .object({
    projectId: z.guid(),
    outputFormat: z.enum(EXPORT_FORMATS).default(EXPORT_DEFAULTS.outputFormat),
    measurementSystem: z.enum(EXPORT_MEASUREMENT_SYSTEMS),
    emailAddress: emailSchema.nullish(),
    transitIds: z.array(z.guid()).max(EXPORT_MAX_TRANSIT_IDS).default([]),
    size: z.enum(EXPORT_PAPER_SIZES).default(EXPORT_DEFAULTS.size),
    isShare: z.boolean().default(false),
    imgData: z.string().max(EXPORT_IMAGE_MAX_CHARS, EXPORT_MESSAGES.imageTooLarge).nullish(),
    isProjectMaterialsOnly: z.boolean().default(false),
    scope: z.enum(EXPORT_SCOPES).default(EXPORT_DEFAULTS.scope),
    /** ADR 027: the language the document (and the share e-mail) is written in. */
    language: z
      .enum(DOCUMENT_LANGUAGES, { error: EXPORT_MESSAGES.languageInvalid })
      .default(DEFAULT_DOCUMENT_LANGUAGE),
  })
  .superRefine((value, ctx) => {
    if (value.isShare) {
      const email = value.emailAddress ?? '';
      if (!email)
        ctx.addIssue({ code: 'custom', path: ['emailAddress'], message: EXPORT_MESSAGES.emailRequired });
      else if (!z.email().safeParse(email).success) {
        ctx.addIssue({ code: 'custom', path: ['emailAddress'], message: EXPORT_MESSAGES.emailInvalid });
      }
    }
    if (value.isProjectMaterialsOnly) {
      if (FORMATS_WITHOUT_TOTALS_ONLY.includes(value.outputFormat))
        ctx.addIssue({
          code: 'custom',
          path: ['isProjectMaterialsOnly'],
          message: EXPORT_MESSAGES.drawingsNeedTransits,
        });
      return;
    }
    if (value.scope === 'TRANSITS' && value.transitIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['transitIds'], message: EXPORT_MESSAGES.transitsRequired });
    }
    if (value.scope === 'CURRENT' && value.transitIds.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['transitIds'], message: EXPORT_MESSAGES.currentTransitRequired });
    }
  });
export type SendProjectExportRequest = z.input<typeof sendProjectExportRequestSchema>;
export type SendProjectExportInput = z.output<typeof sendProjectExportRequestSchema>;

/** Answer of a share (isShare true); a download answers the file itself. */
export const sendProjectExportSharedSchema = z.object({
  sent: z.literal(true),
  emailAddress: z.string(),
  fileName: z.string(),
  outputFormat: z.enum(EXPORT_FORMATS),
});
export type SendProjectExportShared = z.infer<typeof sendProjectExportSharedSchema>;

/** File name extension and content type of each format. */
export const EXPORT_FILE_TYPES: Record<ExportFormat, { extension: string; contentType: string }> = {
  PDF: { extension: 'pdf', contentType: 'application/pdf' },
  RTF: { extension: 'rtf', contentType: 'application/rtf' },
  DOCX: {
    extension: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  CSV: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  XLSX: {
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  /** One transit; a project of several answers a ZIP of one DXF per transit (application/zip, .zip). */
  DXF: { extension: 'dxf', contentType: 'image/vnd.dxf' },
};
