import { randomUUID } from 'node:crypto';
import type { Catalogue, TransitSizing } from '@sealplan/engine';
import {
  PENETRATING_ITEM_MESSAGES,
  RECORD_MESSAGES,
  TRANSIT_MESSAGES,
  circleCount,
  tooManyCirclesMessage,
  type PackingLayout,
  type TransitData,
  type TransitSaveValues,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import { expectedVersion } from '../../lib/expected-version';
import type { ChangeRecorder } from '../../shared/change-recorder';
import type { CpuPool } from '../../workers/cpu-pool';
import { checkTransitAgainstCatalogue } from './catalogue-checks';
import { normaliseForSave } from './transit-cascade';
import { presentItem, presentTransit } from './transit-presenters';
import { storedLayout } from './transit-sizing';
import { transitValues, type ItemValuesIn } from './transit-values';
import type { ItemRow, TransitQueries, TransitsRepository } from './transits.repository';
import { StaleSave, stageSave, type SaveQueries } from './staged-save';

/** The save sequence of a transit and its items, with the results sized outside any transaction (ADR 015). */

export type NewId = () => string;

/** A save whose rows keep changing under it starts again this many times, then answers a conflict. */
export const SIZED_SAVE_ATTEMPTS = 3;

/** Who saves, and a restore's own wording in the history (ADR 032). */
export interface SaveMeta {
  actorId: string | null;
  action?: 'restored';
}

export interface TransitSavesDeps {
  repo: TransitsRepository;
  /** Records each save's change in the save's own transaction (ADR 032). */
  history: ChangeRecorder;
  /** Where computeResults runs: the server's worker pool, off the event loop. */
  cpu: Pick<CpuPool, 'sizeTransit'>;
}

export function createTransitSaves({ repo, cpu, history }: TransitSavesDeps) {
  /**
   * Saves with the transit's results sized off the event loop and outside any transaction (ADR 015, ADR 025):
   * 1. `write` runs on staged queries (stageSave): the stored rows are read once, outside any transaction, and
   *    every rule of the writes applies to them in memory (a refused save stops here, before any sizing);
   * 2. the pool sizes the rows as the save leaves them, with no transaction open, within its time budget;
   * 3. one short transaction sends the writes once, each update guarded by the version its row was read at,
   *    stores the results and answers. Another save between 1 and 3 fails a guard: the save starts again (with
   *    the rows read afresh), then answers a conflict.
   */
  async function sizedSave<T>(
    organizationId: string,
    catalogue: Catalogue,
    write: (q: SaveQueries, newId: NewId) => Promise<string>,
    /** The answer, given the results just stored (so it need not read them back). */
    answer: (q: TransitQueries, transitId: string, results: TransitSizing) => Promise<T>,
    /** The layout offered as the packing's certificate (read after the write is staged); else the stored one (ADR 004). */
    layout: (() => PackingLayout | null | undefined) | undefined,
    meta: SaveMeta,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const staged = stageSave(repo, organizationId);
      const transitId = await write(staged.queries, randomUUID);
      const planned = await staged.rows(transitId);
      const tooMany = tooManyCirclesMessage(circleCount(planned.items));
      if (tooMany) throw new AppError('VALIDATION_FAILED', tooMany, { penetratingItems: tooMany });
      // Without a layout from the browser the stored one is the certificate: a save that leaves the circles and the
      // opening as they were keeps its layout (ADR 004).
      const sent = layout?.() ?? null;
      const certificate = sent ?? storedLayout(planned.row.results);
      // The browser's layout is also where the search starts when it is no certificate (ADR 039).
      const results = await cpu.sizeTransit([planned.row, planned.items, catalogue, certificate, sent], {
        organizationId,
      });
      try {
        return await repo.transaction(async (q, tx) => {
          await staged.apply(q);
          await storeResults(q, organizationId, transitId, planned.items, results);
          const before = staged.before(transitId);
          await history.recordChange(tx, {
            organizationId,
            projectId: planned.row.projectId,
            transitId,
            actorId: meta.actorId,
            action: meta.action ?? (before ? 'updated' : 'created'),
            before: before && { transit: before.row, items: before.items },
            after: { transit: planned.row, items: planned.items },
          });
          return answer(q, transitId, results);
        });
      } catch (error) {
        if (!(error instanceof StaleSave)) throw error;
        if (attempt >= SIZED_SAVE_ATTEMPTS)
          throw new AppError('VERSION_CONFLICT', RECORD_MESSAGES.versionConflict);
      }
    }
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
    q: SaveQueries,
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
    q: SaveQueries,
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
              ...(item.specification === undefined ? {} : { specification: item.specification || null }),
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
          specification: item.specification || null,
          sort: item.sort ?? nextSort++,
          isRemoved: false,
        });
      }
    }
    await q.insertItems(organizationId, transitId, inserts);
  }

  return { sizedSave, readData, writeTransit, writeItems };
}
