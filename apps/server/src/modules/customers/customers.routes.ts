import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Customer, Industry } from '@sealplan/contracts';
import { ok } from '../../lib/reply';
import { okEnvelopeSql, rawEnvelope } from '../../lib/raw-json';
import { orgIdOf, sessionValueOf, withSessionValue } from '../../plugins/auth';
import { activeCustomersJson, activeIndustriesJson } from './customer-json';
import { apiRoute } from '../../plugins/api-routes';
import type { CustomersService } from './customers.service';

/** Spec §7 product functions of customers and industries. */
export const customersRoutes: FastifyPluginAsyncZod<{ customers: CustomersService }> = async (
  app,
  { customers: service },
) => {
  apiRoute(
    app,
    {
      call: 'customer.saveOne',
    },
    async (request) => {
      const customer = await service.saveOne(orgIdOf(request), request.body.customer);
      request.log.info({ customerId: customer.id }, 'customer saved');
      return ok(customer);
    },
  );

  // Read in the session's own statement, written by the database: one round trip (ADR 038).
  apiRoute(
    app,
    {
      call: 'customer.getActive',
      ...withSessionValue({
        name: 'session_with_active_customers',
        value: (caller) => okEnvelopeSql(sql<string>`(${activeCustomersJson(caller.organizationId)})::text`),
        inputs: {},
        params: () => ({}),
      }),
    },
    async (request) => rawEnvelope<Customer[]>(sessionValueOf<string>(request)),
  );

  // Public: the register page lists the industries to a visitor; they are reference data. A signed-in caller's
  // are read in the session's statement (ADR 038); a visitor's by the service.
  apiRoute(
    app,
    {
      call: 'industry.getActive',
      ...withSessionValue({
        name: 'session_with_active_industries',
        value: () => okEnvelopeSql(activeIndustriesJson()),
        inputs: {},
        params: () => ({}),
      }),
    },
    async (request) =>
      typeof request.sessionValue === 'string'
        ? rawEnvelope<Industry[]>(request.sessionValue)
        : ok(await service.getActiveIndustries()),
  );

  apiRoute(
    app,
    {
      call: 'industry.saveNames',
    },
    async (request) => {
      const industries = await service.saveIndustryNames(request.body.industries);
      request.log.info({ industries: request.body.industries.length }, 'industry names saved');
      return ok(industries);
    },
  );
};
