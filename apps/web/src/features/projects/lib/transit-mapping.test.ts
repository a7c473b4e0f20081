import { describe, expect, it } from 'vitest';
import { newTransitState, toSaveBody } from './transit-mapping';

const PROJECT_ID = '00000000-0000-4000-8000-000000000001';
const TRANSIT_ID = '00000000-0000-4000-8000-000000000002';

describe('newTransitState and toSaveBody for a new transit (ADR 013)', () => {
  it('starts a round transit of one copy with the given name and no items', () => {
    const state = newTransitState('Transit 4');
    expect(state.items).toEqual([]);
    expect(state.transit).toMatchObject({ name: 'Transit 4', shape: 'ROUND', copies: 1, comments: '' });
  });

  it('saves without an id or version, so the first save creates the transit with its items', () => {
    const state = newTransitState('Transit 1');
    state.items.push({ key: 'k1', itemTypeId: 'CABLE', quantity: 3, outerDiameterMm: 20, crusherId: null });
    const body = toSaveBody(state, { projectId: PROJECT_ID, itemIds: [] }, false);
    expect(body.transit).not.toHaveProperty('id');
    expect(body.transit).not.toHaveProperty('version');
    expect(body.transit).toMatchObject({ projectId: PROJECT_ID, name: 'Transit 1', shape: 'ROUND' });
    expect(body.penetratingItems).toEqual([
      { itemTypeId: 'CABLE', quantity: 3, outerDiameterMm: 20, crusherId: null, sort: 0 },
    ]);
  });

  it('saves a stored transit with its id, version and the items of that transit', () => {
    const state = newTransitState('Deck');
    state.items.push({
      key: 'k1',
      id: undefined,
      itemTypeId: 'PIPE',
      quantity: 1,
      outerDiameterMm: 60.3,
      crusherId: null,
    });
    const body = toSaveBody(state, { id: TRANSIT_ID, projectId: PROJECT_ID, version: 3, itemIds: [] }, false);
    expect(body.transit).toMatchObject({ id: TRANSIT_ID, version: 3 });
    expect(body.penetratingItems[0]).toMatchObject({ transitId: TRANSIT_ID });
  });
});
