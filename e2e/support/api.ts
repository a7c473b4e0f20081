// Test data made through the product's own API (spec §7), so the browser tests start from records the save rules
// accept: a customer and project, transits of valid type/class/sealant combinations, the user's unit system.
import { expect, type APIRequestContext } from '@playwright/test';

/** A product call as the token's user: it must succeed; answers the envelope's data. */
export type ApiCall = <T = unknown>(path: string, data: unknown) => Promise<T>;

export function apiCaller(request: APIRequestContext, token: string): ApiCall {
  return async <T>(path: string, data: unknown): Promise<T> => {
    const res = await request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
}

/** The user's measurement system (spec §4 switch), so the lengths a test types are read as it means them. */
export async function useMeasurementSystem(call: ApiCall, system: 'METRIC' | 'IMPERIAL'): Promise<void> {
  await call('/api/user/saveUser', { user: { defaultMeasurementSystem: system } });
}

export interface ProjectNames {
  customer: string;
  project: string;
  industryId?: 'ON_SHORE' | 'OFF_SHORE';
  description?: string;
}

/** A customer with a contact and one project of it, in the caller's organization; answers the project id. */
export async function createProject(
  call: ApiCall,
  { customer, project, industryId = 'OFF_SHORE', description = '' }: ProjectNames,
): Promise<string> {
  const saved = await call<{ id: string }>('/api/customer/saveOne', {
    customer: {
      name: customer,
      industryId,
      contactFirstName: 'Kari',
      contactLastName: 'Nordmann',
      contactPhone: '555 123 4567',
      contactEmail: 'kari@example.com',
    },
  });
  const created = await call<{ id: string }>('/api/project/saveOne', {
    project: { customerId: saved.id, name: project, industryId, description },
  });
  return created.id;
}

/** Cable transit fields the save rules accept as sent: NOFIRNO, A class (minimum depth 100 mm), its only sealant. */
export const CABLE_TRANSIT = {
  penetratingItemTypeId: 'CABLE',
  transitTypeId: 'NOFIRNO',
  classId: 'A_CLASS',
  sealantType: 'NOFIRNO_SEALANT',
  sealantDepth: 'DOUBLE',
  depthMm: 150,
} as const;

/** The same for steel pipes (NOFIRNO, A class, minimum depth 100 mm). */
export const PIPE_TRANSIT = { ...CABLE_TRANSIT, penetratingItemTypeId: 'PIPE' } as const;

export interface ItemLine {
  itemTypeId?: 'CABLE' | 'PIPE' | 'PIPE_PLASTIC';
  quantity: number;
  outerDiameterMm?: number;
  crusherId?: string;
}

/** Saves a new transit of the project with its items in one call; answers the stored transit's id. */
export async function saveTransit(
  call: ApiCall,
  projectId: string,
  transit: Record<string, unknown>,
  items: ItemLine[],
): Promise<string> {
  const saved = await call<{ transit: { id: string } }>('/api/project/savePenetratingItemsAndTransit', {
    transit: { projectId, copies: 1, ...transit },
    penetratingItems: items,
  });
  return saved.transit.id;
}

/**
 * A project whose figures touch every formatter and document line: a round cable transit with a cable above the
 * wrap threshold (wrap rolls), sleeved cables and sealant cartridges, and a rectangular pipe transit with a corner
 * radius. Answers the project's and the transits' ids.
 */
export async function createMixedProject(
  call: ApiCall,
  names: ProjectNames,
): Promise<{ projectId: string; cablesId: string; pipesId: string }> {
  const projectId = await createProject(call, names);
  const cablesId = await saveTransit(
    call,
    projectId,
    { ...CABLE_TRANSIT, name: 'T-1 Cables', shape: 'ROUND', diameterMm: 200, copies: 2 },
    [
      { itemTypeId: 'CABLE', quantity: 6, outerDiameterMm: 18.5 },
      { itemTypeId: 'CABLE', quantity: 1, outerDiameterMm: 70 },
    ],
  );
  const pipesId = await saveTransit(
    call,
    projectId,
    { ...PIPE_TRANSIT, name: 'T-2 Pipes', shape: 'RECTANGLE', widthMm: 400, heightMm: 250, radiusMm: 25 },
    [{ itemTypeId: 'PIPE', quantity: 2, outerDiameterMm: 60.3 }],
  );
  return { projectId, cablesId, pipesId };
}
