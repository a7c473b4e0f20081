import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, versionColumn } from './audit';
import { organizations, users } from './accounts';

// Content administration (ADR 016): provider-wide records the
// admin grids edit through /api/instance/{model}. Content is shared by every organization (the menu, e-mail and
// document texts, the maker's products), so these tables carry no organization column, except support requests,
// which remember who filed them.
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Spec §3 specification: id, label, type, imageSlug (a locker file id or URL). */
export const specifications = pgTable('specifications', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  type: text('type').notNull(),
  imageSlug: text('image_slug'),
  ...versionColumn(),
  ...auditColumns(),
});

/** Spec §3 support request: id, email, message, created on, type; filed through communitySubmit. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    type: text('type').notNull(),
    /** Who filed it (null once the account is gone) and from which organization. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    ...versionColumn(),
    ...auditColumns(),
  },
  (t) => [index('support_requests_created_idx').on(t.createdOn)],
);

/** Spec §3 menu item: the sidebar and header are built from the MAIN_MENU items, by sort then label. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    label: text('label').notNull(),
    link: text('link'),
    clickAction: text('click_action'),
    type: text('type').notNull().default('MAIN_MENU'),
    children: jsonb('children')
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    imageUrl: text('image_url'),
    icon: text('icon'),
    /** Spec §3: sort default 99. */
    sort: integer('sort').notNull().default(99),
    /** Who may see the entry: a role id (e.g. ElevatedUser for User Admin); null = everyone signed in. */
    requiredRole: text('required_role'),
    ...versionColumn(),
    ...auditColumns(),
  },
  (t) => [index('menu_items_type_sort_idx').on(t.type, t.sort)],
);

/** Spec §3 model configuration: one per content model, the fields its grid and form are rendered from. */
export const modelConfigurations = pgTable('model_configurations', {
  id: uuid('id').primaryKey().defaultRandom(),
  model: text('model').notNull().unique(),
  label: text('label').notNull(),
  fields: jsonb('fields').$type<unknown[]>().notNull(),
  listColumns: jsonb('list_columns')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  ...versionColumn(),
  ...auditColumns(),
});

/** Spec §3 template: Symbol names the place (an e-mail, a document header), View holds the text. */
export const templates = pgTable('templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  symbol: text('symbol').notNull().unique(),
  model: text('model').notNull(),
  view: text('view').notNull(),
  ...versionColumn(),
  ...auditColumns(),
});

/** The maker's articles: matched by article number to the catalogue's articles in material lists and exports. */
export const products = pgTable('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  articleNumber: text('article_number').notNull().unique(),
  name: text('name').notNull(),
  unit: text('unit').notNull(),
  /** Spec §9 default price range 0–8000. */
  price: doublePrecision('price').notNull(),
  inventory: integer('inventory').notNull().default(0),
  ...versionColumn(),
  ...auditColumns(),
});

/** Content pages (spec §7 content calls: save, publish, preRender, toggleLock, facebookScrape). */
export const contentPages = pgTable('content_pages', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  /** The page's text as written (Markdown-like plain text: paragraphs, headings, links). */
  body: text('body').notNull().default(''),
  status: text('status').notNull().default('DRAFT'),
  isLocked: boolean('is_locked').notNull().default(false),
  /** preRender's output: escaped HTML stored with the page. */
  renderedHtml: text('rendered_html'),
  renderedOn: timestamp('rendered_on', { withTimezone: true, mode: 'date' }),
  publishedOn: timestamp('published_on', { withTimezone: true, mode: 'date' }),
  scrapedOn: timestamp('scraped_on', { withTimezone: true, mode: 'date' }),
  ...versionColumn(),
  ...auditColumns(),
});

/** Files of /api/locker (images of specifications and menu items), in the database so every app server has them. */
export const lockerFiles = pgTable('locker_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Named counters of /api/instance/sequence/{name}: one row each, incremented in one statement. */
export const sequences = pgTable('sequences', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
  lastUpdatedOn: timestamp('last_updated_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Administrator overrides of the web app's texts, merged over the bundled locale files (/api/translations/all). */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    culture: text('culture').notNull(),
    namespace: text('namespace').notNull(),
    key: text('key').notNull(),
    text: text('text').notNull(),
    ...versionColumn(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('translation_overrides_key_unique').on(t.culture, t.namespace, t.key)],
);

/** Full-text index of the content models (indexAll rebuilds it; the admin grids' `search` reads it). */
export const contentSearch = pgTable(
  'content_search',
  {
    model: text('model').notNull(),
    recordId: text('record_id').notNull(),
    document: tsvector('document').notNull(),
    indexedOn: timestamp('indexed_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.recordId] }),
    index('content_search_document_idx').using('gin', t.document),
  ],
);
