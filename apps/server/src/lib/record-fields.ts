import type { Column, SQL } from 'drizzle-orm';

/** What values a field holds: the filter parser validates every value against it before it reaches SQL. */
export type FieldKind = 'text' | 'number' | 'boolean' | 'date' | 'uuid';

/** One filterable, sortable field of a model: a column or a fixed SQL expression written in the code. */
export interface FieldDef {
  sql: Column | SQL;
  kind: FieldKind;
}

/** The whitelist of a model's fields by API name (spec §7 generic records). Nothing else reaches the database. */
export type FieldMap = Readonly<Record<string, FieldDef>>;
