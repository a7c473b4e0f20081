import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { menuItems, modelConfigurations } from '@sealplan/db';
import {
  AUTH_MESSAGES,
  CONTENT_MESSAGES,
  CONTENT_MODELS,
  RECORD_MESSAGES,
  canAdministerContent,
  hasProviderWideReach,
  instanceListQuerySchema,
  validateDynamicForm,
  type CommunitySubmitRequest,
  type ContentModel,
  type DynamicFormField,
  type InstanceList,
  type InstanceListQuery,
  type SystemMessage,
  type ValidateResponse,
  communitySubmitRequestSchema,
  contentSaveRequestSchema,
  type ContentSaveRequest,
  type ContentPage,
  type SupportRequest,
  pageState,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import type { AuthUser } from '../../shared/auth-user';
import { parseInput } from '../../lib/parse-input';
import { parseFilter, parseSort } from '../../lib/record-filter';
import { CONTENT_FIELDS, type ContentRepository } from './content.repository';
import {
  CONTENT_MODEL_DEFS,
  duplicateError,
  isForeignKeyViolation,
  isUniqueViolation,
} from './content-models';
import { pageDocument, renderPageHtml } from './page-render';
import { renderTemplate } from '../../shared/template-definitions';
import type { TemplateSource } from '../../shared/template-source';
import type { RateLimiter, RateRule } from '../auth';

type Body = Record<string, unknown>;
type Caller = Pick<
  AuthUser,
  'id' | 'email' | 'roles' | 'permissions' | 'isProviderOrganization' | 'organizationId'
>;

export interface SocialScraper {
  /** The scraper endpoint (SOCIAL_SCRAPE_URL); undefined = not configured. */
  url: string | undefined;
  token: string | undefined;
  timeoutMs: number;
  fetch: typeof fetch;
}

/** Support requests per user and hour: enough for a real conversation, too few to flood the grid. */
export const SUPPORT_REQUEST_RULE: RateRule = {
  name: 'support-request:user',
  max: 10,
  windowMs: 60 * 60 * 1000,
};
export const SUPPORT_RATE_LIMITED =
  'You have sent many support requests in the last hour. Please wait before sending another.';

export interface ContentServiceDeps {
  repo: ContentRepository;
  /** Counters shared by every app server (the rate_limits table). */
  limiter: Pick<RateLimiter, 'hit'>;
  templates: TemplateSource;
  scraper: SocialScraper;
  /** The app's public address: content pages live at {publicUrl}/pages/{slug}. */
  publicUrl: string;
  productName: string;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

const forbidden = () => new AppError('FORBIDDEN', AUTH_MESSAGES.notAuthorized);
const notFound = () => new AppError('NOT_FOUND', RECORD_MESSAGES.notFound);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Models whose key is text chosen by the user; the others are uuids (anything else is simply not found). */
const TEXT_KEYS: readonly ContentModel[] = ['Specification', 'Role'];

function fieldsOf(issues: { path: string; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path] ??= issue.message;
  return fields;
}

/**
 * Content administration (ADR 016): the content models of /api/instance/{model} and the content calls of spec §7.
 * Content is provider-wide (no organization scope): reading and writing it needs `canAdministerContent` (a
 * provider-organization account whose roles carry content.manage), except the menu, which every signed-in user
 * reads (the sidebar is built from it), and support requests, which every signed-in user files (communitySubmit).
 * Roles are changed only by provider-wide administrators: their permissions are what the server checks.
 */
export function createContentService({
  repo,
  limiter,
  templates,
  scraper,
  publicUrl,
  productName,
  now,
  log,
}: ContentServiceDeps) {
  function requireContentAdmin(caller: Caller) {
    if (!canAdministerContent(caller)) throw forbidden();
  }

  function requireWrite(caller: Caller, model: ContentModel) {
    requireContentAdmin(caller);
    if (model === 'Role' && !hasProviderWideReach(caller)) throw forbidden();
  }

  function keyOf(model: ContentModel, id: string): string | null {
    if (TEXT_KEYS.includes(model)) return id;
    return UUID.test(id) ? id.toLowerCase() : null;
  }

  async function load(model: ContentModel, id: string): Promise<Body> {
    const key = keyOf(model, id);
    const table = repo.tableOf(model);
    const row = key === null ? null : await repo.findBy(model, table.id, key);
    if (!row) throw notFound();
    return row;
  }

  async function configurationFields(model: ContentModel): Promise<DynamicFormField[] | null> {
    const row = await repo.findBy('ModelConfiguration', modelConfigurations.model, model);
    return row ? (row.fields as DynamicFormField[]) : null;
  }

  /** The model configuration's validations (spec §5 messages), then the contract; both answer per field. */
  async function parseRecord(model: ContentModel, body: Body): Promise<Body> {
    const fields = await configurationFields(model);
    if (fields) {
      const issues = validateDynamicForm(fields, body);
      if (issues.length) {
        const byField = fieldsOf(issues);
        throw new AppError('VALIDATION_FAILED', Object.values(byField)[0]!, byField);
      }
    }
    return parseInput(CONTENT_MODEL_DEFS[model].input, body, '') as Body;
  }

  async function index(model: ContentModel, row: Body) {
    await repo.index(model, String(row.id), CONTENT_MODEL_DEFS[model].searchText(row));
  }

  async function write<T>(model: ContentModel, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      const field = CONTENT_MODEL_DEFS[model].uniqueField;
      if (field && isUniqueViolation(error)) throw duplicateError(field);
      throw error;
    }
  }

  async function create(
    caller: Caller,
    model: ContentModel,
    body: Body,
    options: { skipIndex?: boolean } = {},
  ) {
    requireWrite(caller, model);
    const def = CONTENT_MODEL_DEFS[model];
    const input = await parseRecord(model, body);
    const problems = def.check?.(input, null);
    if (problems) throw new AppError('VALIDATION_FAILED', Object.values(problems)[0]!, problems);
    const values = { ...def.toValues(input, null), ...(def.keyOf ? { id: def.keyOf(input) } : {}) };
    const row = await write(model, () => repo.insert(model, values));
    if (!options.skipIndex) await index(model, row);
    log.info({ model, id: row.id, by: caller.id }, 'content created');
    return def.present(row);
  }

  async function update(
    caller: Caller,
    model: ContentModel,
    id: string,
    body: Body,
    options: { skipIndex?: boolean } = {},
  ) {
    requireWrite(caller, model);
    const def = CONTENT_MODEL_DEFS[model];
    const existing = await load(model, id);
    if (model === 'ContentPage' && existing.isLocked === true)
      throw new AppError('LOCKED', CONTENT_MESSAGES.pageLocked);
    const input = await parseRecord(model, { ...(def.keyOf ? { id: existing.id } : {}), ...body });
    const problems = def.check?.(input, existing);
    if (problems) throw new AppError('VALIDATION_FAILED', Object.values(problems)[0]!, problems);
    const expected = input.force === true ? null : (input.version as number | undefined);
    if (expected === undefined)
      throw new AppError('VALIDATION_FAILED', RECORD_MESSAGES.versionRequired, {
        version: RECORD_MESSAGES.versionRequired,
      });
    const row = await write(model, () =>
      repo.update(model, String(existing.id), expected, def.toValues(input, existing)),
    );
    if (!row) throw new AppError('VERSION_CONFLICT', RECORD_MESSAGES.versionConflict);
    if (!options.skipIndex) await index(model, row);
    log.info({ model, id: row.id, by: caller.id }, 'content updated');
    return def.present(row);
  }

  async function remove(
    caller: Caller,
    model: ContentModel,
    id: string,
    controls: { version?: number | undefined; force?: boolean | undefined },
  ) {
    requireWrite(caller, model);
    const def = CONTENT_MODEL_DEFS[model];
    const existing = await load(model, id);
    const problem = def.deleteProblem?.(existing);
    if (problem) throw new AppError('CONFLICT', problem);
    if (model === 'ContentPage' && existing.isLocked === true)
      throw new AppError('LOCKED', CONTENT_MESSAGES.pageLocked);
    const expected = controls.force ? null : controls.version;
    if (expected === undefined)
      throw new AppError('VALIDATION_FAILED', RECORD_MESSAGES.versionRequired, {
        version: RECORD_MESSAGES.versionRequired,
      });
    let removed: boolean;
    try {
      removed = await repo.remove(model, String(existing.id), expected);
    } catch (error) {
      if (isForeignKeyViolation(error))
        throw new AppError(
          'CONFLICT',
          'The record is still in use (a role assigned to users) and cannot be deleted.',
        );
      throw error;
    }
    if (!removed) throw new AppError('VERSION_CONFLICT', RECORD_MESSAGES.versionConflict);
    log.info({ model, id: existing.id, by: caller.id }, 'content deleted');
    return { id: String(existing.id), isDeleted: true };
  }

  /** Every signed-in user reads the main menu; only the entries their roles may see (User Admin: ElevatedUser). */
  function menuScope(caller: Caller): SQL | undefined {
    return and(
      eq(menuItems.type, 'MAIN_MENU'),
      or(
        isNull(menuItems.requiredRole),
        inArray(menuItems.requiredRole, caller.roles.length ? caller.roles : ['']),
      )!,
    );
  }

  function requireRead(caller: Caller, model: ContentModel): SQL | undefined {
    if (canAdministerContent(caller)) return undefined;
    if (model === 'MenuItem') return menuScope(caller);
    throw forbidden();
  }

  async function pageBySlug(slug: string) {
    const page = await repo.pageBySlug(slug);
    if (!page) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.pageNotFound);
    return page;
  }

  return {
    /** GET /api/instance/{model} for a content model: `{ r, pager }`, `search` through the full-text index. */
    async list(
      caller: Caller,
      model: ContentModel,
      rawQuery: InstanceListQuery,
    ): Promise<InstanceList<unknown>> {
      const scope = requireRead(caller, model);
      const query = parseInput(instanceListQuerySchema, rawQuery, '');
      const fields = CONTENT_FIELDS[model];
      const where = and(
        scope,
        parseFilter(query.q, fields, model),
        repo.searchCondition(model, query.search),
      );
      const orderBy = parseSort(query.sort, fields, model);
      const { rows, total } = await repo.listPage(model, where, orderBy, query.size, query.fromIndex);
      return {
        r: rows.map((row) => CONTENT_MODEL_DEFS[model].present(row)),
        pager: pageState(query.fromIndex, query.size, total),
      };
    },

    async get(caller: Caller, model: ContentModel, id: string) {
      const scope = requireRead(caller, model);
      const row = await load(model, id);
      if (scope && model === 'MenuItem') {
        const visible =
          row.type === 'MAIN_MENU' &&
          (row.requiredRole === null || caller.roles.includes(row.requiredRole as never));
        if (!visible) throw notFound();
      }
      return CONTENT_MODEL_DEFS[model].present(row);
    },

    create: (caller: Caller, model: ContentModel, body: Body) => create(caller, model, body),
    update: (caller: Caller, model: ContentModel, id: string, body: Body) => update(caller, model, id, body),
    remove,

    /** POST /api/instance/validate/{model}: the save's checks without saving. */
    async validate(caller: Caller, model: ContentModel, body: Body): Promise<ValidateResponse> {
      requireContentAdmin(caller);
      const fields = await configurationFields(model);
      const issues = fields ? validateDynamicForm(fields, body) : [];
      if (issues.length === 0) {
        const parsed = CONTENT_MODEL_DEFS[model].input.safeParse(body);
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            issues.push({ path: issue.path.map(String).join('.'), message: issue.message });
        } else {
          const problems = CONTENT_MODEL_DEFS[model].check?.(parsed.data as Body, null) ?? {};
          for (const [path, message] of Object.entries(problems)) issues.push({ path, message });
        }
      }
      return { valid: issues.length === 0, issues };
    },

    /** Spec §7 communitySubmit: a support request from any signed-in user (e-mail defaults to theirs). */
    async communitySubmit(caller: Caller, request: CommunitySubmitRequest) {
      const { content } = parseInput(communitySubmitRequestSchema, request, '');
      if ((await limiter.hit(SUPPORT_REQUEST_RULE, caller.id)) > SUPPORT_REQUEST_RULE.max)
        throw new AppError('RATE_LIMITED', SUPPORT_RATE_LIMITED);
      const row = await repo.insert('SupportRequest', {
        email: content.email ?? caller.email,
        message: content.message,
        type: content.type,
        userId: caller.id,
        organizationId: caller.organizationId,
      });
      await index('SupportRequest', row);
      log.info({ supportRequestId: row.id, by: caller.id }, 'support request filed');
      return CONTENT_MODEL_DEFS.SupportRequest.present(row) as SupportRequest;
    },

    /** Spec §7 save {content, originalSlug, skipIndex}: creates the page, or edits the one at originalSlug. */
    async savePage(caller: Caller, request: ContentSaveRequest) {
      requireContentAdmin(caller);
      const { content, originalSlug, skipIndex } = parseInput(contentSaveRequestSchema, request, '');
      const existing = await repo.pageBySlug(originalSlug ?? content.slug);
      if (!existing) {
        if (originalSlug) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.pageNotFound);
        return (await create(caller, 'ContentPage', content, { skipIndex })) as ContentPage;
      }
      return (await update(caller, 'ContentPage', existing.id, content, { skipIndex })) as ContentPage;
    },

    /** Spec §7 publish {id} (or {id, status}): publishing needs no edit of a locked page's text. */
    async publish(
      caller: Caller,
      request: { id: string; status: 'DRAFT' | 'PUBLISHED'; version?: number | undefined },
    ) {
      requireContentAdmin(caller);
      const page = await repo.pageById(request.id);
      if (!page) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.pageNotFound);
      const row = await repo.update('ContentPage', page.id, request.version ?? null, {
        status: request.status,
        publishedOn: request.status === 'PUBLISHED' ? now() : null,
      });
      if (!row) throw new AppError('VERSION_CONFLICT', RECORD_MESSAGES.versionConflict);
      return CONTENT_MODEL_DEFS.ContentPage.present(row) as ContentPage;
    },

    /** Spec §7 preRender {slug}: the page as escaped HTML, stored with it. */
    async preRender(caller: Caller, slug: string) {
      requireContentAdmin(caller);
      const page = await pageBySlug(slug);
      const renderedHtml = renderPageHtml(page.title, page.body);
      const renderedOn = now();
      await repo.update('ContentPage', page.id, null, { renderedHtml, renderedOn });
      return { slug: page.slug, renderedHtml, renderedOn: renderedOn.toISOString() };
    },

    /** Spec §7 toggleLock {slug, isLocked}: a locked page refuses edits and deletion until unlocked. */
    async toggleLock(caller: Caller, slug: string, isLocked: boolean) {
      requireContentAdmin(caller);
      const page = await pageBySlug(slug);
      const row = await repo.update('ContentPage', page.id, null, { isLocked });
      log.info({ slug, isLocked, by: caller.id }, 'content page lock');
      return CONTENT_MODEL_DEFS.ContentPage.present(row!) as ContentPage;
    },

    /** Spec §7 indexAll {settingsType}: rebuilds the full-text index of one content model, or of all. */
    async indexAll(caller: Caller, settingsType: 'All' | ContentModel) {
      requireContentAdmin(caller);
      const models = settingsType === 'All' ? CONTENT_MODELS : [settingsType];
      const indexed: Record<string, number> = {};
      for (const model of models) {
        const rows = await repo.all(model);
        await repo.reindex(
          model,
          rows.map((row) => ({ recordId: String(row.id), text: CONTENT_MODEL_DEFS[model].searchText(row) })),
        );
        indexed[model] = rows.length;
      }
      log.info({ settingsType, indexed, by: caller.id }, 'content index rebuilt');
      return { settingsType, indexed };
    },

    /** Spec §7 facebookScrape {slug}: asks the configured scraper to refresh the page's social preview. */
    async facebookScrape(caller: Caller, slug: string) {
      requireContentAdmin(caller);
      if (!scraper.url) throw new AppError('NOT_CONFIGURED', CONTENT_MESSAGES.scraperNotConfigured);
      const page = await pageBySlug(slug);
      const url = new URL(`/pages/${page.slug}`, publicUrl).toString();
      const form = new URLSearchParams({ id: url, scrape: 'true' });
      if (scraper.token) form.set('access_token', scraper.token);
      let status: number;
      try {
        const res = await scraper.fetch(scraper.url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(scraper.timeoutMs),
        });
        status = res.status;
        await res.body?.cancel();
      } catch (error) {
        log.warn({ slug, err: String(error) }, 'social scrape failed');
        throw new AppError(
          'UPSTREAM_FAILED',
          CONTENT_MESSAGES.scraperFailed.replace('{status}', 'no answer'),
        );
      }
      if (status < 200 || status >= 300)
        throw new AppError(
          'UPSTREAM_FAILED',
          CONTENT_MESSAGES.scraperFailed.replace('{status}', `HTTP ${status}`),
        );
      const scrapedOn = now();
      await repo.update('ContentPage', page.id, null, { scrapedOn });
      return { slug: page.slug, url, scrapedOn: scrapedOn.toISOString() };
    },

    /** GET /pages/{slug}: a published page as HTML (public: what visitors and social scrapers read). */
    async publishedPage(slug: string): Promise<string | null> {
      const page = await repo.pageBySlug(slug);
      if (!page || page.status !== 'PUBLISHED') return null;
      return pageDocument({
        title: page.title,
        body: page.body,
        html: page.renderedHtml ?? renderPageHtml(page.title, page.body),
        url: new URL(`/pages/${page.slug}`, publicUrl).toString(),
        siteName: productName,
      });
    },

    /**
     * POST /api/instance/sequence/{name}: the next number of the caller's organization's sequence of that name
     * (organizations never see or move each other's counters).
     */
    async nextSequence(caller: Caller, name: string) {
      const value = await repo.nextSequence(`${caller.organizationId ?? 'none'}:${name}`);
      return { name, value };
    },

    /** GET /api/message: the notice of the template system.notice (empty = none). */
    async message(): Promise<SystemMessage> {
      const row = await repo.templateBySymbol('system.notice');
      const text = row ? renderTemplate(row.view, { productName }).trim() : '';
      return {
        message: text || null,
        type: 'info',
        lastUpdatedOn: text && row ? row.lastUpdatedOn.toISOString() : null,
      };
    },

    templates,
  };
}

export type ContentService = ReturnType<typeof createContentService>;
