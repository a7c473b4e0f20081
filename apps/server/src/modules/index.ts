import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DbHandle } from '@sealplan/db';
import type { Env } from '../config/env';
import type { Mailer } from '../lib/mail';
import { uploadFileName } from '../lib/upload-file-name';
import type { CpuPool } from '../workers/cpu-pool';
import { renderTemplate } from '../shared/template-definitions';
import {
  authRoutes,
  createAuthRepository,
  createAuthService,
  createRateLimiter,
  createSessionRepository,
  PASSWORD_RESET_MAIL_JOB,
} from './auth';
import { apiKeysRoutes, createApiKeysRepository, createApiKeysService } from './api-keys';
import { catalogueRoutes } from './catalogue';
import {
  contentRoutes,
  createContentRepository,
  createContentService,
  createLockerService,
  createTemplateSource,
  createTranslationsService,
} from './content';
import { DEFAULT_LOCALES_DIR } from '../repository-paths';
import { customersRoutes } from './customers';
import { createDevicesRepository, createDevicesService, devicesRoutes } from './devices';
import { createExportRepository, createExportService, exportRoutes, loadCatalogueForExport } from './export';
import {
  adaptersFromEnv,
  createExternalRepository,
  createExternalSignInService,
  externalRoutes,
} from './external';
import {
  archiveDocumentRequest,
  createHandoverRepository,
  createHandoverService,
  handoverRoutes,
} from './handover';
import { healthRoutes } from './health';
import { createHistoryService, createPhotosService, historyRoutes } from './history';
import { createInstanceService, instanceRoutes } from './instance';
import { createMailQueue } from './mail';
import { createJobQueue, createJobQueueRepository, createPgBossJobQueue } from './queue';
import { createProjectServices, projectsRoutes } from './projects';
import { publicApiRoutes } from './public-api';
import { createSchedulesRepository, createSchedulesService, schedulesRoutes } from './schedules';
import {
  createSiteRepository,
  createSiteService,
  placeTransitsAtPaths,
  siteRoutes,
  transitLocationPaths,
} from './site';
import { createSettingsRepository, createSettingsService, settingsRoutes } from './settings';
import { transitsRoutes } from './transits';
import { createUsersRepository, createUsersService, usersRoutes } from './users';
import {
  createWebhookSender,
  createWebhooksRepository,
  createWebhooksService,
  resolveAll,
  webhooksRoutes,
  type ResolveAll,
} from './webhooks';

/** How long the social scraper may take before facebookScrape gives up. */
const SCRAPE_TIMEOUT_MS = 5_000;

/** What the composition root builds the services from (the app's dependencies and its logger). */
export interface ServiceDeps {
  db: DbHandle;
  env: Env;
  mail: Mailer;
  version: string;
  now: () => Date;
  cpu: CpuPool;
  log: FastifyBaseLogger;
  /** How webhook deliveries resolve a name (ADR 037; tests give a resolver that answers 127.0.0.1). */
  resolveHost?: ResolveAll;
}

/**
 * The composition root (ADR 025): every repository and service of the server is built here, once per app, and
 * handed to the routes that use it. No module builds another module's service; a module that needs another's
 * service receives it here.
 */
export function createServices({ db: handle, env, mail, version, now, cpu, log, resolveHost }: ServiceDeps) {
  const db = handle.db;
  // ADR 037: one durable job queue for mail and webhook deliveries: pg-boss on PostgreSQL, the in-process runner
  // over `queue_jobs` on the embedded PGlite; the same face for both.
  const jobQueue =
    handle.kind === 'postgres'
      ? createPgBossJobQueue({ db, log })
      : createJobQueue({ repo: createJobQueueRepository(db), now, log });
  const mailQueue = createMailQueue({ queue: jobQueue, mail });
  const webhookPolicy = {
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    allowHttp: env.WEBHOOK_ALLOW_HTTP,
  };
  const webhooks = createWebhooksService({
    repo: createWebhooksRepository(db),
    queue: jobQueue,
    send: createWebhookSender(webhookPolicy, resolveHost ?? resolveAll),
    policy: webhookPolicy,
    now,
    log,
  });
  const templates = createTemplateSource(db);
  const authRepository = createAuthRepository(db);
  const limiter = createRateLimiter(authRepository, now);
  const brand = { productName: env.PROVIDER_SHORT_NAME, publicUrl: env.PUBLIC_URL };

  // One per app: it caches the providers' discovery documents.
  const external = createExternalSignInService({
    repo: createExternalRepository(db),
    adapters: adaptersFromEnv(env),
    publicUrl: env.PUBLIC_URL,
    now,
    log,
  });
  const devices = createDevicesService({ repo: createDevicesRepository(db), now, log });
  const auth = createAuthService({
    repo: authRepository,
    mail,
    queue: mailQueue,
    external,
    brand,
    templates,
    tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
    now,
    log,
  });
  mailQueue.handle(PASSWORD_RESET_MAIL_JOB, (payload) => auth.passwordResetMailFor(payload));
  const users = createUsersService({
    repo: createUsersRepository(db),
    auth,
    devices,
    external,
    limiter,
    brand,
    templates,
    now,
    log,
  });

  const contentRepository = createContentRepository(db);
  const content = createContentService({
    repo: contentRepository,
    limiter,
    templates,
    scraper: {
      url: env.SOCIAL_SCRAPE_URL,
      token: env.SOCIAL_SCRAPE_TOKEN,
      timeoutMs: SCRAPE_TIMEOUT_MS,
      fetch: globalThis.fetch,
    },
    publicUrl: env.PUBLIC_URL,
    productName: env.PROVIDER_SHORT_NAME,
    now,
    log,
  });
  const translations = createTranslationsService({
    repo: contentRepository,
    localesDir: env.LOCALES_DIR ?? DEFAULT_LOCALES_DIR,
  });
  const locker = createLockerService({ repo: contentRepository });

  const projectServices = withWebhookEvents(createProjectServices(db, now, cpu), webhooks);
  const { catalogue } = projectServices;
  const history = createHistoryService({
    repo: projectServices.historyRepository,
    restoreTransit: projectServices.transits.restoreTransit,
  });
  const photos = createPhotosService({
    repo: projectServices.historyRepository,
    history: projectServices.changeRecorder,
  });
  const instance = createInstanceService(projectServices, content);
  const scheduleService = createSchedulesService({
    repo: createSchedulesRepository(db),
    // ADR 032: the import's changes are in the history, written in the import's transaction.
    history: projectServices.changeRecorder,
    // ADR 031: a location column places the transits in the project's location tree, in the import's transaction.
    locations: {
      ofProject: (organizationId, projectId) => transitLocationPaths(db, organizationId, projectId),
      place: placeTransitsAtPaths,
    },
    loadCatalogue: () => catalogue.getCatalogue(),
    cpu,
    now,
  });
  // ADR 037: an import that wrote something is a change of the project (with what it imported) and of each transit
  // it created or added lines to, sent once it has committed like the events of withWebhookEvents.
  const schedules: typeof scheduleService = {
    ...scheduleService,
    async importSchedule(organizationId, input, actorId) {
      const report = await scheduleService.importSchedule(organizationId, input, actorId);
      if (!report.applied) return report;
      await webhooks.emit(organizationId, 'project.changed', {
        projectId: input.projectId,
        scheduleImport: {
          fileName: input.fileName ?? null,
          rows: report.counts.imported,
          items: report.counts.items,
          transitsCreated: report.transits.filter((t) => t.created).length,
          transitsChanged: report.transits.filter((t) => !t.created).length,
        },
        importedBy: actorId,
      });
      await webhooks.emitEach(
        organizationId,
        'transit.changed',
        report.transits.flatMap((t) =>
          t.id ? [{ projectId: input.projectId, transitId: t.id, isRemoved: false }] : [],
        ),
      );
      return report;
    },
  };
  const settings = createSettingsService({
    repo: createSettingsRepository(db),
    catalogue: projectServices.catalogueRepository,
    provider: { name: env.PROVIDER_NAME, shortName: env.PROVIDER_SHORT_NAME },
    apiVersion: version,
    database: handle.kind,
    mail: mail.target,
    publicUrl: env.PUBLIC_URL,
  });
  const exportService = createExportService({
    repo: createExportRepository(db),
    mail,
    now,
    loadCatalogue: () => loadCatalogueForExport(db),
    loadProducts: (articleNumbers) => contentRepository.productsByArticle(articleNumbers),
    loadTexts: async (project) => {
      const texts = await templates.texts();
      const values = {
        providerName: env.PROVIDER_NAME,
        projectName: project.name,
        customerName: project.customerName,
      };
      return {
        header: renderTemplate(texts['document.header'], values).trim(),
        footer: renderTemplate(texts['document.footer'], values).trim(),
      };
    },
    // ADR 031: every document prints each transit's location.
    locations: {
      ofProject: async (organizationId, projectId) =>
        (await transitLocationPaths(db, organizationId, projectId)).transits,
    },
    revisions: {
      ofProject: (organizationId, projectId) => history.revisionsOfProject(organizationId, projectId),
      markIssued: (organizationId, projectId, on) => history.markIssued(organizationId, projectId, on),
    },
    log,
    cpu,
  });

  // ADR 037: a document made (downloaded or shared) is an event of the project.
  const exports: typeof exportService = {
    ...exportService,
    async sendProjectExport(caller, input) {
      const outcome = await exportService.sendProjectExport(caller, input);
      await webhooks.emit(caller.organizationId, 'export.made', {
        projectId: input.projectId,
        format: outcome.kind === 'file' ? outcome.file.format : (input.outputFormat ?? null),
        shared: outcome.kind === 'shared',
        madeBy: caller.id,
      });
      return outcome;
    },
  };

  // ADR 031: a transit's life on site; the change history records its status changes through recordStatusChange.
  const siteService = createSiteService({
    repo: createSiteRepository(db),
    now,
    cpu,
    publicUrl: env.PUBLIC_URL,
    // Each step is a change of the transit's history, in the step's own transaction (ADR 032).
    recordStatusChange: (tx, change) =>
      projectServices.changeRecorder.recordChange(tx, {
        organizationId: change.organizationId,
        projectId: change.projectId,
        transitId: change.transitId,
        actorId: change.userId,
        action: 'status',
        before: null,
        after: null,
        entries: [{ kind: 'status', before: change.fromStatus, after: change.toStatus }],
      }),
    // A transit moved in the location tree is a change of its history too, by its paths' names (ADR 032).
    recordLocationChange: (tx, change) =>
      projectServices.changeRecorder.recordChange(tx, {
        organizationId: change.organizationId,
        projectId: change.projectId,
        transitId: change.transitId,
        actorId: change.userId,
        action: 'location',
        before: null,
        after: null,
        entries: [{ kind: 'location', before: change.before, after: change.after }],
      }),
    // The project's location tree is the project's: its changes are in the project's history (ADR 032).
    recordLocationTreeChange: (tx, change) =>
      projectServices.changeRecorder.recordProjectChange(tx, {
        organizationId: change.organizationId,
        projectId: change.projectId,
        actorId: change.userId,
        action: 'updated',
        before: null,
        after: null,
        entries: [
          change.before.length === 0
            ? { kind: 'locationAdded', path: change.after }
            : change.after.length === 0
              ? { kind: 'locationRemoved', path: change.before }
              : { kind: 'locationChanged', before: change.before, after: change.after },
        ],
      }),
  });

  // ADR 035: the hand-over of a project; the archive's project document is the export module's PDF.
  const handoverService = createHandoverService({
    repo: createHandoverRepository(db),
    // ADR 032: the imported project and its transits are in the history, written in the import's transaction.
    history: projectServices.changeRecorder,
    cpu,
    now,
    publicUrl: env.PUBLIC_URL,
    projectDocument: async (caller, input) => {
      const outcome = await exports.sendProjectExport(caller, archiveDocumentRequest(input));
      if (outcome.kind !== 'file') throw new Error('A download answers a file.');
      return { fileName: outcome.file.fileName, body: outcome.file.body };
    },
  });
  // ADR 037: an archive imported is a project made in the organization that imported it, sent once it has committed.
  const handover: typeof handoverService = {
    ...handoverService,
    async importArchive(caller, upload) {
      const result = await handoverService.importArchive(caller, upload);
      await webhooks.emit(caller.organizationId, 'project.created', {
        projectId: result.projectId,
        name: result.projectName,
        isRemoved: false,
        archiveImport: {
          fileName: uploadFileName(upload?.fileName ?? '', '') || null,
          locations: result.locations,
          transits: result.transits,
          items: result.items,
          photos: result.photos,
          files: result.files,
        },
        importedBy: caller.id,
      });
      return result;
    },
  };
  // ADR 037: a status step is an event of the transit.
  const site: typeof siteService = {
    ...siteService,
    async changeStatus(caller, raw) {
      const answer = await siteService.changeStatus(caller, raw);
      await webhooks.emit(caller.organizationId, 'transit.status_changed', {
        projectId: answer.projectId,
        transitId: answer.transitId,
        status: answer.status,
        changedBy: caller.id,
      });
      return answer;
    },
  };
  // ADR 036: an organization's API keys; the public API's guard asks their authority on every request.
  const apiKeys = createApiKeysService({
    repo: createApiKeysRepository(db),
    limiter,
    ratePerMinute: env.API_KEY_RATE_LIMIT_PER_MINUTE,
    now,
  });

  return {
    jobQueue,
    mailQueue,
    webhooks,
    sessions: createSessionRepository(db),
    auth,
    users,
    devices,
    external,
    content,
    translations,
    locker,
    ...projectServices,
    history,
    photos,
    instance,
    schedules,
    settings,
    exports,
    site,
    handover,
    apiKeys,
  };
}

export type Services = ReturnType<typeof createServices>;

/** Registers every feature module's routes with the services they use (one line per module). */
export async function registerModules(app: FastifyInstance, { services: s }: { services: Services }) {
  await app.register(healthRoutes);
  await app.register(authRoutes, { auth: s.auth });
  await app.register(usersRoutes, { users: s.users, auth: s.auth });
  await app.register(exportRoutes, { exports: s.exports });
  await app.register(catalogueRoutes, { catalogue: s.catalogue });
  await app.register(customersRoutes, { customers: s.customers });
  await app.register(projectsRoutes, { projects: s.projects, catalogue: s.catalogue });
  await app.register(transitsRoutes, { transits: s.transits });
  await app.register(historyRoutes, { history: s.history, photos: s.photos });
  await app.register(instanceRoutes, { instance: s.instance });
  await app.register(settingsRoutes, { settings: s.settings });
  await app.register(schedulesRoutes, { schedules: s.schedules });
  await app.register(contentRoutes, {
    content: s.content,
    translations: s.translations,
    locker: s.locker,
    photos: s.photos,
  });
  await app.register(externalRoutes, { external: s.external });
  await app.register(devicesRoutes, { devices: s.devices });
  await app.register(siteRoutes, { site: s.site });
  await app.register(handoverRoutes, { handover: s.handover });
  await app.register(webhooksRoutes, { webhooks: s.webhooks });
  await app.register(apiKeysRoutes, { apiKeys: s.apiKeys });
  await app.register(publicApiRoutes, {
    customers: s.customers,
    projects: s.projects,
    transits: s.transits,
    exports: s.exports,
    schedules: s.schedules,
    site: s.site,
  });
}

type ProjectServicesOf = ReturnType<typeof createProjectServices>;

/**
 * ADR 037: the saves of projects and transits, each followed by its webhook event (after the save has committed;
 * an event that cannot be recorded is logged, never a failed save). Every caller of these services (the routes,
 * the generic records API) sends the same events.
 */
function withWebhookEvents(
  services: ProjectServicesOf,
  webhooks: Pick<ReturnType<typeof createWebhooksService>, 'emit'>,
): ProjectServicesOf {
  const { projects, transits } = services;
  const transitChanged = async (
    organizationId: string,
    transit: { id: string; projectId: string; isRemoved: boolean },
  ) =>
    webhooks.emit(organizationId, 'transit.changed', {
      projectId: transit.projectId,
      transitId: transit.id,
      isRemoved: transit.isRemoved,
    });
  return {
    ...services,
    projects: {
      ...projects,
      async saveOne(organizationId, userId, input) {
        const project = await projects.saveOne(organizationId, userId, input);
        await webhooks.emit(organizationId, input.id ? 'project.changed' : 'project.created', {
          projectId: project.id,
          name: project.name,
          isRemoved: project.isRemoved,
          version: project.version,
        });
        return project;
      },
    },
    transits: {
      ...transits,
      async saveTransit(organizationId, raw, actorId) {
        const transit = await transits.saveTransit(organizationId, raw, actorId);
        await transitChanged(organizationId, transit);
        return transit;
      },
      async savePenetratingItems(organizationId, raw, actorId) {
        const data = await transits.savePenetratingItems(organizationId, raw, actorId);
        await transitChanged(organizationId, data.transit);
        return data;
      },
      async savePenetratingItemsAndTransit(organizationId, raw, actorId) {
        const data = await transits.savePenetratingItemsAndTransit(organizationId, raw, actorId);
        await transitChanged(organizationId, data.transit);
        return data;
      },
      async duplicateTransit(organizationId, transitId, actorId) {
        const data = await transits.duplicateTransit(organizationId, transitId, actorId);
        await transitChanged(organizationId, data.transit);
        return data;
      },
      // A restore from the history (ADR 032) is a save of the transit like any other.
      async restoreTransit(organizationId, transitId, snapshot, actorId) {
        const data = await transits.restoreTransit(organizationId, transitId, snapshot, actorId);
        await transitChanged(organizationId, data.transit);
        return data;
      },
    },
  };
}
