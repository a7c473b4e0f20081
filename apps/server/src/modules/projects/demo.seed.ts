import { randomBytes } from 'node:crypto';
import {
  DEMO_ORGANIZATION_NAME,
  DEMO_USER_EMAIL,
  demoCustomers,
  demoProjects,
  demoShipProject,
  type Database,
  type DemoTransit,
} from '@sealplan/db';
import type { Catalogue, TransitSizing } from '@sealplan/engine';
import { toItemInputs, toTransitInput } from '@sealplan/contracts';
import type { CpuPool } from '../../workers/cpu-pool';
import type { SeedContext } from '../../shared/seed-context';
import { hashPassword } from '../auth';
import { ROLE_IDS } from '../../shared/roles';
import { createUsersRepository } from '../users';
import { createSiteRepository } from '../site';
import { createInlineCpu } from '../../workers/inline-cpu';
import { createProjectServices, type ProjectServices } from './project-services';

/** Fills one organization with the demo customers, projects and transits, unless it already has them. */
export async function seedDemoPortfolio(
  db: Database,
  organizationId: string,
  userId: string | null,
  {
    largeProject = true,
    // The seed runs from the command line before the server listens: nothing waits on its sizing. One sizing for
    // every organization the seed fills: their transits are the same designs.
    sizing = sizedOnceEach(createInlineCpu()),
  }: { largeProject?: boolean; sizing?: Pick<CpuPool, 'sizeTransit'> } = {},
): Promise<boolean> {
  const services = createProjectServices(db, () => new Date(), sizing);
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
  if (largeProject) await seedDemoShip(db, services, catalogue, organizationId, userId, customerIds);
  return true;
}

/**
 * Sizing that computes each distinct engine input once (ADR 038). The engine is deterministic (ADR 015): equal
 * inputs give equal figures, so the large project's designs repeated frame after frame are sized once each and
 * every transit still stores exactly what the engine computes for its own fields and items.
 */
function sizedOnceEach(cpu: CpuPool): Pick<CpuPool, 'sizeTransit'> {
  const sized = new Map<string, Promise<TransitSizing>>();
  return {
    sizeTransit: async (args, caller) => {
      const [row, items, , layout] = args;
      const key = JSON.stringify([
        toTransitInput(row as Parameters<typeof toTransitInput>[0]),
        toItemInputs(items as Parameters<typeof toItemInputs>[0]),
        layout ?? null,
      ]);
      let result = sized.get(key);
      if (!result) {
        result = cpu.sizeTransit(args, caller);
        sized.set(key, result);
      }
      return structuredClone(await result);
    },
  };
}

/**
 * The large demo project (ADR 038): 500 transits saved as any save saves them (sized by the engine), each placed in
 * the project's location tree (ADR 031), deck → space, built from the transits' location paths.
 */
async function seedDemoShip(
  db: Database,
  services: ProjectServices,
  catalogue: Catalogue,
  organizationId: string,
  userId: string | null,
  customerIds: Map<string, string>,
) {
  const demo = demoShipProject;
  const project = await services.projects.saveOne(organizationId, userId, {
    name: demo.name,
    customerId: customerIds.get(demo.customer)!,
    industryId: demo.industryId,
    description: demo.description,
  });
  const site = createSiteRepository(db);
  const locations = new Map<string, string>();
  const locationOf = async (path: readonly string[]): Promise<string | null> => {
    let parentId: string | null = null;
    for (let depth = 0; depth < path.length; depth++) {
      const key = path.slice(0, depth + 1).join('\u0000');
      let id = locations.get(key);
      if (!id) {
        id = await site.insertLocation(organizationId, {
          projectId: project.id,
          parentId,
          name: path[depth]!,
          sort: locations.size,
        });
        locations.set(key, id);
      }
      parentId = id;
    }
    return parentId;
  };
  for (const { location, ...transit } of demo.transits) {
    const saved = await saveDemoTransit(services, catalogue, organizationId, project.id, transit);
    await site.setTransitLocation(
      organizationId,
      { id: saved.transit.id, projectId: project.id },
      await locationOf(location),
    );
  }
}

async function saveDemoTransit(
  services: ProjectServices,
  catalogue: Catalogue,
  organizationId: string,
  projectId: string,
  demo: DemoTransit,
) {
  const { items, ...transit } = demo;
  const pipeDiameter = (crusherId: string) =>
    catalogue.crushers.find((c) => c.id === crusherId)?.pipeDiameterMm ?? 0;
  // Spec §4: a RISE_ULTRA single pipe's diameter is the pipe's actual inside diameter.
  const single = transit.singleCrusherPipeId
    ? catalogue.crushers.find((c) => c.id === transit.singleCrusherPipeId)
    : undefined;
  return services.transits.savePenetratingItemsAndTransit(organizationId, {
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
  const sizing = sizedOnceEach(createInlineCpu());
  const users = createUsersRepository(db);
  const provider = await users.findProviderOrganization();
  if (provider) {
    const admin = await users.findByEmail(ctx.env.ADMIN_EMAIL);
    if (
      await seedDemoPortfolio(db, provider.id, admin?.id ?? null, {
        sizing,
        largeProject: ctx.env.SEED_DEMO_LARGE,
      })
    )
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
  // The large project is the administrator's (ADR 038): the demo organization keeps the small portfolio, so the
  // seed saves the 500 transits once.
  if (organizationId)
    await seedDemoPortfolio(db, organizationId, demoUser.id, { largeProject: false, sizing });
}
