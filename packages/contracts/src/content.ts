import { z } from 'zod';
import { boundedJson, singleLine } from './input-gate';
import { linkField, pageTextField } from './links';
import { modelConfigurationSchema } from './dynamic-form';
import { CONTENT_MODELS, type ContentModel } from './content-models';

// Content administration (ADR 016): the content models served by
// /api/instance/{model} (content-models.ts), the content calls of spec §7 and the path helpers (validate, sequence, locker, message,
// translations).

/**
 * The places the server writes a text at (ADR 016 templates): one Template per Symbol. The server's
 * template-definitions.ts gives each its model, placeholders and default text, and must cover exactly this list.
 */
export const TEMPLATE_SYMBOLS = [
  'mail.greeting',
  'mail.signature',
  'mail.resetPassword.subject',
  'mail.resetPassword.body',
  'mail.resetPassword.action',
  'mail.adminResetPassword.subject',
  'mail.adminResetPassword.body',
  'mail.adminResetPassword.action',
  'mail.invitation.subject',
  'mail.invitation.body',
  'mail.invitation.action',
  'mail.registrationNotice.subject',
  'mail.registrationNotice.body',
  'mail.registrationNotice.action',
  'mail.approved.subject',
  'mail.approved.body',
  'mail.approved.action',
  'mail.denied.subject',
  'mail.denied.body',
  'document.header',
  'document.footer',
  'system.notice',
] as const;
export type TemplateSymbol = (typeof TEMPLATE_SYMBOLS)[number];

/**
 * Models whose records are one per fixed key (ADR 016): a model configuration per content model, a template per
 * Symbol. A new record can only take a key that has none yet; the field that holds the key, and the keys.
 */
export const FIXED_KEY_MODELS: Partial<Record<ContentModel, { field: string; keys: readonly string[] }>> = {
  ModelConfiguration: { field: 'model', keys: CONTENT_MODELS },
  Template: { field: 'Symbol', keys: TEMPLATE_SYMBOLS },
};

/** Spec §9: default price range 0 to 8000. */
export const PRODUCT_PRICE_MIN = 0;
export const PRODUCT_PRICE_MAX = 8000;
/** Spec §3: menu item sort default 99. */
export const MENU_ITEM_DEFAULT_SORT = 99;
export const MENU_ITEM_TYPES = ['MAIN_MENU'] as const;
/** The header shows the first 4 menu items (spec §1). */
export const HEADER_MENU_ITEM_COUNT = 4;
/**
 * What a menu item's `clickAction` may name (ADR 016/017): a fixed set of actions the shell knows. A menu item with
 * one runs it when pressed instead of following its link; any other text is refused at save.
 */
export const MENU_CLICK_ACTIONS = [
  'contactSupport',
  'openProfile',
  'changePassword',
  'openSettings',
  'print',
  'signOut',
] as const;
export type MenuClickAction = (typeof MENU_CLICK_ACTIONS)[number];
export function isMenuClickAction(value: unknown): value is MenuClickAction {
  return typeof value === 'string' && (MENU_CLICK_ACTIONS as readonly string[]).includes(value);
}

/** Spec §5 admin form messages, used by the seeded model configurations and by the server's checks. */
export const CONTENT_MESSAGES = {
  labelRequired: 'Please Enter a Label',
  typeRequired: 'Please Enter a Type',
  childLinkRequired: 'Please Enter a Link',
  idRequired: 'Please Enter an Id',
  symbolRequired: 'Please Enter a Symbol',
  nameRequired: 'Please Enter a Name',
  articleNumberRequired: 'Please Enter an Article Number',
  unitRequired: 'Please Enter a Unit',
  priceRange: `The price must be between ${PRODUCT_PRICE_MIN} and ${PRODUCT_PRICE_MAX}`,
  inventoryRange: 'The inventory cannot be negative',
  messageRequired: 'Please Enter a Message',
  emailInvalid: 'Please Enter a valid email',
  viewRequired: 'Please Enter the Text',
  slugRequired: 'Please Enter a Slug',
  titleRequired: 'Please Enter a Title',
  modelRequired: 'Please Enter a Model',
  protectedRole: 'The roles of spec §6 cannot be deleted.',
  roleIdFixed: 'A role id cannot be changed.',
  duplicate: 'A record with this {field} already exists.',
  pageLocked: 'This page is locked and cannot be edited.',
  pageNotFound: 'No content page has this slug.',
  unknownPlaceholder: 'Unknown placeholder {{{name}}}. Allowed: {allowed}.',
  unknownTemplateSymbol: 'Unknown template symbol. Allowed: {allowed}.',
  scraperNotConfigured:
    'Social preview refresh is not configured on this server (set SOCIAL_SCRAPE_URL to enable it).',
  scraperFailed: 'The social preview service did not accept the refresh ({status}).',
  modelConfigurationMismatch: 'A model configuration describes a content model: {allowed}.',
  fileTooLarge: 'The file is too large (at most {max}).',
  fileTypeRefused: 'Only PNG, JPEG, WebP and GIF images can be uploaded.',
  fileMissing: 'Choose one file to upload.',
  transitIdInvalid: 'The transit id of the photo is not valid.',
  fileContentMismatch: 'The file content is not a {type} image.',
  unknownCulture: 'Unknown culture. Allowed: {allowed}.',
  unknownClickAction: `Unknown click action. Allowed: ${MENU_CLICK_ACTIONS.join(', ')}.`,
} as const;

/** Names, labels, ids and references are single-line (ADR 023); `field` names the field in its message. */
const text = (max: number, field: string) => singleLine(z.string().trim().max(max), field);
const requiredText = (max: number, message: string, field: string) =>
  singleLine(z.string().trim().min(1, message).max(max), field);
const optionalText = (max: number, field: string) => text(max, field).nullish();
/** A message someone writes (a support request): line breaks are kept. */
const noteText = (max: number, message: string) => z.string().trim().min(1, message).max(max);
/** A stored link or image address: one line, and the one link rule (ADR 023). */
const optionalLink = (max: number, field: string) => linkField(text(max, field).nullish());
/** A menu item's click action: empty (follow the link) or one of MENU_CLICK_ACTIONS. */
const clickAction = optionalText(100, 'The click action').refine((v) => !v || isMenuClickAction(v), {
  message: CONTENT_MESSAGES.unknownClickAction,
});
/** Fixed identifiers (specification and role ids): letters, digits, '.', '_' and '-'. */
const identifier = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(60)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Use letters, digits, ".", "_" and "-" only.');
const version = z.number().int().positive().optional();
const force = z.boolean().optional();

/** Shared by every content record in answers: its version and audit dates. */
const recordMeta = {
  version: z.number().int(),
  createdOn: z.string(),
  lastUpdatedOn: z.string(),
};

// ---- Specification ----
export const specificationInputSchema = z.object({
  id: identifier(CONTENT_MESSAGES.idRequired),
  label: requiredText(200, CONTENT_MESSAGES.labelRequired, 'The label'),
  type: requiredText(60, CONTENT_MESSAGES.typeRequired, 'The type'),
  imageSlug: optionalText(2000, 'The image'),
  version,
  force,
});
export const specificationSchema = z.object({
  guid: z.string(),
  id: z.string(),
  label: z.string(),
  type: z.string(),
  imageSlug: z.string().nullable(),
  ...recordMeta,
});
export type Specification = z.infer<typeof specificationSchema>;

// ---- Support request ----
export const SUPPORT_REQUEST_TYPES = ['QUESTION', 'PROBLEM', 'SUGGESTION', 'ACCOUNT'] as const;
export const SUPPORT_MESSAGE_MAX = 5000;
export const supportRequestInputSchema = z.object({
  email: z.string().trim().max(254).email(CONTENT_MESSAGES.emailInvalid),
  message: noteText(SUPPORT_MESSAGE_MAX, CONTENT_MESSAGES.messageRequired),
  type: z.enum(SUPPORT_REQUEST_TYPES, { message: CONTENT_MESSAGES.typeRequired }),
  version,
  force,
});
export const supportRequestSchema = z.object({
  guid: z.string(),
  id: z.string(),
  email: z.string(),
  message: z.string(),
  type: z.string(),
  userId: z.string().nullable(),
  organizationId: z.string().nullable(),
  ...recordMeta,
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

// ---- Role ----
export const rolePermissionSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[a-z][a-z0-9]*(\.[a-z][a-z0-9]*)*$/, 'A permission id is lower-case words joined by dots.'),
  label: text(200, 'The label'),
});
export const roleInputSchema = z.object({
  id: identifier(CONTENT_MESSAGES.idRequired),
  name: text(60, 'The name').optional(),
  label: requiredText(200, CONTENT_MESSAGES.labelRequired, 'The label'),
  permissions: z.array(rolePermissionSchema).max(50).default([]),
  hierarchy: z.number().int().min(0).max(100).nullish(),
  version,
  force,
});
export const roleSchema = z.object({
  guid: z.string(),
  id: z.string(),
  name: z.string(),
  label: z.string(),
  permissions: z.array(z.object({ id: z.string(), label: z.string() })),
  hierarchy: z.number().nullable(),
  isAssignable: z.boolean(),
  /** Spec §6 roles cannot be deleted. */
  isProtected: z.boolean(),
  version: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;

// ---- Menu item ----
export const menuChildSchema = z.object({
  label: requiredText(100, CONTENT_MESSAGES.labelRequired, 'The label'),
  link: linkField(requiredText(500, CONTENT_MESSAGES.childLinkRequired, 'The link')),
  clickAction,
  icon: optionalText(60, 'The icon'),
  imageUrl: optionalLink(2000, 'The image address'),
  sort: z.number().int().min(0).max(10_000).optional(),
});
export const menuItemInputSchema = z.object({
  label: requiredText(100, CONTENT_MESSAGES.labelRequired, 'The label'),
  link: optionalLink(500, 'The link'),
  clickAction,
  type: z.enum(MENU_ITEM_TYPES, { message: CONTENT_MESSAGES.typeRequired }),
  children: z.array(menuChildSchema).max(50).default([]),
  imageUrl: optionalLink(2000, 'The image address'),
  icon: optionalText(60, 'The icon'),
  sort: z.number().int().min(0).max(10_000).default(MENU_ITEM_DEFAULT_SORT),
  /** Only users with this role see the entry (User Admin: ElevatedUser, spec §2); empty = everyone. */
  requiredRole: optionalText(60, 'The role'),
  version,
  force,
});
export const menuItemSchema = z.object({
  guid: z.string(),
  id: z.string(),
  label: z.string(),
  link: z.string().nullable(),
  clickAction: z.string().nullable(),
  type: z.string(),
  children: z.array(
    z.object({
      label: z.string(),
      link: z.string(),
      clickAction: z.string().nullish(),
      icon: z.string().nullish(),
      imageUrl: z.string().nullish(),
      sort: z.number().optional(),
    }),
  ),
  imageUrl: z.string().nullable(),
  icon: z.string().nullable(),
  sort: z.number().int(),
  requiredRole: z.string().nullable(),
  ...recordMeta,
});
export type MenuItem = z.infer<typeof menuItemSchema>;

/**
 * The main menu as the shell reads it (sidebar and header): `menuItemSchema`'s display fields, the ones the shell
 * can do without optional. Children carry the same fields.
 */
const MENU_ENTRY_OPTIONAL_FIELDS = {
  link: true,
  clickAction: true,
  icon: true,
  imageUrl: true,
  sort: true,
  requiredRole: true,
  children: true,
} as const;
export const menuEntrySchema = menuItemSchema
  .pick({ label: true, ...MENU_ENTRY_OPTIONAL_FIELDS })
  .partial(MENU_ENTRY_OPTIONAL_FIELDS);
export interface MenuEntry {
  label: string;
  link: string;
  clickAction?: string | null;
  icon?: string | null;
  imageUrl?: string | null;
  sort?: number;
  /** Shown only to users with this role (null: everyone signed in). */
  requiredRole?: string | null;
  children?: MenuEntry[];
}

/** The menu type of the sidebar and header (spec §3). */
export const MAIN_MENU_TYPE: (typeof MENU_ITEM_TYPES)[number] = 'MAIN_MENU';
/** The most entries the main menu answers. */
export const MAIN_MENU_LIMIT = 100;
/**
 * content getMainMenu's answer: the main menu's entries the caller's roles may see, by sort, then label (the
 * shell's sidebar and header, spec §1, §2).
 */
export const mainMenuSchema = z.array(menuEntrySchema);

/**
 * Menu rows read by the shell, in their order: a row that does not match `menuEntrySchema` or has no label is left
 * out (the sidebar shows the rest); labels and links are trimmed, empty texts are null.
 */
export function parseMenuEntries(rows: readonly unknown[]): MenuEntry[] {
  return rows.flatMap((row) => {
    const parsed = menuEntrySchema.safeParse(row);
    if (!parsed.success || parsed.data.label.trim() === '') return [];
    const { label, link, clickAction, icon, imageUrl, sort, requiredRole, children } = parsed.data;
    return [
      {
        label: label.trim(),
        link: (link ?? '').trim(),
        clickAction: clickAction || null,
        icon: icon || null,
        imageUrl: imageUrl || null,
        sort,
        requiredRole: requiredRole || null,
        children: parseMenuEntries(children ?? []),
      },
    ];
  });
}

// ---- Model configuration ----
export const modelConfigurationInputSchema = modelConfigurationSchema.extend({ version, force });
export const modelConfigurationRecordSchema = modelConfigurationSchema.extend({
  guid: z.string(),
  id: z.string(),
  ...recordMeta,
});
export type ModelConfigurationRecord = z.infer<typeof modelConfigurationRecordSchema>;

// ---- Template ----
/** A placeholder in a template's View: {{name}}. */
export const TEMPLATE_PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;
export const TEMPLATE_VIEW_MAX = 10_000;
export const templateInputSchema = z.object({
  Symbol: requiredText(100, CONTENT_MESSAGES.symbolRequired, 'The symbol'),
  Model: text(60, 'The model').optional(),
  View: pageTextField(z.string().max(TEMPLATE_VIEW_MAX)),
  version,
  force,
});
export const templateSchema = z.object({
  guid: z.string(),
  id: z.string(),
  Symbol: z.string(),
  Model: z.string(),
  View: z.string(),
  /** The placeholders this Symbol may use (the server refuses any other at save). */
  placeholders: z.array(z.string()),
  description: z.string(),
  ...recordMeta,
});
export type Template = z.infer<typeof templateSchema>;

// ---- Product ----
export const productInputSchema = z.object({
  articleNumber: requiredText(60, CONTENT_MESSAGES.articleNumberRequired, 'The article number'),
  name: requiredText(200, CONTENT_MESSAGES.nameRequired, 'The name'),
  unit: requiredText(30, CONTENT_MESSAGES.unitRequired, 'The unit'),
  price: z
    .number({ message: CONTENT_MESSAGES.priceRange })
    .min(PRODUCT_PRICE_MIN, CONTENT_MESSAGES.priceRange)
    .max(PRODUCT_PRICE_MAX, CONTENT_MESSAGES.priceRange),
  inventory: z.number().int().min(0, CONTENT_MESSAGES.inventoryRange).max(100_000_000).default(0),
  version,
  force,
});
export const productSchema = z.object({
  guid: z.string(),
  id: z.string(),
  articleNumber: z.string(),
  name: z.string(),
  unit: z.string(),
  price: z.number(),
  inventory: z.number().int(),
  ...recordMeta,
});
export type Product = z.infer<typeof productSchema>;

// ---- Content page ----
export const CONTENT_PAGE_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export const CONTENT_BODY_MAX = 100_000;
export const slugSchema = z
  .string()
  .trim()
  .min(1, CONTENT_MESSAGES.slugRequired)
  .max(120)
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/,
    'A slug is lower-case words joined by "-".',
  );
export const contentPageInputSchema = z.object({
  slug: slugSchema,
  title: requiredText(200, CONTENT_MESSAGES.titleRequired, 'The title'),
  body: pageTextField(z.string().max(CONTENT_BODY_MAX)).default(''),
  status: z.enum(CONTENT_PAGE_STATUSES).optional(),
  version,
  force,
});
export const contentPageSchema = z.object({
  guid: z.string(),
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  status: z.enum(CONTENT_PAGE_STATUSES),
  isLocked: z.boolean(),
  renderedHtml: z.string().nullable(),
  renderedOn: z.string().nullable(),
  publishedOn: z.string().nullable(),
  scrapedOn: z.string().nullable(),
  ...recordMeta,
});
export type ContentPage = z.infer<typeof contentPageSchema>;

// ---- Translation override ----
export const CULTURES = ['en-US', 'de-DE', 'fr-FR', 'zh-Hans'] as const;
export type Culture = (typeof CULTURES)[number];
export const translationInputSchema = z.object({
  culture: z.enum(CULTURES, { error: `Choose a language: ${CULTURES.join(', ')}.` }),
  namespace: z
    .string()
    .trim()
    .min(1, 'Please Enter a Namespace')
    .max(60, 'A namespace can be at most 60 characters long.')
    .regex(
      /^[a-z][a-zA-Z0-9-]*$/,
      'A namespace starts with a small letter and holds letters, digits and "-".',
    ),
  key: z
    .string()
    .trim()
    .min(1, 'Please Enter a Key')
    .max(200, 'A key can be at most 200 characters long.')
    .regex(/^[A-Za-z0-9_.-]+$/, 'A key holds letters, digits, ".", "_" and "-" only.'),
  text: z.string().max(5000, 'A text can be at most 5000 characters long.'),
  version,
  force,
});
export const translationSchema = z.object({
  guid: z.string(),
  id: z.string(),
  culture: z.string(),
  namespace: z.string(),
  key: z.string(),
  text: z.string(),
  ...recordMeta,
});

// ---- Calls (spec §7) ----

/** POST /api/content/communitySubmit: a support request from any signed-in user. */
export const communitySubmitRequestSchema = z.object({
  content: z.object({
    message: noteText(SUPPORT_MESSAGE_MAX, CONTENT_MESSAGES.messageRequired),
    type: z.enum(SUPPORT_REQUEST_TYPES).default('QUESTION'),
    /** Defaults to the caller's address. */
    email: z.string().trim().max(254).email(CONTENT_MESSAGES.emailInvalid).optional(),
  }),
});
export type CommunitySubmitRequest = z.input<typeof communitySubmitRequestSchema>;

/** POST /api/content/save: create or edit a content page; `originalSlug` names the page when its slug changes. */
export const contentSaveRequestSchema = z.object({
  content: contentPageInputSchema,
  originalSlug: slugSchema.optional(),
  /** Leave the full-text index as it is (bulk imports rebuild it once with indexAll). */
  skipIndex: z.boolean().optional(),
});
export type ContentSaveRequest = z.input<typeof contentSaveRequestSchema>;

/** POST /api/content/publish: `{ id }` publishes; `{ id, status: 'DRAFT' }` withdraws. */
export const contentPublishRequestSchema = z.object({
  id: z.string().uuid(),
  status: z.enum(CONTENT_PAGE_STATUSES).default('PUBLISHED'),
  version,
});
export const contentSlugRequestSchema = z.object({ slug: slugSchema });
export const toggleLockRequestSchema = z.object({ slug: slugSchema, isLocked: z.boolean() });
export const preRenderResponseSchema = z.object({
  slug: z.string(),
  renderedHtml: z.string(),
  renderedOn: z.string(),
});
/** POST /api/content/indexAll: rebuild the full-text index of one content model, or 'All'. */
export const indexAllRequestSchema = z.object({
  settingsType: z.enum(['All', ...CONTENT_MODELS]).default('All'),
});
export const indexAllResponseSchema = z.object({
  settingsType: z.string(),
  indexed: z.record(z.string(), z.number().int()),
});
export const facebookScrapeResponseSchema = z.object({
  slug: z.string(),
  url: z.string(),
  scrapedOn: z.string(),
});

/** POST /api/instance/validate/{model} */
export const validateResponseSchema = z.object({
  valid: z.boolean(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type ValidateResponse = z.infer<typeof validateResponseSchema>;
export const validateRequestSchema = boundedJson(z.record(z.string(), z.unknown()), {
  maxBytes: 256 * 1024,
  maxDepth: 8,
  maxKeys: 5000,
});

/** POST /api/instance/sequence/{name}: the next number of a named counter (1, 2, 3, …). */
export const SEQUENCE_NAME = /^[A-Za-z][A-Za-z0-9._-]{0,59}$/;
export const sequenceParamsSchema = z.object({
  name: z
    .string()
    .regex(SEQUENCE_NAME, 'A sequence name starts with a letter (letters, digits, ".", "_", "-").'),
});
export const sequenceResponseSchema = z.object({ name: z.string(), value: z.number().int() });

/** /api/locker: images only (specification and menu item images). */
export const LOCKER_MAX_BYTES = 2 * 1024 * 1024;
export const LOCKER_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const lockerFileSchema = z.object({
  id: z.string(),
  url: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type LockerFile = z.infer<typeof lockerFileSchema>;

/** GET /api/message: the notice every user sees (an administrator edits it as the template `system.notice`). */
export const MESSAGE_TYPES = ['info', 'success', 'warning', 'error'] as const;
export const systemMessageSchema = z.object({
  message: z.string().nullable(),
  type: z.enum(MESSAGE_TYPES),
  lastUpdatedOn: z.string().nullable(),
});
export type SystemMessage = z.infer<typeof systemMessageSchema>;

/** GET /api/translations/all?culture= */
export const translationsQuerySchema = z.object({ culture: z.string().max(20).default('en-US') });
export const translationsResponseSchema = z.object({
  culture: z.enum(CULTURES),
  resources: z.record(z.string(), z.record(z.string(), z.string())),
});
export type TranslationsResponse = z.infer<typeof translationsResponseSchema>;
