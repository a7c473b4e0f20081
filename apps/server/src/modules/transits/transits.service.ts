import { randomUUID } from 'node:crypto';
import type { Catalogue } from '@sealplan/engine';
import {
  PENETRATING_ITEM_MESSAGES,
  RECORD_MESSAGES,
  TRANSIT_MESSAGES,
  penetratingItemInputSchema,
  savePenetratingItemsAndTransitRequestSchema,
  savePenetratingItemsRequestSchema,
  transitInputSchema,
  type PackingLayout,
  type PenetratingItem,
  type PenetratingItemSaveInput,
  type SavePenetratingItemsAndTransitRequest,
  type SavePenetratingItemsRequest,
  type Transit,
  type TransitData,
  type TransitSaveInput,
  type TransitSnapshot,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import { parseInput } from '../../lib/parse-input';
import { expectedVersion } from '../../lib/expected-version';
import type { ChangeRecorder } from '../../shared/change-recorder';
import type { CpuPool } from '../../workers/cpu-pool';
import { checkItemsAgainstCatalogue } from './catalogue-checks';
import { presentItem, presentTransit } from './transit-presenters';
import { createTransitSaves, type NewId } from './transit-save';
import type { SaveQueries } from './staged-save';
import { storedLayout } from './transit-sizing';
import type { TransitsRepository } from './transits.repository';

export interface TransitsServiceDeps {
  repo: TransitsRepository;
  loadCatalogue: () => Promise<Catalogue>;
  /** Where computeResults runs: the server's worker pool, off the event loop. */
  cpu: Pick<CpuPool, 'sizeTransit'>;
  /** Records every change in its save's transaction (ADR 032). */
  history: ChangeRecorder;
}

/** The transits module's service: spec §7 transit and item calls, and the generic records of both. */
export function createTransitsService({ repo, loadCatalogue, cpu, history }: TransitsServiceDeps) {
  const { sizedSave, readData, writeTransit, writeItems } = createTransitSaves({ repo, cpu, history });

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

    /**
     * Spec §7 saveTransit {transit}: results recomputed on the server; answers the saved transit. `actorId`: who
     * saves, for the history (every save below takes it; null for work no person started, such as a seed).
     */
    async saveTransit(
      organizationId: string,
      raw: TransitSaveInput,
      actorId: string | null = null,
    ): Promise<Transit> {
      const input = parseInput(transitInputSchema, raw, 'transit');
      const catalogue = await loadCatalogue();
      if (input.isDelete) {
        return repo.transaction(async (q, tx) => {
          const before = input.id ? await q.findTransit(organizationId, input.id) : null;
          const beforeItems = before ? await q.listItems(organizationId, [before.id]) : [];
          const id = await writeTransit(q, organizationId, input, catalogue, randomUUID);
          const row = await q.findTransitAny(organizationId, id);
          await history.recordChange(tx, {
            organizationId,
            projectId: row!.projectId,
            transitId: id,
            actorId,
            action: 'removed',
            before: before && { transit: before, items: beforeItems },
            after: null,
          });
          return presentTransit(row!, catalogue);
        });
      }
      return sizedSave(
        organizationId,
        catalogue,
        (q, newId) => writeTransit(q, organizationId, input, catalogue, newId),
        async (q, id, results) => (await readData(q, organizationId, id, catalogue, results)).transit,
        undefined,
        { actorId },
      );
    },

    /** Spec §7 savePenetratingItems {penetratingItems}: all lines of one transit; its results are recomputed. */
    async savePenetratingItems(
      organizationId: string,
      raw: SavePenetratingItemsRequest,
      actorId: string | null = null,
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
        undefined,
        { actorId },
      );
    },

    /** Spec §7 savePenetratingItemsAndTransit: one transaction, both saved or neither. */
    async savePenetratingItemsAndTransit(
      organizationId: string,
      raw: SavePenetratingItemsAndTransitRequest,
      actorId: string | null = null,
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
        { actorId },
      );
    },

    /** Duplicates a transit with its live items (the project page's Duplicate). */
    async duplicateTransit(
      organizationId: string,
      transitId: string,
      actorId: string | null = null,
    ): Promise<TransitData> {
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
              specification: item.specification,
              sort: item.sort,
              isRemoved: false,
            })),
          );
          await q.touchProject(organizationId, source.projectId);
          return copyId;
        },
        (q, copyId, results) => readData(q, organizationId, copyId, catalogue, results),
        () => sourceLayout,
        { actorId },
      );
    },

    /** Generic records: one item line saved through its transit (results recomputed). */
    async saveItem(
      organizationId: string,
      raw: PenetratingItemSaveInput & { force?: boolean },
      actorId: string | null = null,
    ): Promise<PenetratingItem> {
      const item = parseInput(penetratingItemInputSchema, raw, '');
      const transitId =
        item.transitId ?? (item.id ? (await repo.findItem(organizationId, item.id))?.transitId : undefined);
      if (!transitId) throw new AppError('NOT_FOUND', PENETRATING_ITEM_MESSAGES.notFound);
      const catalogue = await loadCatalogue();
      checkItemsAgainstCatalogue([item], catalogue);
      let before = new Set<string>();
      const write = async (q: SaveQueries, newId: NewId) => {
        const transit = await q.findTransit(organizationId, transitId);
        if (!transit) throw new AppError('NOT_FOUND', TRANSIT_MESSAGES.notFound);
        if (item.id) expectedVersion({ version: item.version, force: raw.force }, 'version');
        before = new Set((await q.listItems(organizationId, [transitId])).map((i) => i.id));
        await writeItems(q, organizationId, transitId, [{ ...item, transitId }], raw.force === true, newId);
        await q.updateTransit(organizationId, transitId, null, {});
        await q.touchProject(organizationId, transit.projectId);
        return transitId;
      };
      return sizedSave(
        organizationId,
        catalogue,
        write,
        async (q) => {
          const after = await q.listItems(organizationId, [transitId]);
          const saved = item.id ? after.find((i) => i.id === item.id) : after.find((i) => !before.has(i.id));
          if (!saved) {
            const removed = item.id ? await q.findItemAny(organizationId, item.id) : null;
            if (removed) return presentItem(removed);
            throw new AppError('NOT_FOUND', PENETRATING_ITEM_MESSAGES.notFound);
          }
          return presentItem(saved);
        },
        undefined,
        { actorId },
      );
    },

    /**
     * Writes an earlier state of a transit back as a new change (ADR 032): its fields through the save's rules, its
     * item lines updated, removed or added again (with new ids) to match; sized and recorded like any save.
     */
    async restoreTransit(
      organizationId: string,
      transitId: string,
      snapshot: TransitSnapshot,
      actorId: string | null,
    ): Promise<TransitData> {
      const catalogue = await loadCatalogue();
      return sizedSave(
        organizationId,
        catalogue,
        async (q, newId) => {
          const current = await q.findTransit(organizationId, transitId);
          if (!current) throw new AppError('NOT_FOUND', TRANSIT_MESSAGES.notFound);
          const input = parseInput(
            transitInputSchema,
            { ...snapshot.transit, id: transitId, projectId: current.projectId, force: true },
            'transit',
          );
          await writeTransit(q, organizationId, input, catalogue, newId);
          const live = await q.listItems(organizationId, [transitId]);
          const liveIds = new Set(live.map((item) => item.id));
          const kept = new Set(snapshot.items.map((item) => item.id));
          const lines = [
            ...live.filter((item) => !kept.has(item.id)).map((item) => ({ ...item, isRemoved: true })),
            ...snapshot.items.map(({ id, ...item }) => ({ ...item, ...(liveIds.has(id) ? { id } : {}) })),
          ].map((line) => parseInput(penetratingItemInputSchema, { ...line, transitId }, 'penetratingItems'));
          checkItemsAgainstCatalogue(lines, catalogue);
          await writeItems(q, organizationId, transitId, lines, true, newId);
          return transitId;
        },
        (q, id, results) => readData(q, organizationId, id, catalogue, results),
        undefined,
        { actorId, action: 'restored' },
      );
    },

    /** Generic records: a page of transits / items (whitelisted filter built by the instance module). */
    listPage: repo.list,
    listItemPage: repo.listItemPage,
    loadCatalogue,
  };
}

export type TransitsService = ReturnType<typeof createTransitsService>;
