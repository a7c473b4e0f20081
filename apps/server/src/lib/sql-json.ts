import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * A timestamp written by the database as Date.prototype.toISOString writes it: UTC, milliseconds, the
 * microseconds cut as a Date cuts them (ADR 019: answers whose JSON the database writes).
 */
export function isoTimestamp(column: AnyColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
