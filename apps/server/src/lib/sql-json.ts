import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A timestamp written by the database as Date.prototype.toISOString writes it: UTC, milliseconds, the
 * microseconds cut as a Date cuts them (ADR 019: answers whose JSON the database writes).
 */
export function isoTimestamp(column: AnyColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A record's `auditing` as the presenters answer it: its creation and last change, written as toISOString does. */
export function auditingJson(createdOn: AnyColumn, lastUpdatedOn: AnyColumn): SQL {
  return sql`json_build_object('createdOn', ${isoTimestamp(createdOn)}, 'lastUpdatedOn', ${isoTimestamp(lastUpdatedOn)})`;
}
