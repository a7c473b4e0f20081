import {
  PROJECT_MESSAGES,
  RECENT_PROJECTS_LIMIT,
  RECORD_MESSAGES,
  projectInputSchema,
  type DashboardData,
  type Project,
  type ProjectInput,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import type { ChangeRecorder } from '../../shared/change-recorder';
import { parseInput } from '../../lib/parse-input';
import { expectedVersion } from '../../lib/expected-version';
import type { ProjectRecord, ProjectsRepository } from './projects.repository';

/** Spec §3 project as answered. */
export function presentProject(record: ProjectRecord): Project {
  const p = record.project;
  return {
    id: p.id,
    guid: p.guid,
    name: p.name,
    customerId: p.customerId,
    industryId: p.industryId,
    customer: { id: p.customerId, display: record.customerName, model: 'Customer' },
    industry: { id: p.industryId, display: record.industryName, model: 'Industry' },
    description: p.description,
    transitCount: record.transitCount,
    isRemoved: p.isRemoved,
    version: p.version,
    auditing: { createdOn: p.createdOn.toISOString(), lastUpdatedOn: p.lastUpdatedOn.toISOString() },
  };
}

export interface ProjectsServiceDeps {
  repo: ProjectsRepository;
  /** Records every change of a project's own fields in the change's transaction (ADR 032). */
  history: Pick<ChangeRecorder, 'recordProjectChange'>;
}

export function createProjectsService({ repo, history }: ProjectsServiceDeps) {
  async function get(organizationId: string, id: string): Promise<Project> {
    const record = await repo.findById(organizationId, id);
    if (!record) throw new AppError('NOT_FOUND', PROJECT_MESSAGES.notFound);
    return presentProject(record);
  }

  /**
   * The customer must be the caller's; a new choice of customer must be active (spec §3 isActive). Answers the
   * customer's name (the history names the customer by it).
   */
  async function checkReferences(
    organizationId: string,
    customerId: string,
    industryId: string,
    customerChanged: boolean,
  ): Promise<string> {
    const customer = await repo.findCustomer(organizationId, customerId);
    if (!customer || (customerChanged && !customer.isActive)) {
      throw new AppError('VALIDATION_FAILED', PROJECT_MESSAGES.customerNotFound, {
        'project.customerId': PROJECT_MESSAGES.customerNotFound,
      });
    }
    if (!(await repo.industryIsActive(industryId))) {
      throw new AppError('VALIDATION_FAILED', PROJECT_MESSAGES.industryNotFound, {
        'project.industryId': PROJECT_MESSAGES.industryNotFound,
      });
    }
    return customer.name;
  }

  return {
    get,

    /** Spec §7 project saveOne: create, update (optimistic version) or soft delete (isDelete). */
    async saveOne(organizationId: string, userId: string | null, raw: ProjectInput): Promise<Project> {
      const input = parseInput(projectInputSchema, raw, 'project');
      const values = {
        name: input.name,
        customerId: input.customerId,
        industryId: input.industryId,
        description: input.description,
      };
      const after = (customer: string) => ({
        name: values.name,
        customer,
        industryId: values.industryId,
        description: values.description ?? null,
      });
      if (!input.id) {
        if (input.isDelete) throw new AppError('NOT_FOUND', PROJECT_MESSAGES.notFound);
        const customer = await checkReferences(organizationId, input.customerId, input.industryId, true);
        const id = await repo.transaction(async (tx) => {
          const projectId = await repo.insert(tx, organizationId, userId, values);
          await history.recordProjectChange(tx, {
            organizationId,
            projectId,
            actorId: userId,
            action: 'created',
            before: null,
            after: after(customer),
          });
          return projectId;
        });
        return get(organizationId, id);
      }
      const id = input.id;
      const existing = await repo.findById(organizationId, id);
      if (!existing) throw new AppError('NOT_FOUND', PROJECT_MESSAGES.notFound);
      const expected = expectedVersion(input, 'project.version');
      // The change and its history row are written together or not at all (ADR 032).
      const change = (customer: string | null) =>
        repo.transaction(async (tx) => {
          const before = await repo.lockFields(tx, organizationId, id);
          if (!before) throw new AppError('NOT_FOUND', PROJECT_MESSAGES.notFound);
          const changed = await repo.update(
            tx,
            organizationId,
            id,
            expected,
            customer === null ? { isRemoved: true } : values,
          );
          if (!changed) throw new AppError('VERSION_CONFLICT', RECORD_MESSAGES.versionConflict);
          await history.recordProjectChange(tx, {
            organizationId,
            projectId: id,
            actorId: userId,
            action: customer === null ? 'removed' : 'updated',
            before,
            after: customer === null ? before : after(customer),
          });
        });
      if (input.isDelete) {
        await change(null);
        return presentProject((await repo.findAny(organizationId, id))!);
      }
      await change(
        await checkReferences(
          organizationId,
          input.customerId,
          input.industryId,
          input.customerId !== existing.project.customerId,
        ),
      );
      return get(organizationId, id);
    },

    /** Spec §7 getRecentProjects. */
    async getRecentProjects(organizationId: string): Promise<Project[]> {
      return (await repo.recent(organizationId, RECENT_PROJECTS_LIMIT)).map(presentProject);
    },

    /** Spec §7 getDashboardData. */
    async getDashboardData(organizationId: string): Promise<DashboardData> {
      const [counts, recent] = await Promise.all([
        repo.counts(organizationId),
        repo.recent(organizationId, RECENT_PROJECTS_LIMIT),
      ]);
      return { counts, recentProjects: recent.map(presentProject) };
    },

    listPage: repo.list,

    /** A page of the organization's live projects, most recently changed first (the public API, ADR 036). */
    async listProjects(organizationId: string, limit: number, offset: number) {
      const { rows, total } = await repo.list(organizationId, undefined, [], limit, offset);
      return { projects: rows.map(presentProject), total };
    },

    /** The project read's JSON text (getProjectAndTransits' data), or null when it is not the caller's. */
    readProjectJson: repo.readJson,
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
