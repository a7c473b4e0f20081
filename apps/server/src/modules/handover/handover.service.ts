import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  ARCHIVE_DATA_FILE,
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_MAX_BYTES,
  ARCHIVE_READABLE_VERSIONS,
  AUTH_MESSAGES,
  HANDOVER_MESSAGES,
  LOCATION_MAX_DEPTH,
  RECORD_MESSAGES,
  TRANSIT_PHOTO_MAX_BYTES,
  TRANSIT_PHOTOS_MAX_COUNT,
  archiveDataSchema,
  canImportArchive,
  checkInput,
  locationPaths,
  revisionLetter,
  sendProjectExportRequestSchema,
  startsAsPdf,
  type ArchiveData,
  type ArchiveImportResult,
  type DocumentLanguage,
  type ExportMeasurementSystem,
  type HistoryEntry,
  type TransitSiteStatus,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import { uploadFileName } from '../../lib/upload-file-name';
import type { ChangeRecorder, TransitChangeRecord } from '../../shared/change-recorder';
import type { CpuPool } from '../../workers/cpu-pool';
import { storedSizing } from '../export/tasks';
import type { HandoverRepository, ImportRows } from './handover.repository';
import type { ArchiveEntry, AsBuiltRecord, AsBuiltTransit } from './tasks';

/** Who asks: the caller's id, name, organization and roles. */
export interface HandoverCaller {
  id: string;
  organizationId: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: readonly string[];
  isProviderOrganization: boolean;
}

export interface ArchiveUpload {
  data: Buffer;
  truncated: boolean;
  /** The name the file was uploaded with (the project's history names the archive by it), if any. */
  fileName: string | null;
}

/** The project's document in the archive, built by the export module (ADR 007) with the archive's language. */
export type ProjectDocument = (
  caller: HandoverCaller,
  input: { projectId: string; language: DocumentLanguage; measurementSystem: ExportMeasurementSystem },
) => Promise<{ fileName: string; body: Uint8Array }>;

const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
/** A transit's file in the archive (the schema takes PDFs: `TRANSIT_FILE_TYPES`). */
const filePath = (id: string) => `files/${id}.pdf`;
const SHARP_FORMAT: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** ASCII letters, digits and dashes only, so the name needs no escaping in content-disposition. */
export function fileSafe(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'project'
  );
}

const personOf = (caller: HandoverCaller) => `${caller.firstName} ${caller.lastName}`.trim() || caller.email;
const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * ADR 035: the hand-over of a project. The as-built record (PDF, in the worker pool), the project archive (ZIP of
 * the data as JSON, the documents, the photos and the transits' other files) and its import into another
 * organization under new ids.
 */
export function createHandoverService({
  repo,
  history,
  cpu,
  now,
  publicUrl,
  projectDocument,
}: {
  repo: HandoverRepository;
  /**
   * The history (ADR 032), written in the import's transaction: each transit's `created` change and one change of
   * the new project naming the archive.
   */
  history: Pick<ChangeRecorder, 'recordChange' | 'recordProjectChange'>;
  cpu: CpuPool;
  now: () => Date;
  publicUrl: string;
  projectDocument: ProjectDocument;
}) {
  async function project(organizationId: string, projectId: string) {
    const found = await repo.findProject(organizationId, projectId);
    if (!found) throw new AppError('NOT_FOUND', RECORD_MESSAGES.notFound);
    return found;
  }

  /**
   * The project's transits as the as-built record and the archive read them; `fullPhotos` (the archive): the photos'
   * full images and the transits' other files too.
   */
  async function readProject(organizationId: string, projectId: string, fullPhotos: boolean) {
    const found = await project(organizationId, projectId);
    const [locations, rows] = await Promise.all([
      repo.listLocations(organizationId, projectId),
      repo.listTransits(organizationId, projectId),
    ]);
    const ids = rows.map((r) => r.transit.id);
    const [items, events, photos, files] = await Promise.all([
      repo.listItems(organizationId, ids),
      repo.listEvents(organizationId, ids),
      repo.listPhotos(organizationId, ids, fullPhotos),
      fullPhotos ? repo.listFiles(organizationId, ids) : Promise.resolve([]),
    ]);
    const group = <T extends { transitId: string }>(list: T[]) => {
      const byTransit = new Map<string, T[]>();
      for (const row of list) byTransit.set(row.transitId, [...(byTransit.get(row.transitId) ?? []), row]);
      return byTransit;
    };
    return {
      found,
      locations,
      rows,
      items: group(items),
      events: group(events),
      photos: group(photos),
      files: group(files),
    };
  }

  /** The transits of `locationId` and every location below it. */
  function subtree(locations: { id: string; parentId: string | null }[], locationId: string): Set<string> {
    const inside = new Set([locationId]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const l of locations)
        if (l.parentId && inside.has(l.parentId) && !inside.has(l.id)) {
          inside.add(l.id);
          grew = true;
        }
    }
    return inside;
  }

  async function asBuiltRecord(
    caller: HandoverCaller,
    projectId: string,
    language: DocumentLanguage,
    locationId?: string,
  ): Promise<{ record: AsBuiltRecord; projectName: string }> {
    const read = await readProject(caller.organizationId, projectId, false);
    const paths = locationPaths(read.locations);
    if (locationId && !paths.has(locationId))
      throw new AppError('NOT_FOUND', HANDOVER_MESSAGES.asBuiltLocation);
    const inScope = locationId ? subtree(read.locations, locationId) : null;
    const transits: AsBuiltTransit[] = read.rows
      .filter((r) => !inScope || (r.site?.locationId && inScope.has(r.site.locationId)))
      .map((r) => ({
        name: r.transit.name,
        location: r.site?.locationId ? (paths.get(r.site.locationId) ?? []) : [],
        status: (r.site?.status ?? 'DESIGNED') as TransitSiteStatus,
        revision: revisionLetter(r.revision?.revision ?? 0),
        installedBy: r.site?.installedOn ? (r.installerName ?? '') : null,
        installedOn: r.site?.installedOn ?? null,
        inspectedBy: r.site?.inspectedOn ? (r.inspectorName ?? '') : null,
        inspectedOn: r.site?.inspectedOn ?? null,
        remarks: r.site?.remarks ?? '',
        steps: (read.events.get(r.transit.id) ?? []).map((e) => ({
          fromStatus: e.fromStatus as TransitSiteStatus,
          toStatus: e.toStatus as TransitSiteStatus,
          by: e.name,
          at: e.at,
          remarks: e.remarks,
        })),
        photos: (read.photos.get(r.transit.id) ?? [])
          .filter((p) => p.thumbnail)
          .map((p) => ({ fileName: p.fileName, jpeg: new Uint8Array(p.thumbnail!), takenOn: p.createdOn })),
      }));
    return {
      projectName: read.found.project.name,
      record: {
        language,
        paper: language === 'en-US' ? 'LETTER' : 'A4',
        projectName: read.found.project.name,
        customerName: read.found.customer.name,
        organization: read.found.organization,
        scope: locationId ? (paths.get(locationId) ?? []) : [],
        preparedBy: personOf(caller),
        generatedOn: now(),
        transits,
      },
    };
  }

  /** The archive's data: every id is this installation's; the import maps them to new ones. */
  function archiveData(read: Awaited<ReturnType<typeof readProject>>, documents: string[]): ArchiveData {
    const { found } = read;
    return {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_FORMAT_VERSION,
      exportedOn: now().toISOString(),
      source: { organization: found.organization, publicUrl },
      project: {
        id: found.project.id,
        name: found.project.name,
        description: found.project.description,
        industryId: found.project.industryId,
        createdOn: found.project.createdOn.toISOString(),
      },
      customer: {
        name: found.customer.name,
        industryId: found.customer.industryId,
        contactFirstName: found.customer.contactFirstName,
        contactLastName: found.customer.contactLastName,
        contactPhone: found.customer.contactPhone,
        contactEmail: found.customer.contactEmail,
      },
      locations: read.locations.map((l) => ({ id: l.id, parentId: l.parentId, name: l.name, sort: l.sort })),
      transits: read.rows.map(({ transit: t, site, revision, installerName, inspectorName }) => ({
        id: t.id,
        name: t.name,
        copies: t.copies,
        shape: t.shape,
        widthMm: t.widthMm,
        heightMm: t.heightMm,
        radiusMm: t.radiusMm,
        diameterMm: t.diameterMm,
        nominalSize: t.nominalSize,
        sparePercent: t.sparePercent,
        comments: t.comments,
        penetratingItemTypeId: t.penetratingItemTypeId,
        transitTypeId: t.transitTypeId,
        classId: t.classId,
        sealantType: t.sealantType,
        sealantDepth: t.sealantDepth,
        crusherPipeConfiguration: t.crusherPipeConfiguration,
        singleCrusherPipeId: t.singleCrusherPipeId,
        depthMm: t.depthMm,
        penetratingItemCount: t.penetratingItemCount,
        results: t.results ?? null,
        revision: revision?.revision ?? 0,
        revisedOn: iso(revision?.revisedOn),
        issuedOn: iso(revision?.issuedOn),
        createdOn: t.createdOn.toISOString(),
        items: (read.items.get(t.id) ?? []).map((i) => ({
          itemTypeId: i.itemTypeId,
          quantity: i.quantity,
          outerDiameterMm: i.outerDiameterMm,
          crusherId: i.crusherId,
          plasticPipeDiameterMm: i.plasticPipeDiameterMm,
          sleevedDiameterMm: i.sleevedDiameterMm,
          diameterPlusClearanceMm: i.diameterPlusClearanceMm,
          tag: i.tag,
          specification: i.specification,
          sort: i.sort,
        })),
        site: {
          locationId: site?.locationId ?? null,
          status: (site?.status ?? 'DESIGNED') as TransitSiteStatus,
          installedBy: site?.installedOn ? { name: installerName || '?' } : null,
          installedOn: iso(site?.installedOn),
          inspectedBy: site?.inspectedOn ? { name: inspectorName || '?' } : null,
          inspectedOn: iso(site?.inspectedOn),
          remarks: site?.remarks ?? '',
          events: (read.events.get(t.id) ?? []).map((e) => ({
            fromStatus: e.fromStatus as TransitSiteStatus,
            toStatus: e.toStatus as TransitSiteStatus,
            by: { name: e.name || '?' },
            at: e.at.toISOString(),
            remarks: e.remarks,
          })),
        },
        photos: (read.photos.get(t.id) ?? []).map((p) => ({
          id: p.id,
          fileName: p.fileName,
          contentType: p.contentType as 'image/jpeg',
          width: p.width,
          height: p.height,
          keptGps: p.keptGps,
          createdOn: p.createdOn.toISOString(),
          file: `photos/${p.id}.${EXTENSION[p.contentType] ?? 'jpg'}`,
          thumbnail: p.thumbnail ? `photos/${p.id}.thumbnail.jpg` : null,
        })),
        files: (read.files.get(t.id) ?? []).map((f) => ({
          id: f.id,
          fileName: f.fileName,
          contentType: f.contentType as 'application/pdf',
          createdOn: f.createdOn.toISOString(),
          file: filePath(f.id),
        })),
      })),
      documents,
    };
  }

  /** Refuses an archive whose data does not hold together: the reason names the record. */
  async function checkArchive(data: ArchiveData, files: Record<string, Uint8Array>) {
    const seen = new Set<string>();
    const unique = (id: string) => {
      if (seen.has(id)) throw new AppError('BAD_REQUEST', HANDOVER_MESSAGES.duplicateId(id));
      seen.add(id);
    };
    for (const l of data.locations) unique(l.id);
    for (const t of data.transits) {
      unique(t.id);
      for (const p of t.photos) unique(p.id);
      for (const f of t.files) unique(f.id);
    }
    const locations = new Map(data.locations.map((l) => [l.id, l]));
    for (const l of data.locations) {
      if (l.parentId && !locations.has(l.parentId))
        throw new AppError('BAD_REQUEST', HANDOVER_MESSAGES.unknownLocation(l.parentId));
      // Up the tree: a circle or a tree deeper than a project may hold is refused.
      let depth = 1;
      for (let up = l.parentId; up; up = locations.get(up)!.parentId) {
        depth += 1;
        if (depth > LOCATION_MAX_DEPTH) throw new AppError('BAD_REQUEST', HANDOVER_MESSAGES.locationCycle);
      }
    }
    for (const [index, t] of data.transits.entries()) {
      // The stored figures travel as they are (ADR 035), so they must have the engine's shape.
      if (t.results !== null && t.results !== undefined && !storedSizing(t.results))
        throw new AppError('BAD_REQUEST', HANDOVER_MESSAGES.resultsInvalid(index));
      if (t.site.locationId && !locations.has(t.site.locationId))
        throw new AppError('BAD_REQUEST', HANDOVER_MESSAGES.unknownLocation(t.site.locationId));
      for (const p of t.photos) {
        for (const path of [p.file, p.thumbnail]) {
          if (path === null) continue;
          const bytes = files[path];
          if (!bytes) throw new AppError('BAD_REQUEST', HANDOVER_MESSAGES.photoMissing(path));
          if (bytes.length > TRANSIT_PHOTO_MAX_BYTES)
            throw new AppError('PAYLOAD_TOO_LARGE', HANDOVER_MESSAGES.photoTooLarge(path));
          // The image must be what its entry says (ADR 032's rule for uploads): sharp reads its header.
          const format = path === p.thumbnail ? 'jpeg' : SHARP_FORMAT[p.contentType];
          const meta = await sharp(bytes)
            .metadata()
            .catch(() => null);
          if (!meta || meta.format !== format)
            throw new AppError('UNSUPPORTED_MEDIA_TYPE', HANDOVER_MESSAGES.photoInvalid(path));
          // ADR 032: a photo keeps its metadata (the camera's GPS position) only when its uploader said so.
          if (meta.exif && (path === p.thumbnail || !p.keptGps))
            files[path] = new Uint8Array(
              await sharp(bytes)
                .toFormat(format as 'jpeg')
                .toBuffer(),
            );
        }
      }
      // ADR 032's limits of an upload: the count with the photos, the size, and the header of what it claims to be.
      if (t.photos.length + t.files.length > TRANSIT_PHOTOS_MAX_COUNT)
        throw new AppError('BAD_REQUEST', HANDOVER_MESSAGES.tooManyFiles(index));
      for (const f of t.files) {
        const bytes = files[f.file];
        if (!bytes) throw new AppError('BAD_REQUEST', HANDOVER_MESSAGES.fileMissingInArchive(f.file));
        if (bytes.length > TRANSIT_PHOTO_MAX_BYTES)
          throw new AppError('PAYLOAD_TOO_LARGE', HANDOVER_MESSAGES.fileTooLarge(f.file));
        if (!startsAsPdf(bytes))
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', HANDOVER_MESSAGES.fileInvalid(f.file));
      }
    }
    for (const industryId of new Set([data.project.industryId, data.customer.industryId]))
      if (!(await repo.industryExists(industryId)))
        throw new AppError('BAD_REQUEST', HANDOVER_MESSAGES.unknownIndustry(industryId));
  }

  /** Parses the archive's JSON through the contracts' gate (the same text rules as every input). */
  function parseData(bytes: Uint8Array): ArchiveData {
    let raw: unknown;
    try {
      raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch {
      throw new AppError('BAD_REQUEST', HANDOVER_MESSAGES.dataUnreadable);
    }
    const head = raw as { format?: unknown; version?: unknown } | null;
    if (
      !head ||
      head.format !== ARCHIVE_FORMAT ||
      !(ARCHIVE_READABLE_VERSIONS as readonly unknown[]).includes(head.version)
    )
      throw new AppError('BAD_REQUEST', HANDOVER_MESSAGES.wrongFormat);
    // The stored figures are the engine's own output: the text rules apply to everything else.
    const { transits, ...rest } = raw as { transits?: { results?: unknown }[] };
    const issue = checkInput({
      ...rest,
      transits: Array.isArray(transits) ? transits.map((t) => ({ ...t, results: null })) : transits,
    });
    if (issue) throw new AppError('BAD_REQUEST', HANDOVER_MESSAGES.dataInvalid(issue.path, issue.message));
    const parsed = archiveDataSchema.safeParse(raw);
    if (!parsed.success) {
      const first = parsed.error.issues[0]!;
      throw new AppError('BAD_REQUEST', HANDOVER_MESSAGES.dataInvalid(first.path.join('.'), first.message));
    }
    return parsed.data;
  }

  return {
    /** ADR 035: the as-built record of a project, or of a location and the locations below it. */
    async asBuilt(
      caller: HandoverCaller,
      projectId: string,
      query: { language: DocumentLanguage; locationId?: string },
    ): Promise<{ fileName: string; body: Uint8Array }> {
      const { record, projectName } = await asBuiltRecord(
        caller,
        projectId,
        query.language,
        query.locationId,
      );
      const body = await cpu.asBuilt(record, { organizationId: caller.organizationId });
      const scope = record.scope.length ? `-${fileSafe(record.scope.join('-'))}` : '';
      return { fileName: `as-built-${fileSafe(projectName)}${scope}.pdf`, body };
    },

    /**
     * ADR 035: the project archive: the data as JSON, the project document, the as-built record, the photos and the
     * transits' other files (PDFs, stored as they were uploaded).
     */
    async exportArchive(
      caller: HandoverCaller,
      projectId: string,
      language: DocumentLanguage,
      measurementSystem: ExportMeasurementSystem,
    ): Promise<{ fileName: string; body: Uint8Array }> {
      const read = await readProject(caller.organizationId, projectId, true);
      const job = { organizationId: caller.organizationId };
      const { record } = await asBuiltRecord(caller, projectId, language);
      const asBuilt = await cpu.asBuilt(record, job);
      const design = await projectDocument(caller, { projectId, language, measurementSystem });
      const documents = ['documents/as-built.pdf', 'documents/project.pdf'];
      const data = archiveData(read, documents);
      const entries: ArchiveEntry[] = [
        {
          path: ARCHIVE_DATA_FILE,
          data: new TextEncoder().encode(JSON.stringify(data, null, 1)),
          compress: true,
        },
        { path: documents[0]!, data: asBuilt, compress: false },
        { path: documents[1]!, data: design.body, compress: false },
      ];
      for (const photos of read.photos.values())
        for (const p of photos) {
          entries.push({
            path: `photos/${p.id}.${EXTENSION[p.contentType] ?? 'jpg'}`,
            data: new Uint8Array(p.data!),
            compress: false,
          });
          if (p.thumbnail)
            entries.push({
              path: `photos/${p.id}.thumbnail.jpg`,
              data: new Uint8Array(p.thumbnail),
              compress: false,
            });
        }
      for (const files of read.files.values())
        for (const f of files)
          entries.push({ path: filePath(f.id), data: new Uint8Array(f.data), compress: false });
      const body = await cpu.packArchive(entries, job);
      return { fileName: `archive-${fileSafe(read.found.project.name)}.zip`, body };
    },

    /**
     * ADR 035: an archive imported as a new project of the caller's organization. Every record gets a new id and
     * the references follow; nothing existing is changed (a customer of the same name is used as it is). The whole
     * import is one transaction, its history with it (ADR 032).
     */
    async importArchive(caller: HandoverCaller, upload: ArchiveUpload | null): Promise<ArchiveImportResult> {
      if (!canImportArchive(caller)) throw new AppError('FORBIDDEN', HANDOVER_MESSAGES.importRole);
      if (!caller.organizationId) throw new AppError('FORBIDDEN', AUTH_MESSAGES.notAuthorized);
      if (!upload || upload.data.length === 0)
        throw new AppError('VALIDATION_FAILED', HANDOVER_MESSAGES.fileMissing, {
          file: HANDOVER_MESSAGES.fileMissing,
        });
      if (upload.truncated || upload.data.length > ARCHIVE_MAX_BYTES)
        throw new AppError('PAYLOAD_TOO_LARGE', HANDOVER_MESSAGES.tooLarge);
      const read = await cpu.readArchive(new Uint8Array(upload.data), {
        organizationId: caller.organizationId,
      });
      if (!read.ok) throw new AppError('BAD_REQUEST', read.message);
      const data = parseData(read.files[ARCHIVE_DATA_FILE]!);
      await checkArchive(data, read.files);

      const organizationId = caller.organizationId;
      const ids = new Map<string, string>();
      const newId = (old: string) => {
        const id = randomUUID();
        ids.set(old, id);
        return id;
      };
      const existing = await repo.findCustomerByName(organizationId, data.customer.name);
      const customerId = existing?.id ?? randomUUID();
      const projectId = newId(data.project.id);
      const rows: ImportRows = {
        customer: existing ? null : { id: customerId, organizationId, ...data.customer },
        project: {
          id: projectId,
          organizationId,
          customerId,
          industryId: data.project.industryId,
          name: data.project.name,
          description: data.project.description,
          createdById: caller.id,
          createdOn: new Date(data.project.createdOn),
        },
        locations: [],
        transits: [],
        items: [],
        siteStates: [],
        events: [],
        photos: [],
        files: [],
        revisions: [],
      };
      // Parents before children, so each location's parent exists when it is written.
      const pending = [...data.locations];
      for (const l of pending) newId(l.id);
      while (pending.length > 0) {
        const index = pending.findIndex(
          (l) => !l.parentId || rows.locations.some((w) => w.id === ids.get(l.parentId!)),
        );
        const [l] = pending.splice(index, 1);
        rows.locations.push({
          id: ids.get(l!.id)!,
          organizationId,
          projectId,
          parentId: l!.parentId ? ids.get(l!.parentId)! : null,
          name: l!.name,
          sort: l!.sort,
        });
      }
      let items = 0;
      // ADR 032: each transit is `created` as it arrives (its lines added, then its place, status, photos and files).
      const paths = locationPaths(data.locations);
      const created: TransitChangeRecord[] = [];
      for (const t of data.transits) {
        const transitId = newId(t.id);
        const {
          items: lines,
          site,
          photos,
          files,
          revision,
          revisedOn,
          issuedOn,
          createdOn,
          id: _old,
          ...fields
        } = t;
        rows.transits.push({
          ...fields,
          results: fields.results ?? null,
          id: transitId,
          organizationId,
          projectId,
          createdOn: new Date(createdOn),
        });
        const transitItems = lines.map((line) => ({ ...line, id: randomUUID(), organizationId, transitId }));
        rows.items.push(...transitItems);
        items += lines.length;
        const arrived: HistoryEntry[] = [
          ...(site.locationId
            ? [{ kind: 'location' as const, before: [], after: paths.get(site.locationId) ?? [] }]
            : []),
          ...(site.status !== 'DESIGNED'
            ? [{ kind: 'status' as const, before: null, after: site.status }]
            : []),
          ...photos.map((p) => ({ kind: 'photoAdded' as const, fileName: p.fileName })),
          ...files.map((f) => ({ kind: 'fileAdded' as const, fileName: f.fileName })),
        ];
        created.push({
          organizationId,
          projectId,
          transitId,
          actorId: caller.id,
          action: 'created',
          before: null,
          after: { transit: rows.transits.at(-1)!, items: transitItems },
          moreEntries: arrived,
          // The archive's revision (and whether it was issued) is the transit's, written beside it.
          keepsRevision: true,
        });
        if (site.locationId || site.status !== 'DESIGNED' || site.events.length > 0)
          rows.siteStates.push({
            transitId,
            organizationId,
            projectId,
            locationId: site.locationId ? ids.get(site.locationId)! : null,
            status: site.status,
            installedByName: site.installedBy?.name ?? null,
            installedOn: site.installedOn ? new Date(site.installedOn) : null,
            inspectedByName: site.inspectedBy?.name ?? null,
            inspectedOn: site.inspectedOn ? new Date(site.inspectedOn) : null,
            remarks: site.remarks,
          });
        for (const e of site.events)
          rows.events.push({
            organizationId,
            transitId,
            fromStatus: e.fromStatus,
            toStatus: e.toStatus,
            userId: null,
            userName: e.by.name,
            remarks: e.remarks,
            at: new Date(e.at),
          });
        rows.revisions.push({
          transitId,
          organizationId,
          revision,
          revisedOn: revisedOn ? new Date(revisedOn) : new Date(createdOn),
          issuedOn: issuedOn ? new Date(issuedOn) : null,
        });
        for (const p of photos) {
          const bytes = read.files[p.file]!;
          rows.photos.push({
            id: newId(p.id),
            organizationId,
            transitId,
            fileName: p.fileName,
            contentType: p.contentType,
            size: bytes.length,
            width: p.width,
            height: p.height,
            data: Buffer.from(bytes),
            thumbnail: p.thumbnail ? Buffer.from(read.files[p.thumbnail]!) : null,
            keptGps: p.keptGps,
            uploadedById: null,
            createdOn: new Date(p.createdOn),
          });
        }
        // ADR 032: a file is stored exactly as it was sent, with no thumbnail and no size in pixels.
        for (const f of files) {
          const bytes = read.files[f.file]!;
          rows.files.push({
            id: newId(f.id),
            organizationId,
            transitId,
            fileName: f.fileName,
            contentType: f.contentType,
            size: bytes.length,
            width: null,
            height: null,
            data: Buffer.from(bytes),
            thumbnail: null,
            keptGps: false,
            uploadedById: null,
            createdOn: new Date(f.createdOn),
          });
        }
      }
      await repo.insertImport(rows, async (tx) => {
        for (const change of created) await history.recordChange(tx, change);
        await history.recordProjectChange(tx, {
          organizationId,
          projectId,
          actorId: caller.id,
          action: 'archiveImported',
          before: null,
          after: null,
          entries: [
            {
              kind: 'archiveImported',
              fileName: uploadFileName(upload.fileName ?? '', '') || null,
              locations: rows.locations.length,
              transits: rows.transits.length,
              items,
              photos: rows.photos.length,
              files: rows.files.length,
            },
          ],
        });
      });
      return {
        projectId,
        projectName: data.project.name,
        customerId,
        customerName: existing?.name ?? data.customer.name,
        customerCreated: !existing,
        locations: rows.locations.length,
        transits: rows.transits.length,
        items,
        photos: rows.photos.length,
        files: rows.files.length,
      };
    },
  };
}

export type HandoverService = ReturnType<typeof createHandoverService>;

/** The request the project document of an archive is made with (the export module's own defaults otherwise). */
export const archiveDocumentRequest = (input: {
  projectId: string;
  language: DocumentLanguage;
  measurementSystem: ExportMeasurementSystem;
}) => sendProjectExportRequestSchema.parse({ ...input, outputFormat: 'PDF', scope: 'PROJECT' });
