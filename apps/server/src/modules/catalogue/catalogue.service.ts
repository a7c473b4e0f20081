import type { Catalogue } from '@sealplan/engine';
import {
  CATALOGUE_MESSAGES,
  CATALOGUE_TABLES,
  RECORD_MESSAGES,
  type CatalogueMeta,
  type CatalogueTable,
  type Envelope,
  type FormData,
  type PenetratingItemTypes,
  type SampleFields,
  type SaveCatalogueRequest,
  type VerifyCatalogueRequest,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import { okEnvelopeText, rawEnvelope } from '../../lib/raw-json';
import type { CatalogueRepository } from './catalogue.repository';

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** Checks that every reference inside the catalogue points at an entry of it; throws VALIDATION_FAILED. */
export function checkCatalogueIntegrity(catalogue: Catalogue): void {
  const problems: Record<string, string> = {};
  const unique = (kind: string, path: string, ids: string[]) => {
    const seen = new Set<string>();
    ids.forEach((id, index) => {
      if (seen.has(id)) problems[`${path}.${index}.id`] = fill(CATALOGUE_MESSAGES.duplicateId, { kind, id });
      seen.add(id);
    });
    return seen;
  };
  const classIds = unique(
    'class',
    'catalogue.classes',
    catalogue.classes.map((c) => c.id),
  );
  const sealantIds = unique(
    'sealant',
    'catalogue.sealants',
    catalogue.sealants.map((s) => s.id),
  );
  const typeIds = unique(
    'transit type',
    'catalogue.transitTypes',
    catalogue.transitTypes.map((t) => t.id),
  );
  unique(
    'penetrating item type',
    'catalogue.itemTypes',
    catalogue.itemTypes.map((t) => t.id),
  );
  unique(
    'cable sleeve',
    'catalogue.cableSleeves',
    catalogue.cableSleeves.map((s) => s.id),
  );
  unique(
    'pipe size',
    'catalogue.crushers',
    catalogue.crushers.map((c) => c.id),
  );
  const unknown = (path: string, kind: string, id: string) =>
    (problems[path] = fill(CATALOGUE_MESSAGES.unknownReference, { kind, id }));

  catalogue.transitTypes.forEach((type, t) =>
    type.classes.forEach((c, i) => {
      if (!classIds.has(c.classId))
        unknown(`catalogue.transitTypes.${t}.classes.${i}.classId`, 'class', c.classId);
    }),
  );
  catalogue.itemTypes.forEach((item, t) => {
    item.transitTypes.forEach((entry, i) => {
      if (!typeIds.has(entry.transitTypeId))
        unknown(
          `catalogue.itemTypes.${t}.transitTypes.${i}.transitTypeId`,
          'transit type',
          entry.transitTypeId,
        );
    });
    item.classes.forEach((c, i) => {
      if (!classIds.has(c.classId))
        unknown(`catalogue.itemTypes.${t}.classes.${i}.classId`, 'class', c.classId);
      c.sealants.forEach((id, k) => {
        if (!sealantIds.has(id))
          unknown(`catalogue.itemTypes.${t}.classes.${i}.sealants.${k}`, 'sealant', id);
      });
    });
  });
  catalogue.cableSleeves.forEach((sleeve, i) => {
    if (!typeIds.has(sleeve.transitTypeId))
      unknown(`catalogue.cableSleeves.${i}.transitTypeId`, 'transit type', sleeve.transitTypeId);
    if (sleeve.cableMinMm >= sleeve.cableMaxMm)
      problems[`catalogue.cableSleeves.${i}.cableMaxMm`] = CATALOGUE_MESSAGES.rangeInverted;
  });
  unique(
    'standard opening',
    'catalogue.standardOpenings',
    (catalogue.standardOpenings ?? []).map((o) => o.id),
  );
  catalogue.clearance.forEach((entry, i) => {
    if (entry.pipeOuterDiameterMinMm >= entry.pipeOuterDiameterMaxMm)
      problems[`catalogue.clearance.${i}.pipeOuterDiameterMaxMm`] = CATALOGUE_MESSAGES.rangeInverted;
  });
  const first = Object.values(problems)[0];
  if (first) throw new AppError('VALIDATION_FAILED', first, problems);
}

type Row = object & { id?: string };

function rowsOf(catalogue: Catalogue, table: CatalogueTable): Map<string, Row> {
  const rows: Row[] = catalogue[table] ?? [];
  return new Map(rows.map((row, index) => [table === 'clearance' ? String(index) : String(row.id), row]));
}

/**
 * An administrator's edit clears the sample mark of each value it changes (it is now the administrator's figure);
 * rows they add carry no marks.
 */
export function carrySampleFields(before: Catalogue, marks: SampleFields, after: Catalogue): SampleFields {
  const result = {} as SampleFields;
  for (const table of CATALOGUE_TABLES) {
    result[table] = {};
    const old = rowsOf(before, table);
    for (const [id, row] of rowsOf(after, table)) {
      const previous = old.get(id) as Record<string, unknown> | undefined;
      if (!previous) continue;
      const current = row as Record<string, unknown>;
      result[table][id] = (marks[table][id] ?? []).filter(
        (field) => JSON.stringify(previous[field]) === JSON.stringify(current[field]),
      );
    }
  }
  return result;
}

/** The catalogue's meta row as a route already read it (null: the catalogue was never seeded). */
export interface MetaRead {
  meta: CatalogueMeta | null;
}

export function createCatalogueService({ repo, now }: { repo: CatalogueRepository; now: () => Date }) {
  /**
   * The answers of the two catalogue reads as envelope text, written once per catalogue and meta row (ADR 038):
   * the catalogue is the same for every caller until an administrator's edit, so it is not serialised per request.
   */
  let answers: { key: string; tables: object; formData: string; itemTypes: string } | null = null;

  /** The answers as of the meta row `read` says (read elsewhere, e.g. with the session), else as of now. */
  async function answersNow(read?: MetaRead) {
    const stored = read ? await repo.loadAt(read.meta) : await repo.load();
    const key = JSON.stringify(stored.meta);
    // The sample marks are loaded with the tables: a new object means the tables were read again.
    if (answers && answers.key === key && answers.tables === stored.sampleFields) return answers;
    answers = {
      key,
      tables: stored.sampleFields,
      formData: okEnvelopeText(JSON.stringify(stored satisfies FormData)),
      itemTypes: okEnvelopeText(JSON.stringify(stored.catalogue.itemTypes satisfies PenetratingItemTypes)),
    };
    return answers;
  }

  return {
    /** The engine catalogue from the database: what every server-side sizing uses. */
    async getCatalogue(): Promise<Catalogue> {
      return (await repo.load()).catalogue;
    },

    /** Spec §7 getFormData: the form reference data of spec §3. */
    async getFormData(): Promise<FormData> {
      return repo.load();
    },

    /** Spec §7 getPenetratingItemTypes. */
    async getPenetratingItemTypes(): Promise<PenetratingItemTypes> {
      return (await repo.load()).catalogue.itemTypes;
    },

    /**
     * getFormData's whole answer (envelope included) as JSON text, written once per catalogue (ADR 038); as of
     * the meta row `read` when the route read it with the session.
     */
    async formDataAnswer(read?: MetaRead): Promise<Envelope<FormData>> {
      return rawEnvelope<FormData>((await answersNow(read)).formData);
    },

    /** getPenetratingItemTypes' whole answer as JSON text, written once per catalogue (ADR 038). */
    async penetratingItemTypesAnswer(read?: MetaRead): Promise<Envelope<PenetratingItemTypes>> {
      return rawEnvelope<PenetratingItemTypes>((await answersNow(read)).itemTypes);
    },

    /** Admin: replaces the catalogue; verification is withdrawn (the new figures are not verified yet). */
    async save(request: SaveCatalogueRequest): Promise<FormData> {
      const { isSample: _ignored, ...rest } = request.catalogue;
      const catalogue: Catalogue = rest;
      checkCatalogueIntegrity(catalogue);
      const stored = await repo.load();
      const marks = carrySampleFields(stored.catalogue, stored.sampleFields, catalogue);
      const saved = await repo.replace(catalogue, marks, request.force ? null : request.version);
      if (!saved) throw new AppError('VERSION_CONFLICT', RECORD_MESSAGES.versionConflict);
      return repo.load();
    },

    /** Admin: marks the figures as verified (hides the sample notice) or withdraws it. */
    async verify(request: VerifyCatalogueRequest, userId: string): Promise<FormData> {
      const saved = await repo.setVerified(request.isVerified, userId, request.version, now());
      if (!saved) throw new AppError('VERSION_CONFLICT', RECORD_MESSAGES.versionConflict);
      return repo.load();
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
