import {
  HISTORY_MESSAGES,
  PROJECT_HISTORY_PAGE_SIZE,
  PROJECT_MESSAGES,
  TRANSIT_MESSAGES,
  historyEntrySchema,
  revisionLetter,
  transitSnapshotSchema,
  type HistoryAction,
  type HistoryEntry,
  type ProjectHistory,
  type TransitData,
  type TransitHistory,
  type TransitSnapshot,
} from '@sealplan/contracts';
import type { Database } from '@sealplan/db';
import { AppError } from '../../errors';
import type { ChangeRecorder, ProjectChangeRecord, TransitChangeRecord } from '../../shared/change-recorder';
import { diffProjectFields, diffSnapshots, snapshotOf } from './history-diff';
import type { HistoryRepository } from './history.repository';

/** Changes of the design itself: after an issue, the first of them opens the next revision letter (ADR 032). */
const DESIGN_ACTIONS: readonly HistoryAction[] = ['created', 'updated', 'removed', 'restored'];

/**
 * The history's writer (ADR 032): each change is written in the transaction of the change itself, with its
 * field-level befores and afters and the state it left, and revises the transit once a document issued it.
 */
export function createChangeRecorder({
  repo,
  now,
}: {
  repo: HistoryRepository;
  now: () => Date;
}): ChangeRecorder {
  return {
    async recordChange(tx: Database, change: TransitChangeRecord): Promise<void> {
      const before = change.before && snapshotOf(change.before);
      const after = change.after && snapshotOf(change.after);
      const entries = [...(change.entries ?? diffSnapshots(before, after)), ...(change.moreEntries ?? [])];
      // A save that changed nothing a person edits (the same values saved again) is no change.
      if (entries.length === 0 && (change.action === 'updated' || change.action === 'restored')) return;
      await repo.insertChange(
        tx,
        {
          organizationId: change.organizationId,
          projectId: change.projectId,
          transitId: change.transitId,
          action: change.action,
          entries,
          snapshot: after,
          changedById: change.actorId,
          changedOn: now(),
        },
        DESIGN_ACTIONS.includes(change.action) && !change.keepsRevision,
      );
    },

    async recordProjectChange(tx: Database, change: ProjectChangeRecord): Promise<void> {
      const entries = change.entries ?? (change.after ? diffProjectFields(change.before, change.after) : []);
      // A save of the same values is no change; a creation or a removal is one even with nothing to list.
      if (entries.length === 0 && change.action === 'updated') return;
      await repo.insertProjectChange(tx, {
        organizationId: change.organizationId,
        projectId: change.projectId,
        action: change.action,
        entries,
        changedById: change.actorId,
        changedOn: now(),
      });
    },
  };
}

/** Stored rows were written by this module; entries it no longer words are left out, never a 500. */
const readEntries = (stored: unknown): HistoryEntry[] =>
  (Array.isArray(stored) ? stored : []).flatMap((entry) => {
    const parsed = historyEntrySchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });

const nameOf = (row: { firstName: string | null; lastName: string | null }) =>
  row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim();

export interface HistoryServiceDeps {
  repo: HistoryRepository;
  /** Writes a snapshot back as a new change (the transits module's restore). */
  restoreTransit: (
    organizationId: string,
    transitId: string,
    snapshot: TransitSnapshot,
    actorId: string | null,
  ) => Promise<TransitData>;
}

/** A transit's history and revision, and restoring an earlier state (ADR 032). */
export function createHistoryService({ repo, restoreTransit }: HistoryServiceDeps) {
  return {
    async transitHistory(organizationId: string, transitId: string): Promise<TransitHistory> {
      const transit = await repo.findTransit(organizationId, transitId);
      if (!transit) throw new AppError('NOT_FOUND', TRANSIT_MESSAGES.notFound);
      const [rows, revision] = await Promise.all([
        repo.listChanges(organizationId, transitId),
        repo.revisionOf(organizationId, transitId),
      ]);
      const current = rows.findIndex((row) => row.hasSnapshot);
      return {
        changes: rows.map((row, index) => ({
          id: row.id,
          action: row.action as HistoryAction,
          entries: readEntries(row.entries),
          revision: revisionLetter(row.revision),
          changedOn: row.changedOn.toISOString(),
          changedBy: nameOf(row),
          // The newest state kept is the one the transit is in (a photo or status change keeps none): restoring it
          // would change nothing.
          restorable: row.hasSnapshot && index > current,
        })),
        revision: {
          revision: revisionLetter(revision?.revision ?? 0),
          revisedOn: (revision?.revisedOn ?? transit.createdOn).toISOString(),
          issuedOn: revision?.issuedOn?.toISOString() ?? null,
        },
      };
    },

    /**
     * Every change of a project, newest first, a page at a time: its own fields' changes and its transits'
     * (items, statuses, photos, restores), each transit named as it is now.
     */
    async projectHistory(organizationId: string, projectId: string, offset = 0): Promise<ProjectHistory> {
      if (!(await repo.findProject(organizationId, projectId)))
        throw new AppError('NOT_FOUND', PROJECT_MESSAGES.notFound);
      // The page's rows are among the newest offset + page + 1 of each kind; one more tells whether more follow.
      const wanted = offset + PROJECT_HISTORY_PAGE_SIZE + 1;
      const [own, ofTransits] = await Promise.all([
        repo.listProjectChanges(organizationId, projectId, wanted),
        repo.listTransitChangesOfProject(organizationId, projectId, wanted),
      ]);
      const merged = [
        ...own.map((row) => ({
          id: row.id,
          transitId: null,
          transitName: null,
          action: row.action as HistoryAction,
          entries: readEntries(row.entries),
          revision: null,
          changedOn: row.changedOn,
          changedBy: nameOf(row),
        })),
        ...ofTransits.map((row) => ({
          id: row.id,
          transitId: row.transitId,
          transitName: row.transitName,
          action: row.action as HistoryAction,
          entries: readEntries(row.entries),
          revision: revisionLetter(row.revision),
          changedOn: row.changedOn,
          changedBy: nameOf(row),
        })),
      ].sort(
        (a, b) => b.changedOn.getTime() - a.changedOn.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
      );
      const page = merged.slice(offset, offset + PROJECT_HISTORY_PAGE_SIZE);
      return {
        changes: page.map((change) => ({ ...change, changedOn: change.changedOn.toISOString() })),
        hasMore: merged.length > offset + PROJECT_HISTORY_PAGE_SIZE,
      };
    },

    async restore(
      organizationId: string,
      actorId: string | null,
      transitId: string,
      changeId: string,
    ): Promise<TransitData> {
      const transit = await repo.findTransit(organizationId, transitId);
      if (!transit) throw new AppError('NOT_FOUND', TRANSIT_MESSAGES.notFound);
      const change = await repo.findChange(organizationId, transitId, changeId);
      if (!change) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.changeNotFound);
      const snapshot = transitSnapshotSchema.safeParse(change.snapshot);
      if (!snapshot.success) throw new AppError('VALIDATION_FAILED', HISTORY_MESSAGES.notRestorable);
      return restoreTransit(organizationId, transitId, snapshot.data, actorId);
    },

    /** Marks the project's transits issued: a document of them was exported or shared. */
    markIssued: (organizationId: string, projectId: string, on: Date) =>
      repo.markIssued(organizationId, projectId, on),

    /** Each live transit's revision letter and date, for the project's documents. */
    async revisionsOfProject(organizationId: string, projectId: string) {
      const rows = await repo.revisionsOfProject(organizationId, projectId);
      return new Map(
        rows.map((row) => [
          row.transitId,
          { revision: revisionLetter(row.revision ?? 0), revisedOn: row.revisedOn ?? row.createdOn },
        ]),
      );
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
