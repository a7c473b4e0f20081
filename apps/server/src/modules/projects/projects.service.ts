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
import { parseInput } from '../instance/parse-input';
import { expectedVersion } from '../customers/customers.service';
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
}

export function createProjectsService({ repo }: ProjectsServiceDeps) {
  async function get(organizationId: string, id: string): Promise<Project> {
    const record = await repo.findById(organizationId, id);
    if (!record) throw new AppError('NOT_FOUND', PROJECT_MESSAGES.notFound);
    return presentProject(record);
  }

  /** The customer must be the caller's; a new choice of customer must be active (spec §3 isActive). */
  async function checkReferences(
    organizationId: string,
    customerId: string,
    industryId: string,
    customerChanged: boolean,
  ) {
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
      if (!input.id) {
        if (input.isDelete) throw new AppError('NOT_FOUND', PROJECT_MESSAGES.notFound);
        await checkReferences(organizationId, input.customerId, input.industryId, true);
        return get(organizationId, await repo.insert(organizationId, userId, values));
      }
      const existing = await repo.findById(organizationId, input.id);
      if (!existing) throw new AppError('NOT_FOUND', PROJECT_MESSAGES.notFound);
      const expected = expectedVersion(input, 'project.version');
      if (input.isDelete) {
        if (!(await repo.update(organizationId, input.id, expected, { isRemoved: true }))) {
          throw new AppError('VERSION_CONFLICT', RECORD_MESSAGES.versionConflict);
        }
        return presentProject((await repo.findAny(organizationId, input.id))!);
      }
      await checkReferences(
        organizationId,
        input.customerId,
        input.industryId,
        input.customerId !== existing.project.customerId,
      );
      if (!(await repo.update(organizationId, input.id, expected, values))) {
        throw new AppError('VERSION_CONFLICT', RECORD_MESSAGES.versionConflict);
      }
      return get(organizationId, input.id);
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
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
