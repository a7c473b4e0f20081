import { describe, expect, it } from 'vitest';
import type { Location } from '@sealplan/contracts';
import { NO_LOCATION, locationLabels, locationTree, passesSiteFilter } from './site-filters';

const loc = (id: string, name: string, parentId: string | null = null, sort = 0): Location => ({
  id,
  name,
  parentId,
  sort,
  version: 1,
});
const locations = [
  loc('room', 'Engine room', 'frame'),
  loc('deck', 'Deck 3'),
  loc('frame', 'Frame 42', 'deck'),
  loc('deck10', 'Deck 10'),
];

describe('site filters', () => {
  it('labels each location with its path and lists the tree in order', () => {
    expect(locationLabels(locations).get('room')).toBe('Deck 3 › Frame 42 › Engine room');
    expect(locationTree(locations).map((r) => `${r.depth}:${r.location.name}`)).toEqual([
      '0:Deck 3',
      '1:Frame 42',
      '2:Engine room',
      '0:Deck 10',
    ]);
  });

  it('filters by a location with everything below it, by no location, and by the work left', () => {
    const inRoom = { locationId: 'room', status: 'DESIGNED' as const };
    const nowhere = { locationId: null, status: 'INSTALLED' as const };
    expect(passesSiteFilter({ location: 'deck', work: 'all' }, locations, inRoom)).toBe(true);
    expect(passesSiteFilter({ location: 'deck10', work: 'all' }, locations, inRoom)).toBe(false);
    expect(passesSiteFilter({ location: NO_LOCATION, work: 'all' }, locations, nowhere)).toBe(true);
    expect(passesSiteFilter({ location: '', work: 'toInstall' }, locations, inRoom)).toBe(true);
    expect(passesSiteFilter({ location: '', work: 'toInspect' }, locations, inRoom)).toBe(false);
    expect(passesSiteFilter({ location: '', work: 'toInspect' }, locations, nowhere)).toBe(true);
    expect(
      passesSiteFilter({ location: '', work: 'toInstall' }, locations, {
        locationId: null,
        status: 'INSPECTION_FAILED',
      }),
    ).toBe(true);
  });
});
