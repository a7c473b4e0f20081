import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptyRequestSchema,
  saveCustomerRequestSchema,
  envelope,
  customerSchema,
  customersSchema,
  industriesSchema,
} from '@sealplan/contracts';
import { ok } from '../../lib/reply';
import { orgIdOf, requireOrgUser } from '../../plugins/auth';
import { createCustomersRepository } from './customers.repository';
import { createCustomersService } from './customers.service';

/** Spec §7 product functions of customers and industries. */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCustomersService({ repo: createCustomersRepository(app.deps.db.db) });
  const schema = { tags: ['customers'] };

  app.post(
    '/api/customer/saveOne',
    {
      preHandler: requireOrgUser,
      schema: { ...schema, body: saveCustomerRequestSchema, response: { 200: envelope(customerSchema) } },
    },
    async (request) => {
      const customer = await service.saveOne(orgIdOf(request), request.body.customer);
      request.log.info({ customerId: customer.id }, 'customer saved');
      return ok(customer);
    },
  );

  app.post(
    '/api/customer/getActive',
    {
      preHandler: requireOrgUser,
      schema: { ...schema, body: emptyRequestSchema, response: { 200: envelope(customersSchema) } },
    },
    async (request) => ok(await service.getActive(orgIdOf(request))),
  );

  // Public: the register page lists the industries to a visitor (issue 18 item 15); they are reference data.
  app.post(
    '/api/industry/getActive',
    { schema: { ...schema, body: emptyRequestSchema, response: { 200: envelope(industriesSchema) } } },
    async () => ok(await service.getActiveIndustries()),
  );
};
