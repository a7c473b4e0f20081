import { randomUUID } from 'node:crypto';
import { fillPercentOf, type Catalogue, type TransitSizing } from '@sealplan/engine';
import {
  MAX_TRANSIT_CIRCLES,
  RECORD_MESSAGES,
  SCHEDULE_MESSAGES,
  checkScheduleRow,
  isBlankRow,
  mappingProblems,
  rememberMapping,
  rememberedMappingSchema,
  scheduleMessage,
  tagKey,
  transitKey,
  type ImportScheduleInput,
  type ImportScheduleReport,
  type ReadScheduleFileRequest,
  type RememberedMapping,
  type ScheduleRowReport,
  type ScheduleRowValue,
  type ScheduleTable,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import type { CpuPool } from '../../workers/cpu-pool';
import type { ItemRow, TransitRow } from '../transits/transits.repository';
import type { NewItem, NewTransit, SchedulesRepository } from './schedules.repository';

/**
 * Issue 22: a cable and pipe schedule into a transit or a whole project (ADR 020). Every row is checked with the
 * contracts' rules; one rejected row and nothing is written. The transits that change are sized in the worker pool
 * before the transaction (ADR 015, as sizedSave does), then one short transaction checks that none of them changed
 * meanwhile and writes the new transits, the items with their derived diameters and the results.
 */

/** An import whose transits keep changing under it starts again this many times, then answers a conflict. */
export const IMPORT_ATTEMPTS = 3;

export interface SchedulesServiceDeps {
  repo: SchedulesRepository;
  loadCatalogue: () => Promise<Catalogue>;
  /** Sizing and file reading run in the worker pool, off the event loop (ADR 015). */
  cpu: Pick<CpuPool, 'sizeTransit' | 'readSchedule'>;
  now: () => Date;
}

/** One transit the import writes to: an existing one, or one it creates. */
interface TargetTransit {
  key: string;
  row: TransitRow;
  created: boolean;
  items: ItemRow[];
  newItems: NewItem[];
  /** Tags already on the transit, and those of earlier rows of this import (tag key -> where). */
  tags: Map<string, { row: number | null }>;
  rows: ScheduleRowReport[];
}

/** Thrown in the write transaction when a transit changed after it was sized. */
class StaleImport extends Error {}

/** A transit row as the import creates it: round, one copy, no dimensions yet (the user completes it). */
function newTransitRow(
  organizationId: string,
  projectId: string,
  name: string,
  itemTypeId: string | null,
  createdOn: Date,
): TransitRow {
  return {
    id: randomUUID(),
    guid: randomUUID(),
    organizationId,
    projectId,
    name,
    copies: 1,
    shape: 'ROUND',
    widthMm: null,
    heightMm: null,
    radiusMm: null,
    diameterMm: null,
    nominalSize: null,
    sparePercent: null,
    comments: '',
    penetratingItemTypeId: itemTypeId,
    transitTypeId: null,
    classId: null,
    sealantType: null,
    sealantDepth: null,
    crusherPipeConfiguration: null,
    singleCrusherPipeId: null,
    depthMm: null,
    penetratingItemCount: 0,
    results: null,
    isRemoved: false,
    version: 1,
    createdOn,
    lastUpdatedOn: createdOn,
  };
}

/** What a transit's sizing read: equal keys mean nobody changed the transit or its items in between. */
function transitKeyOf(row: TransitRow, items: readonly ItemRow[]): string {
  return JSON.stringify([row.version, items.map((i) => [i.id, i.version])]);
}

const circlesOf = (items: readonly { quantity: number }[]) => items.reduce((n, i) => n + i.quantity, 0);

export function createSchedulesService({ repo, loadCatalogue, cpu, now }: SchedulesServiceDeps) {
  async function remembered(organizationId: string): Promise<RememberedMapping | null> {
    const parsed = rememberedMappingSchema.safeParse(await repo.findMapping(organizationId));
    return parsed.success ? parsed.data : null;
  }

  /**
   * Checks every row and plans the writes against the project as it is now. Answers the targets (transits with
   * their new items) and the report of every row, in the schedule's order.
   */
  async function plan(organizationId: string, input: ImportScheduleInput) {
    const existing = await repo.listTransits(organizationId, input.projectId);
    const items = await repo.listItems(
      organizationId,
      existing.map((t) => t.id),
    );
    const itemsByTransit = new Map<string, ItemRow[]>();
    for (const item of items) {
      const list = itemsByTransit.get(item.transitId);
      if (list) list.push(item);
      else itemsByTransit.set(item.transitId, [item]);
    }
    const intoOne = Boolean(input.transitId);
    const byKey = new Map<string, TransitRow>();
    for (const t of existing) if (!byKey.has(transitKey(t.name))) byKey.set(transitKey(t.name), t);
    const target = input.transitId ? existing.find((t) => t.id === input.transitId) : undefined;
    if (input.transitId && !target) throw new AppError('NOT_FOUND', SCHEDULE_MESSAGES.targetTransitNotFound);

    const targets = new Map<string, TargetTransit>();
    const targetFor = (key: string, name: string, value: ScheduleRowValue): TargetTransit | null => {
      const found = targets.get(key);
      if (found) return found;
      const row = target ?? byKey.get(key);
      if (!row && !input.createTransits) return null;
      const transitRow =
        row ??
        newTransitRow(
          organizationId,
          input.projectId,
          name,
          value.itemTypeId,
          new Date(now().getTime() + targets.size),
        );
      const own = row ? (itemsByTransit.get(row.id) ?? []) : [];
      const tags = new Map<string, { row: number | null }>();
      for (const item of own) if (item.tag) tags.set(tagKey(item.tag), { row: null });
      const made: TargetTransit = {
        key,
        row: transitRow,
        created: !row,
        items: own,
        newItems: [],
        tags,
        rows: [],
      };
      targets.set(key, made);
      return made;
    };

    const reports: ScheduleRowReport[] = [];
    input.rows.forEach((cells, index) => {
      const rowNumber = index + 2;
      if (isBlankRow(cells)) {
        reports.push({
          row: rowNumber,
          status: 'BLANK',
          transitName: null,
          tag: null,
          problems: [],
          warnings: [],
        });
        return;
      }
      const check = checkScheduleRow(cells, input.mapping, input.diameterUnit, intoOne);
      if (!check.ok) {
        const transitName =
          input.mapping.transit !== null ? (cells[input.mapping.transit] ?? '').trim() : null;
        const tag = input.mapping.tag !== null ? (cells[input.mapping.tag] ?? '').trim() || null : null;
        reports.push({
          row: rowNumber,
          status: 'REJECTED',
          transitName,
          tag,
          problems: check.problems,
          warnings: [],
        });
        return;
      }
      const value = check.value;
      const name = target ? target.name : value.transitName!;
      const key = target ? transitKey(target.name) : transitKey(name);
      const into = targetFor(key, name, value);
      const report: ScheduleRowReport = {
        row: rowNumber,
        status: 'READY',
        transitName: into?.row.name ?? name,
        tag: value.tag,
        problems: [],
        warnings: [],
      };
      reports.push(report);
      if (!into) {
        report.status = 'REJECTED';
        report.problems.push({
          field: 'transit',
          message: scheduleMessage(SCHEDULE_MESSAGES.transitNotFound, { value: name }),
        });
        return;
      }
      if (value.tag) {
        const seen = into.tags.get(tagKey(value.tag));
        if (seen) {
          report.warnings.push(
            seen.row === null
              ? scheduleMessage(SCHEDULE_MESSAGES.duplicateInTransit, {
                  value: value.tag,
                  transit: into.row.name,
                })
              : scheduleMessage(SCHEDULE_MESSAGES.duplicateInFile, { value: value.tag, row: seen.row }),
          );
          if (input.skipDuplicates) {
            report.status = 'DUPLICATE_SKIPPED';
            return;
          }
        } else into.tags.set(tagKey(value.tag), { row: rowNumber });
      }
      into.rows.push(report);
      into.newItems.push({
        id: randomUUID(),
        transitId: into.row.id,
        itemTypeId: value.itemTypeId,
        quantity: value.quantity,
        outerDiameterMm: value.outerDiameterMm,
        crusherId: null,
        tag: value.tag,
        sort: 0,
        isRemoved: false,
      });
    });

    // A transit holds at most MAX_TRANSIT_CIRCLES items: the rows that would pass it are rejected, with the count.
    for (const t of targets.values()) {
      const count = circlesOf(t.items) + circlesOf(t.newItems);
      if (count <= MAX_TRANSIT_CIRCLES) continue;
      const message = scheduleMessage(SCHEDULE_MESSAGES.tooManyCircles, { transit: t.row.name, count });
      for (const report of t.rows) {
        report.status = 'REJECTED';
        report.problems.push({ field: 'quantity', message });
      }
    }
    // New lines follow the transit's existing ones, in the schedule's order.
    for (const t of targets.values()) {
      let sort = Math.max(-1, ...t.items.map((i) => i.sort)) + 1;
      for (const item of t.newItems) item.sort = sort++;
    }
    return { targets: [...targets.values()].filter((t) => t.newItems.length > 0), reports };
  }

  function reportOf(
    input: ImportScheduleInput,
    reports: ScheduleRowReport[],
    targets: TargetTransit[],
    sized: Map<string, TransitSizing> | null,
  ): ImportScheduleReport {
    const count = (status: ScheduleRowReport['status']) => reports.filter((r) => r.status === status).length;
    const rejected = count('REJECTED');
    const applied = rejected === 0 && !input.dryRun && targets.length > 0;
    if (applied) for (const r of reports) if (r.status === 'READY') r.status = 'IMPORTED';
    return {
      applied,
      dryRun: input.dryRun,
      message: rejected > 0 ? scheduleMessage(SCHEDULE_MESSAGES.rejected, { count: rejected }) : null,
      rows: reports,
      counts: {
        rows: reports.length,
        imported: applied ? count('IMPORTED') : 0,
        rejected,
        duplicates: reports.filter((r) => r.warnings.length > 0).length,
        blank: count('BLANK'),
        items: targets.reduce((n, t) => n + circlesOf(t.newItems), 0),
      },
      transits: targets.map((t) => {
        const sizing = sized?.get(t.row.id) ?? null;
        return {
          id: t.created && !applied ? null : t.row.id,
          name: t.row.name,
          created: t.created,
          itemLines: t.newItems.length,
          filledPercent: sizing && sizing.transitAreaMm2 > 0 ? fillPercentOf(sizing) : null,
          fits: sizing && sizing.transitAreaMm2 > 0 ? sizing.packing.fits && !sizing.overfilled : null,
        };
      }),
    };
  }

  return {
    /** The organization's remembered mapping (null before its first import). */
    async getMapping(organizationId: string) {
      return { remembered: await remembered(organizationId) };
    },

    /** A CSV or XLSX file's first sheet as headings and rows, with the organization's remembered mapping. */
    async readFile(organizationId: string, input: ReadScheduleFileRequest): Promise<ScheduleTable> {
      const read = await cpu.readSchedule(new Uint8Array(Buffer.from(input.contentBase64, 'base64')));
      if (!read.ok) throw new AppError('BAD_REQUEST', read.message);
      return { ...read.table, remembered: await remembered(organizationId) };
    },

    /** Spec of issue 22: the import, all of it in one transaction or none of it; a dry run only reports. */
    async importSchedule(organizationId: string, input: ImportScheduleInput): Promise<ImportScheduleReport> {
      const problems = mappingProblems(input.mapping, Boolean(input.transitId));
      const first = Object.values(problems)[0];
      if (first)
        throw new AppError(
          'VALIDATION_FAILED',
          first,
          Object.fromEntries(
            Object.entries(problems).map(([field, message]) => [`mapping.${field}`, message]),
          ),
        );
      if (!(await repo.projectIsLive(organizationId, input.projectId)))
        throw new AppError('NOT_FOUND', SCHEDULE_MESSAGES.projectNotFound);
      const catalogue = await loadCatalogue();

      for (let attempt = 1; ; attempt++) {
        const { targets, reports } = await plan(organizationId, input);
        if (input.dryRun || reports.some((r) => r.status === 'REJECTED') || targets.length === 0)
          return reportOf(input, reports, targets, null);

        // Sized in the worker pool, with no transaction open (ADR 015).
        const sized = new Map<string, TransitSizing>();
        await Promise.all(
          targets.map(async (t) => {
            const planned: ItemRow[] = [
              ...t.items,
              ...t.newItems.map((item) => ({
                ...item,
                organizationId,
                guid: item.id,
                crusherId: null,
                plasticPipeDiameterMm: null,
                sleevedDiameterMm: null,
                diameterPlusClearanceMm: null,
                tag: item.tag ?? null,
                itemTypeId: item.itemTypeId ?? null,
                sort: item.sort ?? 0,
                isRemoved: false,
                version: 1,
                createdOn: t.row.createdOn,
                lastUpdatedOn: t.row.createdOn,
              })),
            ];
            sized.set(t.row.id, await cpu.sizeTransit([t.row, planned, catalogue, null]));
          }),
        );

        try {
          await repo.transaction(async (q) => {
            // The project's transits are locked, so no save can slip in between this check and the writes.
            const live = new Map(
              (await q.listTransits(organizationId, input.projectId, true)).map((t) => [t.id, t]),
            );
            const changed = targets.filter((t) => !t.created);
            const liveItems = await q.listItems(
              organizationId,
              changed.map((t) => t.row.id),
            );
            for (const t of changed) {
              const row = live.get(t.row.id);
              const own = liveItems.filter((i) => i.transitId === t.row.id);
              if (!row || transitKeyOf(row, own) !== transitKeyOf(t.row, t.items)) throw new StaleImport();
            }
            const created = targets.filter((t) => t.created);
            if (created.some((t) => [...live.values()].some((row) => transitKey(row.name) === t.key)))
              throw new StaleImport();
            await q.insertTransits(
              organizationId,
              created.map(({ row }): NewTransit => {
                const { organizationId: _o, results: _r, penetratingItemCount: _n, ...values } = row;
                return values;
              }),
            );
            const newItems: NewItem[] = [];
            for (const t of targets) {
              const results = sized.get(t.row.id)!;
              for (const s of results.items) {
                const item = t.newItems[s.index - t.items.length];
                if (!item || s.index < t.items.length) continue;
                newItems.push({
                  ...item,
                  plasticPipeDiameterMm: s.plasticPipeDiameterMm,
                  sleevedDiameterMm: s.sleevedDiameterMm,
                  diameterPlusClearanceMm: s.quantity > 0 ? s.diameterPlusClearanceMm : null,
                });
              }
            }
            await q.insertItems(organizationId, newItems);
            for (const t of targets) await q.storeResults(organizationId, t.row.id, sized.get(t.row.id)!);
            await q.touchProject(organizationId, input.projectId);
            await q.saveMapping(
              organizationId,
              rememberMapping(input.headings, input.mapping, input.diameterUnit) as unknown as Record<
                string,
                unknown
              >,
            );
          });
          return reportOf(input, reports, targets, sized);
        } catch (error) {
          if (!(error instanceof StaleImport)) throw error;
          if (attempt >= IMPORT_ATTEMPTS)
            throw new AppError('VERSION_CONFLICT', RECORD_MESSAGES.versionConflict);
        }
      }
    },
  };
}

export type SchedulesService = ReturnType<typeof createSchedulesService>;
