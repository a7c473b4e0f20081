import { doublePrecision, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Standard opening sizes the smallest-opening suggestion chooses from (catalogue, provider-wide,
 * edited by administrators like the other catalogue tables). ROUND rows have a diameter; RECTANGLE rows width,
 * height and corner radius. Seeded by the custom migration `standard_openings_seed`.
 */
export const standardOpenings = pgTable('standard_openings', {
  id: text('id').primaryKey(),
  shape: text('shape').notNull(),
  diameterMm: doublePrecision('diameter_mm'),
  widthMm: doublePrecision('width_mm'),
  heightMm: doublePrecision('height_mm'),
  cornerRadiusMm: doublePrecision('corner_radius_mm'),
  sort: integer('sort').notNull().default(0),
});
