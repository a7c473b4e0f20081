import { randomUUID } from 'node:crypto';
import {
  RISE_ULTRA,
  allowedClasses,
  allowedSealants,
  allowedTransitTypes,
  engineMessage,
  nearlyEqual,
  normaliseTransit,
  pipeConfigurationOptions,
  roundTo,
  sealantLayerOptions,
  sizeTransit,
  type Catalogue,
  type TransitInput,
  type TransitSizing,
} from '@sealplan/engine';
import {
  PENETRATING_ITEM_MESSAGES,
  RECORD_MESSAGES,
  TRANSIT_MESSAGES,
  checkMinimumDepth,
  circleCount,
  tooManyCirclesMessage,
  penetratingItemInputSchema,
  savePenetratingItemsAndTransitRequestSchema,
  savePenetratingItemsRequestSchema,
  toItemInputs,
  toTransitInput,
  transitInputSchema,
  type PenetratingItem,
  type PackingLayout,
  type PenetratingItemSaveInput,
  type SavePenetratingItemsAndTransitRequest,
  type SavePenetratingItemsRequest,
  type Transit,
  type TransitData,
  type TransitSaveInput,
  type TransitSaveValues,
} from '@sealplan/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { CatalogueNames } from '../catalogue/catalogue.repository';
import type { CpuPool } from '../../workers/cpu-pool';
import { parseInput } from '../instance/parse-input';
import { expectedVersion } from '../customers/customers.service';
import type {
  ItemRow,
  TransitQueries,
  TransitFields,
  TransitRow,
  TransitValues,
  TransitsRepository,
} from './transits.repository';

type ItemValuesIn = z.output<typeof penetratingItemInputSchema>;

function reference(id: string | null, display: string | undefined, model: string) {
  return id ? { id, display: display ?? id, model } : null;
}

/** Spec §3 transit as answered, with references named from the catalogue. */
export function presentTransit(row: TransitRow, catalogue: CatalogueNames): Transit {
  const itemTypeId = row.penetratingItemTypeId as Transit['penetratingItemTypeId'];
  const transitTypeId = row.transitTypeId as Transit['transitTypeId'];
  const classId = row.classId as Transit['classId'];
  return {
    id: row.id,
    guid: row.guid,
    projectId: row.projectId,
    name: row.name,
    copies: row.copies,
    shape: row.shape as Transit['shape'],
    widthMm: row.widthMm,
    heightMm: row.heightMm,
    radiusMm: row.radiusMm,
    diameterMm: row.diameterMm,
    nominalSize: row.nominalSize,
    sparePercent: row.sparePercent,
    comments: row.comments,
    penetratingItemTypeId: itemTypeId ?? null,
    transitTypeId: transitTypeId ?? null,
    classId: classId ?? null,
    penetratingItemType: reference(
      row.penetratingItemTypeId,
      catalogue.itemTypes.find((t) => t.id === itemTypeId)?.name,
      'PenetratingItemType',
    ),
    transitType: reference(
      row.transitTypeId,
      catalogue.transitTypes.find((t) => t.id === transitTypeId)?.name,
      'TransitType',
    ),
    class: reference(row.classId, catalogue.classes.find((c) => c.id === classId)?.name, 'TransitClass'),
    sealantType: row.sealantType,
    sealantDepth: row.sealantDepth as Transit['sealantDepth'],
    crusherPipeConfiguration: row.crusherPipeConfiguration as Transit['crusherPipeConfiguration'],
    singleCrusherPipeId: row.singleCrusherPipeId,
    depthMm: row.depthMm,
    penetratingItemCount: row.penetratingItemCount,
    isRemoved: row.isRemoved,
    version: row.version,
    auditing: { createdOn: row.createdOn.toISOString(), lastUpdatedOn: row.lastUpdatedOn.toISOString() },
    results: (row.results ?? null) as TransitSizing | null,
  };
}

export function presentItem(row: ItemRow): PenetratingItem {
  return {
    id: row.id,
    guid: row.guid,
    transitId: row.transitId,
    itemTypeId: row.itemTypeId as PenetratingItem['itemTypeId'],
    quantity: row.quantity,
    outerDiameterMm: row.outerDiameterMm,
    crusherId: row.crusherId,
    plasticPipeDiameterMm: row.plasticPipeDiameterMm,
    sleevedDiameterMm: row.sleevedDiameterMm,
    diameterPlusClearanceMm: row.diameterPlusClearanceMm,
    tag: row.tag,
    sort: row.sort,
    isRemoved: row.isRemoved,
    version: row.version,
    auditing: { createdOn: row.createdOn.toISOString(), lastUpdatedOn: row.lastUpdatedOn.toISOString() },
  };
}

/** Stored transit row -> the fields the engine needs. */
function rowToValues(row: TransitFields): Parameters<typeof toTransitInput>[0] {
  return {
    shape: row.shape as TransitSaveValues['shape'],
    diameterMm: row.diameterMm,
    widthMm: row.widthMm,
    heightMm: row.heightMm,
    radiusMm: row.radiusMm,
    copies: row.copies,
    sparePercent: row.sparePercent,
    penetratingItemTypeId: row.penetratingItemTypeId as TransitSaveValues['penetratingItemTypeId'],
    transitTypeId: row.transitTypeId as TransitSaveValues['transitTypeId'],
    classId: row.classId as TransitSaveValues['classId'],
    sealantType: row.sealantType,
    sealantDepth: row.sealantDepth as TransitSaveValues['sealantDepth'],
    crusherPipeConfiguration: row.crusherPipeConfiguration as TransitSaveValues['crusherPipeConfiguration'],
    singleCrusherPipeId: row.singleCrusherPipeId,
    depthMm: row.depthMm,
  };
}

/**
 * The figures the server stores for a transit: the engine's sizeTransit with the database catalogue, for the
 * stored transit and its live items (in their order). `layout`, the browser's layout sent with the save, is only a
 * certificate: the engine keeps it when validateLayout accepts it, otherwise it solves the packing (ADR 004).
 */
export function computeResults(
  row: TransitRow,
  items: readonly ItemRow[],
  catalogue: Catalogue,
  layout?: PackingLayout | null,
): TransitSizing {
  return sizeTransit({
    transit: toTransitInput(rowToValues(row)),
    items: toItemInputs(
      items.map((i) => ({ ...i, itemTypeId: i.itemTypeId as PenetratingItem['itemTypeId'] })),
    ),
    catalogue,
    packing: layout ?? null,
  });
}

/** Spec §3–§5 rules a saved transit must meet against the catalogue; field paths under `prefix`. */
export function checkTransitAgainstCatalogue(
  values: TransitSaveValues,
  catalogue: Catalogue,
  prefix = 'transit',
): void {
  const problems: Record<string, string> = {};
  const itemType = values.penetratingItemTypeId ?? null;
  const transitType = values.transitTypeId ?? null;
  if (
    itemType &&
    transitType &&
    !allowedTransitTypes(catalogue, itemType).some((t) => t.id === transitType)
  ) {
    problems[`${prefix}.transitTypeId`] = TRANSIT_MESSAGES.transitTypeNotAllowed;
  }
  if (
    itemType &&
    transitType &&
    values.classId &&
    !allowedClasses(catalogue, itemType, transitType).some((c) => c.id === values.classId)
  ) {
    problems[`${prefix}.classId`] = TRANSIT_MESSAGES.classNotAllowed;
  }
  if (itemType && values.classId && values.sealantType) {
    if (!allowedSealants(catalogue, itemType, values.classId).some((s) => s.id === values.sealantType)) {
      problems[`${prefix}.sealantType`] = TRANSIT_MESSAGES.sealantNotAllowed;
    }
  }
  // Spec §4: the sealant layers and pipe configurations the form offers for the transit type and shape.
  if (values.sealantDepth && !sealantLayerOptions(transitType).includes(values.sealantDepth)) {
    problems[`${prefix}.sealantDepth`] = TRANSIT_MESSAGES.sealantDepthNotAllowed;
  }
  if (
    values.crusherPipeConfiguration &&
    !pipeConfigurationOptions({ transitTypeId: transitType, shape: values.shape }).includes(
      values.crusherPipeConfiguration,
    )
  ) {
    problems[`${prefix}.crusherPipeConfiguration`] = TRANSIT_MESSAGES.pipeConfigurationNotAllowed;
  }
  if (values.singleCrusherPipeId && !catalogue.crushers.some((c) => c.id === values.singleCrusherPipeId)) {
    problems[`${prefix}.singleCrusherPipeId`] = TRANSIT_MESSAGES.pipeNotFound;
  }
  // Spec §5 minimum depth (the rule lives in contracts, shared with the web form).
  const depth = checkMinimumDepth(catalogue, {
    itemTypeId: itemType,
    classId: values.classId ?? null,
    depthMm: values.depthMm ?? null,
  });
  if (!depth.ok && depth.message) problems[`${prefix}.depthMm`] = depth.message;
  const first = Object.values(problems)[0];
  if (first) throw new AppError('VALIDATION_FAILED', first, problems);
}

/** Fields the spec §4 cascade may set, as saved and as the engine names them. */
const CASCADED_FIELDS = [
  ['transitTypeId', 'transitTypeId'],
  ['classId', 'classId'],
  ['sealantType', 'sealantType'],
  ['sealantDepth', 'sealantDepth'],
  ['crusherPipeConfiguration', 'pipeConfiguration'],
  ['singleCrusherPipeId', 'singleCrusherPipeId'],
  ['shape', 'shape'],
  ['diameterMm', 'diameterMm'],
  ['depthMm', 'depthMm'],
] as const satisfies readonly (readonly [keyof TransitSaveValues, keyof TransitInput])[];

function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return nearlyEqual(a, b);
  return a === b;
}

/**
 * ADR 010: what is stored is exactly what the engine computes with. Runs the engine's spec §4 cascade
 * (`normaliseTransit`) on the values to save: a field left empty takes what the cascade sets (the only transit
 * type or class left, the minimum depth, 'Double' layers, the single pipe's inside diameter); a field given that the
 * cascade would change is refused with its message, never rewritten. Call after `checkTransitAgainstCatalogue`,
 * which names the more specific refusals first.
 */
export function normaliseForSave(
  values: TransitSaveValues,
  catalogue: Catalogue,
  prefix = 'transit',
): TransitSaveValues {
  const { transit: normal } = normaliseTransit(catalogue, toTransitInput(values));
  const out: Record<string, unknown> = { ...values };
  const problems: Record<string, string> = {};
  for (const [field, engineField] of CASCADED_FIELDS) {
    const given = values[field] ?? null;
    const wanted = normal[engineField] ?? null;
    if (sameValue(given, wanted)) continue;
    if (given === null) {
      out[field] = wanted;
      continue;
    }
    problems[`${prefix}.${field}`] = cascadeMessage(field, normal);
  }
  const first = Object.values(problems)[0];
  if (first) throw new AppError('VALIDATION_FAILED', first, problems);
  return out as TransitSaveValues;
}

function cascadeMessage(field: (typeof CASCADED_FIELDS)[number][0], normal: TransitInput): string {
  switch (field) {
    case 'transitTypeId':
      return TRANSIT_MESSAGES.transitTypeNotAllowed;
    case 'classId':
      return TRANSIT_MESSAGES.classNotAllowed;
    case 'sealantType':
      return TRANSIT_MESSAGES.sealantNotAllowed;
    case 'sealantDepth':
      return TRANSIT_MESSAGES.sealantDepthNotAllowed;
    case 'crusherPipeConfiguration':
    case 'shape':
      return TRANSIT_MESSAGES.pipeConfigurationNotAllowed;
    case 'singleCrusherPipeId':
      return TRANSIT_MESSAGES.singlePipeNotAllowed;
    case 'diameterMm':
      return TRANSIT_MESSAGES.singlePipeDiameter.replace(
        '{diameter}',
        String(roundTo(normal.diameterMm ?? 0, 2)),
      );
    case 'depthMm':
      // Spec §4/§8: RISE_ULTRA depth is fixed at the minimum; the spec's text says how to get a longer one.
      return normal.transitTypeId === RISE_ULTRA
        ? engineMessage('RISE_ULTRA_LONGER_DEPTH').text
        : TRANSIT_MESSAGES.minimumDepth.replace('{min}', String(normal.depthMm));
  }
}

function checkItemsAgainstCatalogue(items: readonly ItemValuesIn[], catalogue: Catalogue): void {
  const problems: Record<string, string> = {};
  items.forEach((item, index) => {
    if (item.crusherId && !catalogue.crushers.some((c) => c.id === item.crusherId)) {
      problems[`penetratingItems.${index}.crusherId`] = PENETRATING_ITEM_MESSAGES.crusherNotFound;
    }
  });
  const first = Object.values(problems)[0];
  if (first) throw new AppError('VALIDATION_FAILED', first, problems);
}

function transitValues(input: TransitSaveValues): Omit<TransitValues, 'projectId' | 'name'> {
  return {
    copies: input.copies,
    shape: input.shape,
    widthMm: input.widthMm ?? null,
    heightMm: input.heightMm ?? null,
    radiusMm: input.radiusMm ?? null,
    diameterMm: input.diameterMm ?? null,
    nominalSize: input.nominalSize ?? null,
    sparePercent: input.sparePercent ?? null,
    comments: input.comments,
    penetratingItemTypeId: input.penetratingItemTypeId ?? null,
    transitTypeId: input.transitTypeId ?? null,
    classId: input.classId ?? null,
    sealantType: input.sealantType ?? null,
    sealantDepth: input.sealantDepth ?? null,
    crusherPipeConfiguration: input.crusherPipeConfiguration ?? null,
    singleCrusherPipeId: input.singleCrusherPipeId ?? null,
    depthMm: input.depthMm ?? null,
  };
}

/** The layout stored with a transit's results, to offer as the certificate of the next save (null when none). */
export function storedLayout(results: unknown): PackingLayout | null {
  const packing = (results as Partial<TransitSizing> | null)?.packing;
  if (!packing || !Array.isArray(packing.circles) || packing.source === 'skipped' || !packing.fits)
    return null;
  return { centres: packing.circles.map((c) => ({ xMm: c.xMm, yMm: c.yMm })) };
}

/** What computeResults reads of a transit and its items: equal keys size to equal results. */
function sizingKey(row: TransitFields, items: readonly ItemRow[]): string {
  return JSON.stringify([
    rowToValues(row),
    items.map((i) => [i.id, i.itemTypeId, i.quantity, i.outerDiameterMm, i.crusherId, i.isRemoved]),
  ]);
}

/** Ids of the rows one save inserts: drawn on the rehearsal, replayed on the write, so both insert the same rows. */
function idSequence() {
  const ids: string[] = [];
  let next = 0;
  return {
    next: (): string => {
      if (next === ids.length) ids.push(randomUUID());
      return ids[next++]!;
    },
    replay: () => {
      next = 0;
    },
  };
}
type NewId = () => string;

/** Thrown to roll back the rehearsal of a save, carrying the rows as the save would store them. */
class Rehearsed extends Error {
  constructor(
    readonly row: TransitRow,
    readonly items: ItemRow[],
  ) {
    super('rehearsed');
  }
}
/** Thrown when the rows written differ from the rows sized (another save came between). */
class StaleSizing extends Error {}

/** A save whose rows keep changing under it starts again this many times, then answers a conflict. */
export const SIZED_SAVE_ATTEMPTS = 3;

export interface TransitsServiceDeps {
  repo: TransitsRepository;
  loadCatalogue: () => Promise<Catalogue>;
  /** Where computeResults runs: the server's worker pool, off the event loop. */
  cpu: Pick<CpuPool, 'sizeTransit'>;
}

export function createTransitsService({ repo, loadCatalogue, cpu }: TransitsServiceDeps) {
  /**
   * Saves with the transit's results sized off the event loop and outside any transaction (conventions 16):
   * 1. `write` runs in a transaction that is rolled back, to read the transit and its items exactly as the save
   *    stores them (every rule of the writes applies, so a refused save stops here, before any sizing);
   * 2. the pool sizes them with no transaction open, within its time budget;
   * 3. `write` runs again in a short transaction that checks the rows are the ones sized, stores the results and
   *    answers. Another save between 1 and 3 changes the rows: the save starts again, then answers a conflict.
   */
  async function sizedSave<T>(
    organizationId: string,
    catalogue: Catalogue,
    write: (q: TransitQueries, newId: NewId) => Promise<string>,
    /** The answer, given the results just stored (so it need not read them back). */
    answer: (q: TransitQueries, transitId: string, results: TransitSizing) => Promise<T>,
    /** The layout offered as the packing's certificate (read after the rehearsal); else the stored one (ADR 004). */
    layout?: () => PackingLayout | null | undefined,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const ids = idSequence();
      const planned = await rehearse(organizationId, (q) => write(q, ids.next));
      const tooMany = tooManyCirclesMessage(circleCount(planned.items));
      if (tooMany) throw new AppError('VALIDATION_FAILED', tooMany, { penetratingItems: tooMany });
      // Without a layout from the browser the stored one is the certificate: a save that leaves the circles and the
      // opening as they were keeps its layout (ADR 004).
      const certificate = layout?.() ?? storedLayout(planned.row.results);
      const results = await cpu.sizeTransit([planned.row, planned.items, catalogue, certificate]);
      ids.replay();
      try {
        return await repo.transaction(async (q) => {
          const transitId = await write(q, ids.next);
          // The check needs the fields and items, not the stored sizing (up to 650 KB for the largest transit).
          const row = await q.findTransitWithoutResults(organizationId, transitId);
          if (!row) throw new AppError('NOT_FOUND', TRANSIT_MESSAGES.notFound);
          const items = await q.listItems(organizationId, [transitId]);
          if (sizingKey(row, items) !== sizingKey(planned.row, planned.items)) throw new StaleSizing();
          await storeResults(q, organizationId, transitId, items, results);
          return answer(q, transitId, results);
        });
      } catch (error) {
        if (!(error instanceof StaleSizing)) throw error;
        if (attempt >= SIZED_SAVE_ATTEMPTS)
          throw new AppError('VERSION_CONFLICT', RECORD_MESSAGES.versionConflict);
      }
    }
  }

  /** The transit and its live items as `write` leaves them, without keeping the writes. */
  async function rehearse(
    organizationId: string,
    write: (q: TransitQueries) => Promise<string>,
  ): Promise<Rehearsed> {
    try {
      await repo.transaction(async (q) => {
        const { row, items } = await readRows(q, organizationId, await write(q));
        throw new Rehearsed(row, items);
      });
    } catch (error) {
      if (error instanceof Rehearsed) return error;
      throw error;
    }
    throw new Error('a rehearsal always rolls back');
  }

  async function readRows(q: TransitQueries, organizationId: string, transitId: string) {
    const row = await q.findTransit(organizationId, transitId);
    if (!row) throw new AppError('NOT_FOUND', TRANSIT_MESSAGES.notFound);
    return { row, items: await q.listItems(organizationId, [transitId]) };
  }

  /** Stores the results of one transit and the derived diameters of its items (`items` as sized). */
  async function storeResults(
    q: TransitQueries,
    organizationId: string,
    transitId: string,
    items: readonly ItemRow[],
    results: TransitSizing,
  ) {
    await q.storeResults(organizationId, transitId, results, results.itemCount);
    const derived = [];
    for (const sized of results.items) {
      const item = items[sized.index];
      if (!item) continue;
      derived.push({
        id: item.id,
        plasticPipeDiameterMm: sized.plasticPipeDiameterMm,
        sleevedDiameterMm: sized.sleevedDiameterMm,
        diameterPlusClearanceMm: sized.quantity > 0 ? sized.diameterPlusClearanceMm : null,
      });
    }
    await q.storeItemsDerived(organizationId, derived);
  }

  /**
   * A transit with its live items. `stored`: the results this transaction has just stored, answered as they are
   * instead of read back (up to 650 KB of JSON for the largest transit; with PGlite every other request waits for
   * the transaction, ADR 015).
   */
  async function readData(
    q: TransitQueries,
    organizationId: string,
    transitId: string,
    catalogue: Catalogue,
    stored?: TransitSizing,
  ): Promise<TransitData> {
    const row =
      stored === undefined
        ? await q.findTransit(organizationId, transitId)
        : await q
            .findTransitWithoutResults(organizationId, transitId)
            .then((fields) => (fields ? { ...fields, results: stored } : null));
    if (!row) throw new AppError('NOT_FOUND', TRANSIT_MESSAGES.notFound);
    const items = await q.listItems(organizationId, [transitId]);
    return { transit: presentTransit(row, catalogue), penetratingItems: items.map(presentItem) };
  }

  /** Saves the transit fields (create, update with version, or soft delete); answers its id. No recompute. */
  async function writeTransit(
    q: TransitQueries,
    organizationId: string,
    input: TransitSaveValues,
    catalogue: Catalogue,
    newId: NewId,
  ): Promise<string> {
    if (input.id) {
      const existing = await q.findTransit(organizationId, input.id);
      if (!existing) throw new AppError('NOT_FOUND', TRANSIT_MESSAGES.notFound);
      const expected = expectedVersion(input, 'transit.version');
      if (input.isDelete) {
        const changed = await q.updateTransit(organizationId, input.id, expected, { isRemoved: true });
        if (!changed) throw new AppError('VERSION_CONFLICT', RECORD_MESSAGES.versionConflict);
        await q.touchProject(organizationId, existing.projectId);
        return input.id;
      }
      checkTransitAgainstCatalogue(input, catalogue);
      const values = normaliseForSave(input, catalogue);
      // A transit stays in its project: the project id of the stored record wins.
      const changed = await q.updateTransit(organizationId, input.id, expected, {
        ...transitValues(values),
        name: input.name || existing.name,
      });
      if (!changed) throw new AppError('VERSION_CONFLICT', RECORD_MESSAGES.versionConflict);
      await q.touchProject(organizationId, existing.projectId);
      return input.id;
    }
    if (input.isDelete) throw new AppError('NOT_FOUND', TRANSIT_MESSAGES.notFound);
    if (!(await q.projectIsLive(organizationId, input.projectId)))
      throw new AppError('NOT_FOUND', TRANSIT_MESSAGES.projectNotFound);
    checkTransitAgainstCatalogue(input, catalogue);
    const values = normaliseForSave(input, catalogue);
    const name =
      input.name ||
      TRANSIT_MESSAGES.defaultName.replace(
        '{n}',
        String((await q.countInProject(organizationId, input.projectId)) + 1),
      );
    const id = await q.insertTransit(organizationId, {
      ...transitValues(values),
      id: newId(),
      projectId: input.projectId,
      name,
    });
    await q.touchProject(organizationId, input.projectId);
    return id;
  }

  /** Saves item lines of one transit (create, update, soft delete with isRemoved). */
  async function writeItems(
    q: TransitQueries,
    organizationId: string,
    transitId: string,
    items: readonly ItemValuesIn[],
    force: boolean,
    newId: NewId,
  ) {
    let nextSort = (await q.maxItemSort(organizationId, transitId)) + 1;
    // New lines go in with one statement at the end (their ids and sort order are drawn here, in order).
    const inserts: Parameters<TransitQueries['insertItems']>[2][number][] = [];
    for (const item of items) {
      if (item.transitId && item.transitId !== transitId) {
        throw new AppError('VALIDATION_FAILED', TRANSIT_MESSAGES.itemsOfOneTransit, {
          penetratingItems: TRANSIT_MESSAGES.itemsOfOneTransit,
        });
      }
      if (item.id) {
        const existing = await q.findItem(organizationId, item.id);
        if (!existing || existing.transitId !== transitId)
          throw new AppError('NOT_FOUND', PENETRATING_ITEM_MESSAGES.notFound);
        const values = item.isRemoved
          ? { isRemoved: true }
          : {
              itemTypeId: item.itemTypeId ?? null,
              quantity: item.quantity,
              outerDiameterMm: item.outerDiameterMm,
              crusherId: item.crusherId ?? null,
              ...(item.sort === undefined ? {} : { sort: item.sort }),
              ...(item.tag === undefined ? {} : { tag: item.tag || null }),
            };
        const changed = await q.updateItem(
          organizationId,
          item.id,
          force ? null : (item.version ?? null),
          values,
        );
        if (!changed) throw new AppError('VERSION_CONFLICT', RECORD_MESSAGES.versionConflict);
      } else if (!item.isRemoved) {
        inserts.push({
          id: newId(),
          itemTypeId: item.itemTypeId ?? null,
          quantity: item.quantity,
          outerDiameterMm: item.outerDiameterMm,
          crusherId: item.crusherId ?? null,
          tag: item.tag || null,
          sort: item.sort ?? nextSort++,
          isRemoved: false,
        });
      }
    }
    await q.insertItems(organizationId, transitId, inserts);
  }

  return {
    /** Spec §7 getTransitData {transitId}. */
    async getTransitData(organizationId: string, transitId: string): Promise<TransitData> {
      return readData(repo, organizationId, transitId, await loadCatalogue());
    },

    async getItem(organizationId: string, id: string): Promise<PenetratingItem> {
      const row = await repo.findItem(organizationId, id);
      if (!row) throw new AppError('NOT_FOUND', PENETRATING_ITEM_MESSAGES.notFound);
      return presentItem(row);
    },

    /** Spec §7 saveTransit {transit}: results recomputed on the server; answers the saved transit. */
    async saveTransit(organizationId: string, raw: TransitSaveInput): Promise<Transit> {
      const input = parseInput(transitInputSchema, raw, 'transit');
      const catalogue = await loadCatalogue();
      if (input.isDelete) {
        return repo.transaction(async (q) => {
          const id = await writeTransit(q, organizationId, input, catalogue, randomUUID);
          const row = await q.findTransitAny(organizationId, id);
          return presentTransit(row!, catalogue);
        });
      }
      return sizedSave(
        organizationId,
        catalogue,
        (q, newId) => writeTransit(q, organizationId, input, catalogue, newId),
        async (q, id, results) => (await readData(q, organizationId, id, catalogue, results)).transit,
      );
    },

    /** Spec §7 savePenetratingItems {penetratingItems}: all lines of one transit; its results are recomputed. */
    async savePenetratingItems(
      organizationId: string,
      raw: SavePenetratingItemsRequest,
    ): Promise<TransitData> {
      const request = parseInput(savePenetratingItemsRequestSchema, raw, '');
      const transitIds = new Set(request.penetratingItems.map((i) => i.transitId));
      if (request.penetratingItems.length === 0) {
        throw new AppError('VALIDATION_FAILED', TRANSIT_MESSAGES.noItems, {
          penetratingItems: TRANSIT_MESSAGES.noItems,
        });
      }
      const [transitId] = [...transitIds];
      if (transitIds.size !== 1 || !transitId) {
        throw new AppError('VALIDATION_FAILED', TRANSIT_MESSAGES.itemsOfOneTransit, {
          penetratingItems: TRANSIT_MESSAGES.itemsOfOneTransit,
        });
      }
      const catalogue = await loadCatalogue();
      checkItemsAgainstCatalogue(request.penetratingItems, catalogue);
      return sizedSave(
        organizationId,
        catalogue,
        async (q, newId) => {
          const transit = await q.findTransit(organizationId, transitId);
          if (!transit) throw new AppError('NOT_FOUND', TRANSIT_MESSAGES.notFound);
          // The items change the transit's results, so the transit's version guards them (and is bumped).
          const expected = expectedVersion(
            { version: request.transitVersion, force: request.force },
            'transitVersion',
          );
          if (!(await q.updateTransit(organizationId, transitId, expected, {}))) {
            throw new AppError('VERSION_CONFLICT', RECORD_MESSAGES.versionConflict);
          }
          await writeItems(
            q,
            organizationId,
            transitId,
            request.penetratingItems,
            request.force === true,
            newId,
          );
          await q.touchProject(organizationId, transit.projectId);
          return transitId;
        },
        (q, id, results) => readData(q, organizationId, id, catalogue, results),
      );
    },

    /** Spec §7 savePenetratingItemsAndTransit: one transaction, both saved or neither. */
    async savePenetratingItemsAndTransit(
      organizationId: string,
      raw: SavePenetratingItemsAndTransitRequest,
    ): Promise<TransitData> {
      const request = parseInput(savePenetratingItemsAndTransitRequestSchema, raw, '');
      const catalogue = await loadCatalogue();
      checkItemsAgainstCatalogue(request.penetratingItems, catalogue);
      return sizedSave(
        organizationId,
        catalogue,
        async (q, newId) => {
          const transitId = await writeTransit(q, organizationId, request.transit, catalogue, newId);
          if (request.transit.isDelete) throw new AppError('VALIDATION_FAILED', TRANSIT_MESSAGES.notFound);
          await writeItems(
            q,
            organizationId,
            transitId,
            request.penetratingItems,
            request.transit.force === true,
            newId,
          );
          return transitId;
        },
        (q, id, results) => readData(q, organizationId, id, catalogue, results),
        () => request.layout,
      );
    },

    /** Duplicates a transit with its live items (the project page's Duplicate). */
    async duplicateTransit(organizationId: string, transitId: string): Promise<TransitData> {
      const catalogue = await loadCatalogue();
      let sourceLayout: PackingLayout | null = null;
      return sizedSave(
        organizationId,
        catalogue,
        async (q, newId) => {
          const source = await q.findTransit(organizationId, transitId);
          if (!source) throw new AppError('NOT_FOUND', TRANSIT_MESSAGES.notFound);
          sourceLayout = storedLayout(source.results);
          const items = await q.listItems(organizationId, [transitId]);
          const {
            id: _id,
            guid: _guid,
            organizationId: _org,
            createdOn: _c,
            lastUpdatedOn: _u,
            version: _v,
            results: _r,
            penetratingItemCount: _n,
            ...fields
          } = source;
          const copyId = await q.insertTransit(organizationId, {
            ...fields,
            id: newId(),
            name: `${source.name}${TRANSIT_MESSAGES.copySuffix}`.slice(0, 100),
          });
          await q.insertItems(
            organizationId,
            copyId,
            items.map((item) => ({
              id: newId(),
              itemTypeId: item.itemTypeId,
              quantity: item.quantity,
              outerDiameterMm: item.outerDiameterMm,
              crusherId: item.crusherId,
              tag: item.tag,
              sort: item.sort,
              isRemoved: false,
            })),
          );
          await q.touchProject(organizationId, source.projectId);
          return copyId;
        },
        (q, copyId, results) => readData(q, organizationId, copyId, catalogue, results),
        () => sourceLayout,
      );
    },

    /** Generic records: one item line saved through its transit (results recomputed). */
    async saveItem(
      organizationId: string,
      raw: PenetratingItemSaveInput & { force?: boolean },
    ): Promise<PenetratingItem> {
      const item = parseInput(penetratingItemInputSchema, raw, '');
      const transitId =
        item.transitId ?? (item.id ? (await repo.findItem(organizationId, item.id))?.transitId : undefined);
      if (!transitId) throw new AppError('NOT_FOUND', PENETRATING_ITEM_MESSAGES.notFound);
      const catalogue = await loadCatalogue();
      checkItemsAgainstCatalogue([item], catalogue);
      let before = new Set<string>();
      const write = async (q: TransitQueries, newId: NewId) => {
        const transit = await q.findTransit(organizationId, transitId);
        if (!transit) throw new AppError('NOT_FOUND', TRANSIT_MESSAGES.notFound);
        if (item.id) expectedVersion({ version: item.version, force: raw.force }, 'version');
        before = new Set((await q.listItems(organizationId, [transitId])).map((i) => i.id));
        await writeItems(q, organizationId, transitId, [{ ...item, transitId }], raw.force === true, newId);
        await q.updateTransit(organizationId, transitId, null, {});
        await q.touchProject(organizationId, transit.projectId);
        return transitId;
      };
      return sizedSave(organizationId, catalogue, write, async (q) => {
        const after = await q.listItems(organizationId, [transitId]);
        const saved = item.id ? after.find((i) => i.id === item.id) : after.find((i) => !before.has(i.id));
        if (!saved) {
          const removed = item.id ? await q.findItemAny(organizationId, item.id) : null;
          if (removed) return presentItem(removed);
          throw new AppError('NOT_FOUND', PENETRATING_ITEM_MESSAGES.notFound);
        }
        return presentItem(saved);
      });
    },

    /** Generic records: a page of transits / items (whitelisted filter built by the instance module). */
    listPage: repo.list,
    listItemPage: repo.listItemPage,
    loadCatalogue,
  };
}

export type TransitsService = ReturnType<typeof createTransitsService>;
