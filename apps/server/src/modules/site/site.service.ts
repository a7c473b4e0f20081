import {
  RECORD_MESSAGES,
  SITE_ACTIONS,
  SITE_MESSAGES,
  SITE_STEPS,
  LOCATION_MAX_DEPTH,
  TRANSIT_SITE_STATUSES,
  canInspect,
  locationPaths,
  LOCATION_PATH_SEPARATOR,
  changeSiteStatusRequestSchema,
  saveLocationRequestSchema,
  type ChangeSiteStatusRequest,
  type LabelPaperSize,
  type Location,
  type ProjectSite,
  type SaveLocationRequest,
  type SiteAction,
  type SiteStatusCounts,
  type TransitSite,
  type TransitSiteStatus,
} from '@sealplan/contracts';
import type { Database } from '@sealplan/db';
import { AppError } from '../../errors';
import { parseInput } from '../../lib/parse-input';
import type { CpuPool } from '../../workers/cpu-pool';
import type {
  LocationChangeRecorder,
  LocationRow,
  LocationTreeChangeRecorder,
  SiteRepository,
  SiteTransitRef,
  StatusChangeRecorder,
} from './site.repository';
import type { LabelSheet } from './tasks';

/** Who takes a step: the caller's id, organization and roles. */
export interface SiteCaller {
  id: string;
  organizationId: string;
  roles: readonly string[];
  isProviderOrganization: boolean;
}

export function presentLocation(row: LocationRow): Location {
  return { id: row.id, parentId: row.parentId, name: row.name, sort: row.sort, version: row.version };
}

const emptyCounts = (): SiteStatusCounts =>
  Object.fromEntries(TRANSIT_SITE_STATUSES.map((s) => [s, 0])) as SiteStatusCounts;

export function createSiteService({
  repo,
  now,
  cpu,
  publicUrl,
  recordStatusChange,
  recordLocationChange,
  recordLocationTreeChange,
}: {
  repo: SiteRepository;
  now: () => Date;
  cpu: CpuPool;
  /** The address the labels' links start with (the web app's origin). */
  publicUrl: string;
  /** Records each status change in the same transaction (the change history), when given. */
  recordStatusChange?: StatusChangeRecorder;
  /** Records each move of a transit in the location tree in the same transaction (the change history), when given. */
  recordLocationChange?: LocationChangeRecorder;
  /** Records each change of the project's location tree in the same transaction (its history), when given. */
  recordLocationTreeChange?: LocationTreeChangeRecorder;
}) {
  /**
   * The recorder of one change of a project's tree, or undefined without a history: `before` and `after` are the
   * paths of the changed place, read when the change is made ([] before an addition, after a removal).
   */
  function treeRecord(
    organizationId: string,
    projectId: string,
    userId: string | null,
    before: string[],
    after: string[],
  ) {
    if (!recordLocationTreeChange) return undefined;
    return (tx: Database) =>
      recordLocationTreeChange(tx, { organizationId, projectId, userId, before, after });
  }

  /** The path's names of a place named `name` below `parentId` (read before the change's transaction). */
  async function pathOf(
    organizationId: string,
    projectId: string,
    parentId: string | null,
    name: string,
  ): Promise<string[]> {
    const paths = locationPaths(await repo.listLocations(organizationId, projectId));
    return [...(parentId ? (paths.get(parentId) ?? []) : []), name];
  }

  async function project(organizationId: string, projectId: string) {
    const found = await repo.findProject(organizationId, projectId);
    if (!found) throw new AppError('NOT_FOUND', RECORD_MESSAGES.notFound);
    return found;
  }

  async function transit(organizationId: string, transitId: string): Promise<SiteTransitRef> {
    const found = await repo.findTransit(organizationId, transitId);
    if (!found) throw new AppError('NOT_FOUND', SITE_MESSAGES.transitNotFound);
    return found;
  }

  /** The steps this caller may take now (the buttons the site page shows). */
  function allowedActions(caller: SiteCaller, status: TransitSiteStatus, installedById: string | null) {
    return SITE_ACTIONS.filter((action) => !refusal(caller, action, status, installedById));
  }

  /** ADR 031: why this caller may not take this step now, or null when they may. */
  function refusal(
    caller: SiteCaller,
    action: SiteAction,
    status: TransitSiteStatus,
    installedById: string | null,
  ): { code: 'CONFLICT' | 'FORBIDDEN'; message: string } | null {
    if (!SITE_STEPS[action].from.includes(status))
      return { code: 'CONFLICT', message: SITE_MESSAGES.stepNotAllowed };
    if (action === 'install') return null;
    if (!canInspect(caller)) return { code: 'FORBIDDEN', message: SITE_MESSAGES.inspectorRole };
    if (installedById === caller.id)
      return { code: 'FORBIDDEN', message: SITE_MESSAGES.inspectorNotInstaller };
    return null;
  }

  async function transitSite(caller: SiteCaller, ref: SiteTransitRef): Promise<TransitSite> {
    const [row, events, locations] = await Promise.all([
      repo.siteState(caller.organizationId, ref.id),
      repo.statusEvents(caller.organizationId, ref.id),
      repo.listLocations(caller.organizationId, ref.projectId),
    ]);
    const state = row?.state;
    const status = (state?.status ?? 'DESIGNED') as TransitSiteStatus;
    const locationId = state?.locationId ?? null;
    return {
      transitId: ref.id,
      projectId: ref.projectId,
      transitName: ref.name,
      projectName: ref.projectName,
      locationId,
      locationPath: locationId ? (locationPaths(locations).get(locationId) ?? []) : [],
      status,
      installedBy:
        state?.installedById || state?.installedByName
          ? { id: state.installedById ?? '', name: row?.installerName ?? '' }
          : null,
      installedOn: state?.installedOn?.toISOString() ?? null,
      inspectedBy:
        state?.inspectedById || state?.inspectedByName
          ? { id: state.inspectedById ?? '', name: row?.inspectorName ?? '' }
          : null,
      inspectedOn: state?.inspectedOn?.toISOString() ?? null,
      remarks: state?.remarks ?? '',
      events: events.map((e) => ({
        fromStatus: e.fromStatus as TransitSiteStatus,
        toStatus: e.toStatus as TransitSiteStatus,
        by: e.by,
        at: e.at.toISOString(),
        remarks: e.remarks,
      })),
      allowedActions: allowedActions(caller, status, state?.installedById ?? null),
    };
  }

  async function projectSite(organizationId: string, projectId: string): Promise<ProjectSite> {
    await project(organizationId, projectId);
    const [locations, rows] = await Promise.all([
      repo.listLocations(organizationId, projectId),
      repo.projectTransits(organizationId, projectId),
    ]);
    const counts = emptyCounts();
    const transits = rows.map((r) => {
      const status = (r.status ?? 'DESIGNED') as TransitSiteStatus;
      counts[status] += 1;
      return { transitId: r.transitId, locationId: r.locationId, status };
    });
    return { projectId, locations: locations.map(presentLocation), transits, counts };
  }

  async function assertParent(
    organizationId: string,
    projectId: string,
    parentId: string,
    movingId?: string,
  ) {
    const locations = await repo.listLocations(organizationId, projectId);
    const byId = new Map(locations.map((l) => [l.id, l]));
    if (!byId.has(parentId))
      throw new AppError('VALIDATION_FAILED', SITE_MESSAGES.parentNotFound, {
        'location.parentId': SITE_MESSAGES.parentNotFound,
      });
    // Walk up from the new parent: meeting the moved location would close a circle.
    let depth = 1;
    for (let id: string | null = parentId; id; id = byId.get(id)?.parentId ?? null) {
      if (id === movingId)
        throw new AppError('VALIDATION_FAILED', SITE_MESSAGES.locationCycle, {
          'location.parentId': SITE_MESSAGES.locationCycle,
        });
      depth += 1;
      if (depth > LOCATION_MAX_DEPTH + 1) break;
    }
    // The moved location's own subtree goes down with it.
    const subtreeDepth = (id: string): number =>
      1 + Math.max(0, ...locations.filter((l) => l.parentId === id).map((l) => subtreeDepth(l.id)));
    if (depth - 1 + (movingId ? subtreeDepth(movingId) : 1) > LOCATION_MAX_DEPTH)
      throw new AppError('VALIDATION_FAILED', SITE_MESSAGES.locationTooDeep, {
        'location.parentId': SITE_MESSAGES.locationTooDeep,
      });
  }

  return {
    getProjectSite: projectSite,

    async saveLocation(
      organizationId: string,
      raw: SaveLocationRequest['location'],
      userId: string | null = null,
    ): Promise<Location> {
      const input = parseInput(saveLocationRequestSchema.shape.location, raw, 'location');
      await project(organizationId, input.projectId);
      const parentId = input.parentId ?? null;
      if (!input.id) {
        if (parentId) await assertParent(organizationId, input.projectId, parentId);
        const id = await repo.insertLocation(
          organizationId,
          { projectId: input.projectId, parentId, name: input.name, sort: input.sort ?? 0 },
          treeRecord(
            organizationId,
            input.projectId,
            userId,
            [],
            await pathOf(organizationId, input.projectId, parentId, input.name),
          ),
        );
        return presentLocation((await repo.findLocation(organizationId, id))!);
      }
      const existing = await repo.findLocation(organizationId, input.id);
      if (!existing || existing.projectId !== input.projectId)
        throw new AppError('NOT_FOUND', SITE_MESSAGES.locationNotFound);
      if (input.version === undefined)
        throw new AppError('VALIDATION_FAILED', RECORD_MESSAGES.versionRequired, {
          'location.version': RECORD_MESSAGES.versionRequired,
        });
      if (parentId) await assertParent(organizationId, input.projectId, parentId, input.id);
      const before = await pathOf(organizationId, input.projectId, existing.parentId, existing.name);
      const after = await pathOf(organizationId, input.projectId, parentId, input.name);
      const changed = await repo.updateLocation(
        organizationId,
        input.id,
        input.version,
        { parentId, name: input.name, ...(input.sort === undefined ? {} : { sort: input.sort }) },
        // A new order among its siblings alone is no change of a place.
        before.join('\u0000') === after.join('\u0000')
          ? undefined
          : treeRecord(organizationId, input.projectId, userId, before, after),
      );
      if (!changed) throw new AppError('VERSION_CONFLICT', RECORD_MESSAGES.versionConflict);
      return presentLocation((await repo.findLocation(organizationId, input.id))!);
    },

    async deleteLocation(
      organizationId: string,
      locationId: string,
      userId: string | null = null,
    ): Promise<ProjectSite> {
      const existing = await repo.findLocation(organizationId, locationId);
      if (!existing) throw new AppError('NOT_FOUND', SITE_MESSAGES.locationNotFound);
      if (await repo.hasChildren(organizationId, locationId))
        throw new AppError('CONFLICT', SITE_MESSAGES.locationHasChildren);
      const path = await pathOf(organizationId, existing.projectId, existing.parentId, existing.name);
      const removed = treeRecord(organizationId, existing.projectId, userId, path, []);
      // ADR 032: the place's removal is the project's change; each transit it held loses its place, a change of
      // that transit's history ("Location Deck 3 › ER → not set"), in the same transaction.
      await repo.deleteLocation(organizationId, locationId, async (tx, unplacedTransitIds) => {
        await removed?.(tx);
        for (const transitId of unplacedTransitIds)
          await recordLocationChange?.(tx, {
            organizationId,
            projectId: existing.projectId,
            transitId,
            userId,
            before: path,
            after: [],
          });
      });
      return projectSite(organizationId, existing.projectId);
    },

    async setTransitLocation(
      caller: SiteCaller,
      transitId: string,
      locationId: string | null,
    ): Promise<TransitSite> {
      const ref = await transit(caller.organizationId, transitId);
      if (locationId) {
        const location = await repo.findLocation(caller.organizationId, locationId);
        if (!location) throw new AppError('NOT_FOUND', SITE_MESSAGES.locationNotFound);
        if (location.projectId !== ref.projectId)
          throw new AppError('VALIDATION_FAILED', SITE_MESSAGES.locationOtherProject, {
            locationId: SITE_MESSAGES.locationOtherProject,
          });
      }
      const paths = recordLocationChange
        ? locationPaths(await repo.listLocations(caller.organizationId, ref.projectId))
        : null;
      const pathOf = (id: string | null) => (id === null ? [] : (paths?.get(id) ?? []));
      await repo.setTransitLocation(
        caller.organizationId,
        { id: ref.id, projectId: ref.projectId },
        locationId,
        recordLocationChange &&
          ((tx, before) =>
            recordLocationChange(tx, {
              organizationId: caller.organizationId,
              projectId: ref.projectId,
              transitId: ref.id,
              userId: caller.id,
              before: pathOf(before),
              after: pathOf(locationId),
            })),
      );
      return transitSite(caller, ref);
    },

    async getTransitSite(caller: SiteCaller, transitId: string): Promise<TransitSite> {
      return transitSite(caller, await transit(caller.organizationId, transitId));
    },

    /**
     * ADR 031: one step of a transit's life on site (install, pass, fail with remarks), by who may take it. The
     * history module records it in the same transaction through `recordStatusChange`.
     */
    async changeStatus(caller: SiteCaller, raw: ChangeSiteStatusRequest): Promise<TransitSite> {
      const input = parseInput(changeSiteStatusRequestSchema, raw, '');
      const ref = await transit(caller.organizationId, input.transitId);
      const row = await repo.siteState(caller.organizationId, ref.id);
      const status = (row?.state.status ?? 'DESIGNED') as TransitSiteStatus;
      const refused = refusal(caller, input.action, status, row?.state.installedById ?? null);
      if (refused) throw new AppError(refused.code, refused.message);
      const step = SITE_STEPS[input.action];
      const left = await repo.applyStep(
        {
          organizationId: caller.organizationId,
          transitId: ref.id,
          projectId: ref.projectId,
          from: step.from,
          to: step.to,
          userId: caller.id,
          at: now(),
          remarks: input.action === 'fail' ? (input.remarks ?? '') : '',
          stamp: input.action === 'install' ? 'installed' : 'inspected',
        },
        recordStatusChange,
      );
      // Someone else took a step in between: the status no longer allows this one.
      if (!left) throw new AppError('CONFLICT', SITE_MESSAGES.stepNotAllowed);
      return transitSite(caller, ref);
    },

    async getStatusCounts(organizationId: string): Promise<SiteStatusCounts> {
      const counts = emptyCounts();
      for (const row of await repo.statusCounts(organizationId))
        if (row.status in counts) counts[row.status as TransitSiteStatus] += row.count;
      return counts;
    },

    /** ADR 031: the label sheet of a project's live transits (PDF, rendered in the worker pool). */
    async labelSheet(
      organizationId: string,
      projectId: string,
      paper: LabelPaperSize,
    ): Promise<{ fileName: string; body: Uint8Array }> {
      const found = await project(organizationId, projectId);
      const [locations, rows] = await Promise.all([
        repo.listLocations(organizationId, projectId),
        repo.projectTransits(organizationId, projectId),
      ]);
      const paths = locationPaths(locations);
      const sheet: LabelSheet = {
        projectName: found.name,
        paper,
        labels: rows.map((r) => ({
          name: r.name,
          location: r.locationId ? (paths.get(r.locationId) ?? []).join(LOCATION_PATH_SEPARATOR) : '',
          link: siteLink(publicUrl, r.transitId),
        })),
      };
      const body = await cpu.labelSheet(sheet, { organizationId });
      return { fileName: `labels-${fileSafe(found.name)}-${paper.toLowerCase()}.pdf`, body };
    },
  };
}

/** ADR 031: the stable link on a transit's label (its site page). */
export function siteLink(publicUrl: string, transitId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/site/transits/${transitId}`;
}

/** ASCII letters, digits and dashes only, so the name needs no escaping in content-disposition. */
function fileSafe(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'project'
  );
}

export type SiteService = ReturnType<typeof createSiteService>;
