import { randomBytes } from 'node:crypto';
import {
  DEMO_ORGANIZATION_NAME,
  DEMO_USER_EMAIL,
  demoCustomers,
  demoProjects,
  type Database,
} from '@sealplan/db';
import type { Catalogue } from '@sealplan/engine';
import type { SeedContext } from '../../seed/index';
import { hashPassword } from '../auth/passwords';
import { ROLE_IDS } from '../auth/roles';
import { createUsersRepository } from '../users/users.repository';
import { createInlineCpu } from '../../workers/inline-cpu';
import { createProjectServices, type ProjectServices } from './project-services';

/** Fills one organization with the demo customers, projects and transits, unless it already has them. */
export async function seedDemoPortfolio(
  db: Database,
  organizationId: string,
  userId: string | null,
): Promise<boolean> {
  // The seed runs from the command line before the server listens: nothing waits on its sizing.
  const services = createProjectServices(db, () => new Date(), createInlineCpu());
  const existing = await services.customers.getActive(organizationId);
  if (existing.some((c) => c.name === demoCustomers[0].name)) return false;
  const catalogue = await services.catalogue.getCatalogue();
  const customerIds = new Map<string, string>();
  for (const customer of demoCustomers) {
    customerIds.set(customer.name, (await services.customers.saveOne(organizationId, customer)).id);
  }
  for (const demo of demoProjects) {
    const project = await services.projects.saveOne(organizationId, userId, {
      name: demo.name,
      customerId: customerIds.get(demo.customer)!,
      industryId: demo.industryId,
      description: demo.description,
    });
    for (const transit of demo.transits)
      await saveDemoTransit(services, catalogue, organizationId, project.id, transit);
  }
  return true;
}

async function saveDemoTransit(
  services: ProjectServices,
  catalogue: Catalogue,
  organizationId: string,
  projectId: string,
  demo: (typeof demoProjects)[number]['transits'][number],
) {
  const { items, ...transit } = demo;
  const pipeDiameter = (crusherId: string) =>
    catalogue.crushers.find((c) => c.id === crusherId)?.pipeDiameterMm ?? 0;
  // Spec §4: a RISE_ULTRA single pipe's diameter is the pipe's actual inside diameter.
  const single = transit.singleCrusherPipeId
    ? catalogue.crushers.find((c) => c.id === transit.singleCrusherPipeId)
    : undefined;
  await services.transits.savePenetratingItemsAndTransit(organizationId, {
    transit: {
      ...transit,
      projectId,
      ...(single?.insideDiameterMm ? { diameterMm: single.insideDiameterMm } : {}),
    },
    penetratingItems: items.map((item, sort) => ({
      quantity: item.quantity,
      crusherId: item.crusherId ?? null,
      outerDiameterMm: item.crusherId ? pipeDiameter(item.crusherId) : (item.outerDiameterMm ?? 0),
      sort,
    })),
  });
}

/**
 * Seed step (SEED_DEMO=true): the demo organization with a demo user, and the same portfolio in the provider's
 * organization so the seeded administrator sees a realistic product at once (a user belongs to one organization;
 * docs/decisions/006). Idempotent: an organization that has the demo customers is left alone.
 */
export async function seedDemo(ctx: SeedContext) {
  if (!ctx.env.SEED_DEMO) return;
  const db = ctx.db.db;
  const users = createUsersRepository(db);
  const provider = await users.findProviderOrganization();
  if (provider) {
    const admin = await users.findByEmail(ctx.env.ADMIN_EMAIL);
    if (await seedDemoPortfolio(db, provider.id, admin?.id ?? null))
      ctx.log.info({ organizationId: provider.id }, 'demo data added');
  }
  let demoUser = await users.findByEmail(DEMO_USER_EMAIL);
  if (!demoUser) {
    const organization = await users.createOrganization({ name: DEMO_ORGANIZATION_NAME });
    const password = randomBytes(9).toString('base64url');
    demoUser = await users.insertUser(
      {
        email: DEMO_USER_EMAIL,
        userName: DEMO_USER_EMAIL,
        firstName: 'Demo',
        lastName: 'User',
        company: DEMO_ORGANIZATION_NAME,
        passwordHash: await hashPassword(password),
        isPending: false,
        isApproved: true,
        isDenied: false,
        organizationId: organization.id,
        defaultMeasurementSystem: 'METRIC',
      },
      [ROLE_IDS.DEFAULT_USER, ROLE_IDS.ADMINISTRATOR],
    );
    ctx.announce(
      `Demo user: ${DEMO_USER_EMAIL} / ${password}  (organization '${DEMO_ORGANIZATION_NAME}'; shown only once)`,
    );
  }
  const organizationId = (demoUser as { organizationId?: string | null }).organizationId;
  if (organizationId) await seedDemoPortfolio(db, organizationId, demoUser.id);
}
