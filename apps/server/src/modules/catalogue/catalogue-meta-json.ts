import { sql, type SQL } from 'drizzle-orm';
import { catalogueMeta, users } from '@sealplan/db';
import type { CatalogueMeta } from '@sealplan/contracts';
import { CATALOGUE_META_ID } from './catalogue.repository';

/**
 * The catalogue's meta row as JSON text, for a read that answers text kept per meta row (getFormData,
 * getPenetratingItemTypes: ADR 038) to read it in the session's own statement: one round trip for the whole
 * request. Its times are milliseconds since the epoch (as a JavaScript Date keeps them), so `catalogueMetaOf`
 * gives exactly the meta the repository's own lookup gives. Null while the catalogue was never seeded. The tables
 * are aliased: the session statement has a `users` row of its own (the caller's).
 */
export function catalogueMetaJson(): SQL<string | null> {
  const epochMs = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::bigint`;
  return sql<string | null>`(
    select json_build_object(
      'dataVersion', meta_row.data_version,
      'isVerified', meta_row.is_verified,
      'verifiedOnMs', ${epochMs(sql`meta_row.verified_on`)},
      'verifiedBy', meta_verifier.email,
      'version', meta_row.version,
      'lastUpdatedOnMs', ${epochMs(sql`meta_row.last_updated_on`)}
    )::text
    from ${catalogueMeta} as meta_row
    left join ${users} as meta_verifier on meta_verifier.id = meta_row.verified_by_id
    where meta_row.id = ${CATALOGUE_META_ID}
  )`;
}

/** The meta row read by `catalogueMetaJson`, as the repository presents it (null: never seeded). */
export function catalogueMetaOf(json: string | null): CatalogueMeta | null {
  if (json === null) return null;
  const row = JSON.parse(json) as {
    dataVersion: number;
    isVerified: boolean;
    verifiedOnMs: number | null;
    verifiedBy: string | null;
    version: number;
    lastUpdatedOnMs: number;
  };
  return {
    dataVersion: row.dataVersion,
    isVerified: row.isVerified,
    verifiedOn: row.verifiedOnMs === null ? null : new Date(row.verifiedOnMs).toISOString(),
    verifiedBy: row.verifiedBy,
    version: row.version,
    lastUpdatedOn: new Date(row.lastUpdatedOnMs).toISOString(),
  };
}
