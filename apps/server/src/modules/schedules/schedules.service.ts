import { randomUUID } from 'node:crypto';
import {
  fillPercentOf,
  transitAreaMm2,
  type Catalogue,
  type OpeningSuggestions,
  type TransitInput,
  type TransitSizing,
} from '@sealplan/engine';
import {
  MAX_TRANSIT_CIRCLES,
  RECORD_MESSAGES,
  SCHEDULE_MESSAGES,
  SCHEDULE_TRANSIT_FIELDS,
  checkScheduleRow,
  isBlankRow,
  locationKey,
  locationPathText,
  isSectionRow,
  mappingProblems,
  rememberMapping,
  rememberedMappingSchema,
  scheduleMessage,
  scheduleRowNumber,
  tagKey,
  transitKey,
  unitFromHeading,
  type ImportScheduleInput,
  type ImportScheduleReport,
  type ReadScheduleFileRequest,
  type RememberedMapping,
  type ScheduleRowReport,
  type ScheduleField,
  type ScheduleRowValue,
  type ScheduleTable,
  type ScheduleTransitValue,
} from '@sealplan/contracts';
import type { Database } from '@sealplan/db';
import { AppError } from '../../errors';
import type { ChangeRecorder } from '../../shared/change-recorder';
import type { CpuCaller, CpuPool } from '../../workers/cpu-pool';
import type { ItemRow, TransitRow } from '../transits';
import type { NewItem, NewTransit, SchedulesRepository } from './schedules.repository';

/**
 * ADR 020: a cable and pipe schedule into a transit or a whole project. Every row is checked with the
 * contracts' rules; one rejected row and nothing is written. The transits that change are sized in the worker pool
 * before the transaction (ADR 015, as sizedSave does), then one short transaction checks that none of them changed
 * meanwhile and writes the new transits, the items with their derived diameters and the results.
 */

/** An import whose transits keep changing under it starts again this many times, then answers a conflict. */
export const IMPORT_ATTEMPTS = 3;

/** A transit placed at a location path by the import (ADR 031: the path's nodes are found or created). */
export interface LocationPlacement {
  transitId: string;
  path: string[];
}

/** The project's location tree as the import reads and writes it (the site module's, ADR 031). */
export interface ScheduleLocations {
  /**
   * The project's tree (every location's path from the root) and each live transit of the project that has a
   * location (transit id -> its path).
   */
  ofProject: (
    organizationId: string,
    projectId: string,
  ) => Promise<{ paths: string[][]; transits: Map<string, string[]> }>;
  /**
   * Inside the import's transaction: finds or creates each path's locations (names compared without case) and
   * places each transit there unless it has a location already (nothing is overwritten).
   */
  place: (
    tx: Database,
    organizationId: string,
    projectId: string,
    placements: readonly LocationPlacement[],
  ) => Promise<void>;
}

export interface SchedulesServiceDeps {
  repo: SchedulesRepository;
  /**
   * The history (ADR 032), written in the import's transaction: each transit's change (created, or its lines
   * added) and one change of the project naming the import.
   */
  history: Pick<ChangeRecorder, 'recordChange' | 'recordProjectChange'>;
  /** The location tree; without it a location column is read and checked but places nothing (unit tests). */
  locations?: ScheduleLocations;
  loadCatalogue: () => Promise<Catalogue>;
  /** Sizing and file reading run in the worker pool, off the event loop (ADR 015). */
  cpu: Pick<CpuPool, 'sizeTransit' | 'readSchedule' | 'suggestOpenings'>;
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
  /** A created transit's figures as its first row gave them, with that row's number (later rows must agree). */
  figures: { value: ScheduleTransitValue; row: number } | null;
  /** Where the transit is now (an existing transit's location), null: nowhere yet. */
  currentLocation: string[] | null;
  /** The location its first row with one gave, with that row's number (later rows must agree). */
  location: { path: string[]; row: number } | null;
}

const samePath = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, i) => locationKey(name) === locationKey(b[i]!));

/** Thrown in the write transaction when a transit changed after it was sized. */
class StaleImport extends Error {}

/**
 * A transit row as the import creates it: one copy, with the figures its rows give (shape, opening, type, class,
 * depth), else the import's defaults for new transits; the opening may still be sized to fit (sizeToFit).
 */
function newTransitRow(
  organizationId: string,
  projectId: string,
  name: string,
  itemTypeId: string | null,
  figures: ScheduleTransitValue,
  defaults: ImportScheduleInput['newTransits'],
  createdOn: Date,
): TransitRow {
  return {
    id: randomUUID(),
    guid: randomUUID(),
    organizationId,
    projectId,
    name,
    copies: 1,
    shape: figures.shape ?? 'ROUND',
    widthMm: figures.widthMm,
    heightMm: figures.heightMm,
    radiusMm: null,
    diameterMm: figures.diameterMm,
    nominalSize: null,
    sparePercent: null,
    comments: '',
    penetratingItemTypeId: itemTypeId,
    transitTypeId: figures.transitTypeId ?? defaults.transitTypeId,
    classId: figures.classId ?? defaults.classId,
    sealantType: null,
    sealantDepth: null,
    crusherPipeConfiguration: null,
    singleCrusherPipeId: null,
    depthMm: figures.depthMm ?? defaults.depthMm,
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

/** The figures of a transit row; its location is compared on its own (it may place existing transits too). */
const FIGURE_FIELDS = SCHEDULE_TRANSIT_FIELDS.filter(
  (field): field is Exclude<(typeof SCHEDULE_TRANSIT_FIELDS)[number], 'location'> => field !== 'location',
);

/** The transit figures one row gives, by field, as text to compare and report. */
const FIGURE_OF: Record<(typeof FIGURE_FIELDS)[number], (v: ScheduleTransitValue) => unknown> = {
  transitShape: (v) => v.shape,
  transitSize: (v) => [v.diameterMm, v.widthMm, v.heightMm],
  transitType: (v) => v.transitTypeId,
  transitClass: (v) => v.classId,
  transitDepth: (v) => v.depthMm,
};

/** Where a later row of a created transit gives other figures than its first: the field, or null. */
function differingFigure(first: ScheduleTransitValue, next: ScheduleTransitValue): ScheduleField | null {
  for (const field of FIGURE_FIELDS) {
    const a = FIGURE_OF[field](first);
    const b = FIGURE_OF[field](next);
    const given = (v: unknown) => (Array.isArray(v) ? v.some((x) => x !== null) : v !== null);
    if (given(a) && given(b) && JSON.stringify(a) !== JSON.stringify(b)) return field;
  }
  return null;
}

/** The figures a transit row and a schedule row share, by the same names. */
const FIGURE_KEYS = [
  'shape',
  'diameterMm',
  'widthMm',
  'heightMm',
  'transitTypeId',
  'classId',
  'depthMm',
] as const satisfies readonly (keyof ScheduleTransitValue & keyof TransitRow)[];

/** A created transit takes the figures a later row gives where its earlier rows left them out. */
function fillFigures(into: TargetTransit, next: ScheduleTransitValue): void {
  const merged: ScheduleTransitValue = { ...into.figures!.value };
  const row: TransitRow = { ...into.row };
  for (const key of FIGURE_KEYS) {
    const value = merged[key] ?? next[key];
    Object.assign(merged, { [key]: value });
    if (value !== null) Object.assign(row, { [key]: value });
  }
  into.figures = { ...into.figures!, value: merged };
  into.row = row;
}

/** Where a transit is after the import: where it was, else where its rows place it. */
function locationAfter(t: Pick<TargetTransit, 'currentLocation' | 'location'>): string | null {
  const path = t.currentLocation ?? t.location?.path ?? null;
  return path ? locationPathText(path) : null;
}

/** Rows whose warnings include the note that a transit keeps its location (a note, not a duplicate). */
const locationNoted = new WeakSet<ScheduleRowReport>();
/** Warnings of a row other than the location note: its duplicate tags. */
const duplicateWarnings = (r: ScheduleRowReport) => r.warnings.length - (locationNoted.has(r) ? 1 : 0);

/** The smaller of the round and rectangular suggestions (by area), or the one of the shape the rows ask for. */
function pickOpening(
  suggestions: OpeningSuggestions,
  shape: 'ROUND' | 'RECTANGLE' | null,
): OpeningSuggestions['round'] {
  const { round, rectangle } = suggestions;
  if (shape === 'ROUND') return round;
  if (shape === 'RECTANGLE') return rectangle;
  if (!round || !rectangle) return round ?? rectangle;
  const area = (s: NonNullable<typeof round>) =>
    transitAreaMm2({
      shape: s.standard.shape,
      diameterMm: s.standard.diameterMm ?? null,
      widthMm: s.standard.widthMm ?? null,
      heightMm: s.standard.heightMm ?? null,
      cornerRadiusMm: s.standard.cornerRadiusMm ?? null,
    });
  return area(rectangle) < area(round) ? rectangle : round;
}

export function createSchedulesService({
  repo,
  history,
  locations,
  loadCatalogue,
  cpu,
  now,
}: SchedulesServiceDeps) {
  async function remembered(organizationId: string): Promise<RememberedMapping | null> {
    const parsed = rememberedMappingSchema.safeParse(await repo.findMapping(organizationId));
    return parsed.success ? parsed.data : null;
  }

  /**
   * Checks every row and plans the writes against the project as it is now. Answers the targets (transits with
   * their new items) and the report of every row, in the schedule's order.
   */
  async function plan(organizationId: string, input: ImportScheduleInput, catalogue: Catalogue) {
    const existing = await repo.listTransits(organizationId, input.projectId);
    const tree = locations
      ? await locations.ofProject(organizationId, input.projectId)
      : { paths: [], transits: new Map<string, string[]>() };
    const placed = tree.transits;
    // Paths as the tree names them: a level the project has keeps its name ("deck 3" is "Deck 3"), and a level
    // this import creates is named by the first row that gives it.
    const known = [...tree.paths];
    const canonical = (path: readonly string[]): string[] => {
      const named: string[] = [];
      for (const name of path) {
        const level = named.length;
        const found = known.find((p) => p.length === level + 1 && samePath(p, [...named, name]));
        named.push(found ? found[level]! : name);
        if (!found) known.push([...named]);
      }
      return named;
    };
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
    const targetFor = (
      key: string,
      name: string,
      value: ScheduleRowValue,
      rowNumber: number,
    ): TargetTransit | null => {
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
          value.transit,
          input.newTransits,
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
        figures: row ? null : { value: value.transit, row: rowNumber },
        currentLocation: row ? (placed.get(row.id) ?? null) : null,
        location: null,
      };
      targets.set(key, made);
      return made;
    };

    const transitUnit =
      input.mapping.transitSize !== null
        ? (unitFromHeading(input.headings[input.mapping.transitSize] ?? '') ?? 'MM')
        : 'MM';
    const options = {
      diameterUnit: input.diameterUnit,
      intoOneTransit: intoOne,
      defaultItemType: input.defaultItemType,
      transitUnit,
      catalogue: { transitTypes: catalogue.transitTypes, classes: catalogue.classes },
    };
    const reports: ScheduleRowReport[] = [];
    input.rows.forEach((cells, index) => {
      const rowNumber = scheduleRowNumber(input, index);
      if (isBlankRow(cells) || isSectionRow(cells, input.mapping)) {
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
      const check = checkScheduleRow(cells, input.mapping, options);
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
      const into = targetFor(key, name, value, rowNumber);
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
          column: input.mapping.transit,
          message: scheduleMessage(SCHEDULE_MESSAGES.transitNotFound, { value: name }),
        });
        return;
      }
      // The rows of a created transit describe one transit: a later row may repeat or leave out its figures.
      const differs = into.figures ? differingFigure(into.figures.value, value.transit) : null;
      if (into.figures && differs) {
        const column = input.mapping[differs];
        report.status = 'REJECTED';
        report.problems.push({
          field: differs,
          column,
          message: scheduleMessage(SCHEDULE_MESSAGES.transitDiffers, {
            transit: into.row.name,
            field: input.headings[column ?? -1] ?? differs,
            value: (cells[column ?? -1] ?? '').trim(),
            other: String(FIGURE_OF[differs as keyof typeof FIGURE_OF](into.figures.value) ?? ''),
            row: into.figures.row,
          }),
        });
        return;
      }
      if (into.figures) fillFigures(into, value.transit);
      // ADR 031: the rows of one transit name one location; the first that names one places the transit.
      const path = value.transit.location;
      if (path && into.location && !samePath(into.location.path, path)) {
        report.status = 'REJECTED';
        report.problems.push({
          field: 'location',
          column: input.mapping.location,
          message: scheduleMessage(SCHEDULE_MESSAGES.transitDiffers, {
            transit: into.row.name,
            field: input.headings[input.mapping.location ?? -1] ?? 'location',
            value: (cells[input.mapping.location ?? -1] ?? '').trim(),
            other: locationPathText(into.location.path),
            row: into.location.row,
          }),
        });
        return;
      }
      if (path && !into.location) {
        into.location = { path: canonical(path), row: rowNumber };
        // An existing transit keeps the location it has (nothing is overwritten); the row says so.
        if (into.currentLocation && !samePath(into.currentLocation, path)) {
          locationNoted.add(report);
          report.warnings.push(
            scheduleMessage(SCHEDULE_MESSAGES.locationKept, {
              transit: into.row.name,
              location: locationPathText(into.currentLocation),
              value: locationPathText(into.location.path),
            }),
          );
        }
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
        specification: value.specification,
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
        report.problems.push({ field: 'quantity', column: input.mapping.quantity, message });
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
        duplicates: reports.filter((r) => duplicateWarnings(r) > 0).length,
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
          shape: t.row.shape === 'RECTANGLE' ? ('RECTANGLE' as const) : ('ROUND' as const),
          diameterMm: t.row.diameterMm,
          widthMm: t.row.widthMm,
          heightMm: t.row.heightMm,
          location: locationAfter(t),
          filledPercent: sizing && sizing.transitAreaMm2 > 0 ? fillPercentOf(sizing) : null,
          fits: sizing && sizing.transitAreaMm2 > 0 ? sizing.packing.fits && !sizing.overfilled : null,
        };
      }),
    };
  }

  /**
   * Gives each created transit that has no opening the smallest standard one its items fit (the engine's search,
   * ADR 020, in the worker pool). A transit no standard opening holds has its rows rejected, with the reason.
   */
  async function sizeOpenings(targets: TargetTransit[], catalogue: Catalogue, job: CpuCaller) {
    const standards = catalogue.standardOpenings ?? [];
    const open = targets.filter(
      (t) => t.created && !(t.row.diameterMm ?? 0) && !((t.row.widthMm ?? 0) && (t.row.heightMm ?? 0)),
    );
    await Promise.all(
      open.map(async (t) => {
        const asked = t.figures?.value.shape ?? null;
        const suggestions = await cpu.suggestOpenings(
          {
            transit: {
              shape: asked ?? 'ROUND',
              itemTypeId: t.row.penetratingItemTypeId as TransitInput['itemTypeId'],
              transitTypeId: t.row.transitTypeId as TransitInput['transitTypeId'],
              classId: t.row.classId as TransitInput['classId'],
              depthMm: t.row.depthMm,
            },
            items: t.newItems.map((i) => ({
              quantity: i.quantity,
              outerDiameterMm: i.outerDiameterMm,
              itemTypeId: (i.itemTypeId ?? null) as TransitInput['itemTypeId'],
            })),
            catalogue,
            standards,
          },
          job,
        );
        const best = pickOpening(suggestions, asked);
        if (!best) {
          const message = scheduleMessage(SCHEDULE_MESSAGES.noStandardOpening, { transit: t.row.name });
          for (const report of t.rows) {
            report.status = 'REJECTED';
            report.problems.push({ field: 'transit', column: null, message });
          }
          return;
        }
        const s = best.standard;
        t.row = {
          ...t.row,
          shape: s.shape,
          diameterMm: s.shape === 'ROUND' ? (s.diameterMm ?? null) : null,
          widthMm: s.shape === 'RECTANGLE' ? (s.widthMm ?? null) : null,
          heightMm: s.shape === 'RECTANGLE' ? (s.heightMm ?? null) : null,
          radiusMm: s.shape === 'RECTANGLE' ? (s.cornerRadiusMm ?? null) : null,
        };
      }),
    );
  }

  /**
   * ADR 032, inside the import's transaction: each transit's change as a save would record it (a created transit
   * with its lines as added, an existing one with the lines the import added; a transit the import placed with its
   * location too), then one change of the project that names the import: the file, the rows, items and transits.
   */
  async function recordHistory(
    tx: Database,
    organizationId: string,
    input: ImportScheduleInput,
    actorId: string | null,
    targets: readonly TargetTransit[],
    reports: readonly ScheduleRowReport[],
  ) {
    for (const t of targets) {
      const placed = locations && t.location && !t.currentLocation ? t.location.path : null;
      await history.recordChange(tx, {
        organizationId,
        projectId: input.projectId,
        transitId: t.row.id,
        actorId,
        action: t.created ? 'created' : 'updated',
        before: t.created ? null : { transit: t.row, items: t.items },
        after: { transit: t.row, items: [...t.items, ...t.newItems] },
        moreEntries: placed ? [{ kind: 'location', before: [], after: placed }] : [],
      });
    }
    await history.recordProjectChange(tx, {
      organizationId,
      projectId: input.projectId,
      actorId,
      action: 'imported',
      before: null,
      after: null,
      entries: [
        {
          kind: 'scheduleImported',
          fileName: input.fileName ?? null,
          rows: reports.filter((r) => r.status === 'READY').length,
          items: targets.reduce((n, t) => n + circlesOf(t.newItems), 0),
          transitsCreated: targets.filter((t) => t.created).length,
          transitsChanged: targets.filter((t) => !t.created).length,
        },
      ],
    });
  }

  return {
    /** The organization's remembered mapping (null before its first import). */
    async getMapping(organizationId: string) {
      return { remembered: await remembered(organizationId) };
    },

    /** A CSV or XLSX file's first sheet as headings and rows, with the organization's remembered mapping. */
    async readFile(organizationId: string, input: ReadScheduleFileRequest): Promise<ScheduleTable> {
      // Every sheet's rows with the heading row found in each; the screen offers the best sheet first.
      const bytes = new Uint8Array(Buffer.from(input.contentBase64, 'base64'));
      const read = await cpu.readSchedule(bytes, { organizationId });
      if (!read.ok) throw new AppError('BAD_REQUEST', read.message);
      return { ...read.table, remembered: await remembered(organizationId) };
    },

    /**
     * ADR 020: the import, all of it in one transaction or none of it, its history with it (ADR 032); a dry run
     * only reports. `actorId` is who imports (the history's author).
     */
    async importSchedule(
      organizationId: string,
      input: ImportScheduleInput,
      actorId: string | null,
    ): Promise<ImportScheduleReport> {
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
        const { targets, reports } = await plan(organizationId, input, catalogue);
        if (input.dryRun || reports.some((r) => r.status === 'REJECTED') || targets.length === 0)
          return reportOf(input, reports, targets, null);

        // One bulk job for the whole import (ADR 022): its opening searches and sizings take their turns together.
        const job = { organizationId, lane: 'bulk' as const };
        // New transits without an opening get the smallest standard one their items fit, when asked.
        if (input.newTransits.sizeToFit) await sizeOpenings(targets, catalogue, job);
        if (reports.some((r) => r.status === 'REJECTED')) return reportOf(input, reports, targets, null);

        // Sized in the worker pool, with no transaction open (ADR 015), in the bulk lane (ADR 022).
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
                specification: item.specification ?? null,
                itemTypeId: item.itemTypeId ?? null,
                sort: item.sort ?? 0,
                isRemoved: false,
                version: 1,
                createdOn: t.row.createdOn,
                lastUpdatedOn: t.row.createdOn,
              })),
            ];
            sized.set(t.row.id, await cpu.sizeTransit([t.row, planned, catalogue, null], job));
          }),
        );

        try {
          await repo.transaction(async (q, tx) => {
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
            // ADR 031: the transits the schedule places, at locations found or created in the project's tree.
            const placements = targets.flatMap((t) =>
              t.location && !t.currentLocation ? [{ transitId: t.row.id, path: t.location.path }] : [],
            );
            if (locations && placements.length > 0)
              await locations.place(tx, organizationId, input.projectId, placements);
            await recordHistory(tx, organizationId, input, actorId, targets, reports);
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
