import type { SQL } from 'drizzle-orm';
import {
  FILTER_MESSAGES,
  INSTANCE_MODELS,
  RECORD_MESSAGES,
  instanceListQuerySchema,
  type InstanceList,
  type InstanceListQuery,
  type InstanceModel,
} from '@sealplan/contracts';
import { and } from 'drizzle-orm';
import { isContentModel, pageState } from '@sealplan/contracts';
import { AppError } from '../../errors';
import type { AuthUser } from '../../shared/auth-user';
import type { ContentService } from '../content';
import { parseInput } from '../../lib/parse-input';
import { CUSTOMER_FIELDS, CUSTOMER_SEARCH_FIELDS, INDUSTRY_FIELDS } from '../customers';
import { presentCustomer, presentIndustry } from '../customers';
import { PROJECT_FIELDS, PROJECT_SEARCH_FIELDS } from '../projects';
import { presentProject } from '../projects';
import type { ProjectServices } from '../projects';
import { ITEM_FIELDS, TRANSIT_FIELDS } from '../transits';
import { presentItem, presentTransit } from '../transits';
import type { FieldMap } from '../../lib/record-fields';
import { parseFilter, parseSort, searchCondition } from '../../lib/record-filter';

type Body = Record<string, unknown>;

/** Save controls of a DELETE (query string): the version the user saw, or force. */
export interface DeleteControls {
  version?: number | undefined;
  force?: boolean | undefined;
}

interface ModelHandler {
  fields: FieldMap;
  searchFields: readonly string[];
  list(
    organizationId: string,
    where: SQL | undefined,
    orderBy: SQL[],
    limit: number,
    offset: number,
  ): Promise<{ r: unknown[]; total: number }>;
  get(organizationId: string, id: string): Promise<unknown>;
  create(organizationId: string, userId: string, body: Body): Promise<unknown>;
  update(organizationId: string, userId: string, id: string, body: Body): Promise<unknown>;
  remove(organizationId: string, userId: string, id: string, controls: DeleteControls): Promise<unknown>;
}

function readOnly(): never {
  throw new AppError('FORBIDDEN', 'Industries are reference data and cannot be changed here.');
}

export function isInstanceModel(model: string): model is InstanceModel {
  return (INSTANCE_MODELS as readonly string[]).includes(model);
}

/** Spec §7 generic records over the domain services: lists filter through the whitelist; saves go through the services. */
export function createInstanceService(services: ProjectServices, content?: ContentService) {
  const { customers, projects, transits } = services;

  const handlers: Record<InstanceModel, ModelHandler> = {
    Customer: {
      fields: CUSTOMER_FIELDS,
      searchFields: CUSTOMER_SEARCH_FIELDS,
      async list(org, where, orderBy, limit, offset) {
        const { rows, total } = await customers.listPage(org, where, orderBy, limit, offset);
        return { r: rows.map(presentCustomer), total };
      },
      get: (org, id) => customers.get(org, id),
      create: (org, _user, body) => customers.saveOne(org, { ...(body as object), id: undefined } as never),
      async update(org, _user, id, body) {
        await customers.get(org, id); // another organization's record is not found, whatever the body says
        return customers.saveOne(org, { ...(body as object), id } as never);
      },
      async remove(org, _user, id, controls) {
        const current = await customers.get(org, id);
        return customers.saveOne(org, {
          id,
          name: current.name,
          industryId: current.industry.id,
          contactFirstName: current.contactFirstName,
          contactLastName: current.contactLastName,
          contactPhone: current.contactPhone,
          contactEmail: current.contactEmail,
          version: controls.version,
          force: controls.force,
          isDelete: true,
        });
      },
    },
    Industry: {
      fields: INDUSTRY_FIELDS,
      searchFields: ['name'],
      async list(_org, where, orderBy, limit, offset) {
        const rows = await customers.listIndustries(false, where, orderBy);
        return { r: rows.slice(offset, offset + limit).map(presentIndustry), total: rows.length };
      },
      async get(_org, id) {
        const row = await customers.findIndustry(id);
        if (!row) throw new AppError('NOT_FOUND', RECORD_MESSAGES.notFound);
        return presentIndustry(row);
      },
      create: readOnly,
      update: readOnly,
      remove: readOnly,
    },
    Project: {
      fields: PROJECT_FIELDS,
      searchFields: PROJECT_SEARCH_FIELDS,
      async list(org, where, orderBy, limit, offset) {
        const { rows, total } = await projects.listPage(org, where, orderBy, limit, offset);
        return { r: rows.map(presentProject), total };
      },
      get: (org, id) => projects.get(org, id),
      create: (org, user, body) =>
        projects.saveOne(org, user, { ...(body as object), id: undefined } as never),
      async update(org, user, id, body) {
        await projects.get(org, id);
        return projects.saveOne(org, user, { ...(body as object), id } as never);
      },
      async remove(org, user, id, controls) {
        const current = await projects.get(org, id);
        return projects.saveOne(org, user, {
          id,
          name: current.name,
          customerId: current.customerId,
          industryId: current.industryId,
          description: current.description,
          version: controls.version,
          force: controls.force,
          isDelete: true,
        });
      },
    },
    Transit: {
      fields: TRANSIT_FIELDS,
      searchFields: ['name'],
      async list(org, where, orderBy, limit, offset) {
        const [catalogue, { rows, total }] = await Promise.all([
          transits.loadCatalogue(),
          transits.listPage(org, where, orderBy, limit, offset),
        ]);
        return { r: rows.map((row) => presentTransit(row, catalogue)), total };
      },
      get: async (org, id) => (await transits.getTransitData(org, id)).transit,
      create: (org, user, body) =>
        transits.saveTransit(org, { ...(body as object), id: undefined } as never, user),
      async update(org, user, id, body) {
        const current = (await transits.getTransitData(org, id)).transit;
        return transits.saveTransit(
          org,
          { projectId: current.projectId, ...(body as object), id } as never,
          user,
        );
      },
      async remove(org, user, id, controls) {
        const current = (await transits.getTransitData(org, id)).transit;
        return transits.saveTransit(
          org,
          {
            id,
            projectId: current.projectId,
            version: controls.version,
            force: controls.force,
            isDelete: true,
          },
          user,
        );
      },
    },
    PenetratingItem: {
      fields: ITEM_FIELDS,
      searchFields: [],
      async list(org, where, orderBy, limit, offset) {
        const { rows, total } = await transits.listItemPage(org, where, orderBy, limit, offset);
        return { r: rows.map(presentItem), total };
      },
      get: (org, id) => transits.getItem(org, id),
      create: (org, user, body) =>
        transits.saveItem(org, { ...(body as object), id: undefined } as never, user),
      async update(org, user, id, body) {
        const current = await transits.getItem(org, id);
        return transits.saveItem(
          org,
          { transitId: current.transitId, ...(body as object), id } as never,
          user,
        );
      },
      async remove(org, user, id, controls) {
        const current = await transits.getItem(org, id);
        return transits.saveItem(
          org,
          {
            id,
            transitId: current.transitId,
            quantity: current.quantity,
            outerDiameterMm: current.outerDiameterMm,
            isRemoved: true,
            version: controls.version,
            force: controls.force,
          },
          user,
        );
      },
    },
  };

  function handler(model: string): ModelHandler {
    if (!isInstanceModel(model))
      throw new AppError('NOT_FOUND', FILTER_MESSAGES.unknownModel.replace('{model}', model.slice(0, 60)));
    return handlers[model];
  }

  /** Content models (ADR 016) are provider-wide and checked per caller by the content service. */
  function contentFor(model: string, caller: AuthUser | undefined) {
    if (!content || !caller || !isContentModel(model)) return null;
    return { service: content, caller, model };
  }

  return {
    /** GET /api/instance/{model}: `{ r, pager }` of the caller's organization. */
    async list(
      organizationId: string,
      model: string,
      rawQuery: InstanceListQuery,
      caller?: AuthUser,
    ): Promise<InstanceList<unknown>> {
      const c = contentFor(model, caller);
      if (c) return c.service.list(c.caller, c.model, rawQuery);
      const h = handler(model);
      const query = parseInput(instanceListQuerySchema, rawQuery, '');
      const where = and(
        parseFilter(query.q, h.fields, model),
        searchCondition(query.search, h.fields, h.searchFields),
      );
      const orderBy = parseSort(query.sort, h.fields, model);
      const { r, total } = await h.list(organizationId, where, orderBy, query.size, query.fromIndex);
      return {
        r,
        pager: pageState(query.fromIndex, query.size, total),
      };
    },
    get(organizationId: string, model: string, id: string, caller?: AuthUser) {
      const c = contentFor(model, caller);
      return c ? c.service.get(c.caller, c.model, id) : handler(model).get(organizationId, id);
    },
    create(organizationId: string, userId: string, model: string, body: Body, caller?: AuthUser) {
      const c = contentFor(model, caller);
      return c
        ? c.service.create(c.caller, c.model, body)
        : handler(model).create(organizationId, userId, body);
    },
    update(organizationId: string, userId: string, model: string, id: string, body: Body, caller?: AuthUser) {
      const c = contentFor(model, caller);
      return c
        ? c.service.update(c.caller, c.model, id, body)
        : handler(model).update(organizationId, userId, id, body);
    },
    remove(
      organizationId: string,
      userId: string,
      model: string,
      id: string,
      controls: DeleteControls,
      caller?: AuthUser,
    ) {
      const c = contentFor(model, caller);
      return c
        ? c.service.remove(c.caller, c.model, id, controls)
        : handler(model).remove(organizationId, userId, id, controls);
    },
  };
}

export type InstanceService = ReturnType<typeof createInstanceService>;
