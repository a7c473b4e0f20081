import {
  CUSTOMER_MESSAGES,
  RECORD_MESSAGES,
  customerInputSchema,
  type Customer,
  type CustomerInput,
  type Industry,
  type SaveIndustryNamesRequest,
  INDUSTRY_MESSAGES,
  compactNames,
} from '@sealplan/contracts';
import type { z } from 'zod';
import type { TranslatedNames } from '@sealplan/contracts';
import { AppError } from '../../errors';
import { expectedVersion } from '../../lib/expected-version';
import { parseInput } from '../../lib/parse-input';
import type { CustomerRecord, CustomersRepository } from './customers.repository';

/** Spec §3 stored customer as the API answers it. */
export function presentCustomer(record: CustomerRecord): Customer {
  const c = record.customer;
  return {
    id: c.id,
    guid: c.guid,
    name: c.name,
    industry: { id: c.industryId, display: record.industryName, model: 'Industry' },
    contactFirstName: c.contactFirstName,
    contactLastName: c.contactLastName,
    contactPhone: c.contactPhone,
    contactEmail: c.contactEmail,
    projectCount: record.projectCount,
    isActive: c.isActive,
    version: c.version,
    auditing: { createdOn: c.createdOn.toISOString(), lastUpdatedOn: c.lastUpdatedOn.toISOString() },
  };
}

export function presentIndustry(row: {
  id: string;
  name: string;
  names: TranslatedNames;
  isActive: boolean;
  sort: number;
}): Industry {
  return { id: row.id, name: row.name, names: row.names, isActive: row.isActive, sort: row.sort };
}

type CustomerValues = z.output<typeof customerInputSchema>;

export function createCustomersService({ repo }: { repo: CustomersRepository }) {
  async function get(organizationId: string, id: string): Promise<Customer> {
    const record = await repo.findById(organizationId, id);
    if (!record) throw new AppError('NOT_FOUND', CUSTOMER_MESSAGES.notFound);
    return presentCustomer(record);
  }

  return {
    get,

    /** Spec §7 customer saveOne: create, update (optimistic version) or soft delete (isDelete: inactive). */
    async saveOne(organizationId: string, raw: CustomerInput | CustomerValues): Promise<Customer> {
      const input = parseInput(customerInputSchema, raw, 'customer');
      if (!input.id) {
        if (input.isDelete) throw new AppError('NOT_FOUND', CUSTOMER_MESSAGES.notFound);
        await assertIndustry(input.industryId);
        const id = await repo.insert(organizationId, {
          name: input.name,
          industryId: input.industryId,
          contactFirstName: input.contactFirstName,
          contactLastName: input.contactLastName,
          contactPhone: input.contactPhone,
          contactEmail: input.contactEmail,
          isActive: input.isActive ?? true,
        });
        return get(organizationId, id);
      }
      const existing = await repo.findById(organizationId, input.id);
      if (!existing) throw new AppError('NOT_FOUND', CUSTOMER_MESSAGES.notFound);
      const expected = expectedVersion(input, 'customer.version');
      const values = input.isDelete
        ? { isActive: false }
        : {
            name: input.name,
            industryId: input.industryId,
            contactFirstName: input.contactFirstName,
            contactLastName: input.contactLastName,
            contactPhone: input.contactPhone,
            contactEmail: input.contactEmail,
            ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
          };
      if (!input.isDelete && input.industryId !== existing.customer.industryId)
        await assertIndustry(input.industryId);
      const changed = await repo.update(organizationId, input.id, expected, values);
      if (!changed) throw new AppError('VERSION_CONFLICT', RECORD_MESSAGES.versionConflict);
      return get(organizationId, input.id);
    },

    /** Spec §7 customer getActive: active customers sorted by name. */
    async getActive(organizationId: string): Promise<Customer[]> {
      return (await repo.listActive(organizationId)).map(presentCustomer);
    },

    listPage: repo.list,
    listIndustries: repo.listIndustries,
    findIndustry: repo.findIndustry,

    /** Spec §7 industry getActive. */
    async getActiveIndustries(): Promise<Industry[]> {
      return (await repo.listIndustries(true)).map(presentIndustry);
    },

    /** ADR 030: an administrator names the industries; answers every industry as stored. */
    async saveIndustryNames(input: SaveIndustryNamesRequest['industries']): Promise<Industry[]> {
      const rows = input.map((row) => ({
        id: row.id,
        name: row.name.trim(),
        names: compactNames(row.names),
      }));
      const unknown = await repo.unknownIndustries(rows.map((row) => row.id));
      if (unknown.length > 0)
        throw new AppError('NOT_FOUND', INDUSTRY_MESSAGES.notFound, {
          [`industries.${unknown[0]}`]: INDUSTRY_MESSAGES.notFound,
        });
      await repo.saveIndustryNames(rows);
      return (await repo.listIndustries(false)).map(presentIndustry);
    },
  };

  async function assertIndustry(industryId: string) {
    if (!(await repo.industryExists(industryId))) {
      throw new AppError('VALIDATION_FAILED', CUSTOMER_MESSAGES.industryNotFound, {
        'customer.industryId': CUSTOMER_MESSAGES.industryNotFound,
      });
    }
  }
}

export type CustomersService = ReturnType<typeof createCustomersService>;
