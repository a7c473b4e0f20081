import {
  LOCATION_PATH_SEPARATOR,
  SITE_WORK_STATUSES,
  locationPaths,
  type Location,
  type SiteWorkFilter,
  type TransitSiteStatus,
} from '@sealplan/contracts';

/** The location filter's value for transits without a location. */
export const NO_LOCATION = 'none';

/** Each location's path from its root ("Deck 3 › Frame 42"), by id. */
export function locationLabels(locations: readonly Location[]): Map<string, string> {
  return new Map([...locationPaths(locations)].map(([id, path]) => [id, path.join(LOCATION_PATH_SEPARATOR)]));
}

/** The location and every location below it (a filter on a deck shows the transits of its frames and rooms). */
export function locationSubtree(locations: readonly Location[], rootId: string): Set<string> {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const l of locations)
      if (l.parentId && ids.has(l.parentId) && !ids.has(l.id)) {
        ids.add(l.id);
        grew = true;
      }
  }
  return ids;
}

/** The locations in tree order (each after its parent, siblings by sort and name), with their depth. */
export function locationTree(locations: readonly Location[]): { location: Location; depth: number }[] {
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  const children = new Map<string | null, Location[]>();
  const ids = new Set(locations.map((l) => l.id));
  for (const l of locations) {
    const parent = l.parentId && ids.has(l.parentId) ? l.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), l]);
  }
  const out: { location: Location; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort(
      (a, b) => a.sort - b.sort || collator.compare(a.name, b.name),
    );
    for (const l of list) {
      out.push({ location: l, depth });
      walk(l.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export interface SiteFilter {
  /** '' = every location, NO_LOCATION = transits without one, else a location id (with its subtree). */
  location: string;
  work: SiteWorkFilter | 'all';
}

/** Whether a transit at `locationId` with `status` passes the filter. */
export function passesSiteFilter(
  filter: SiteFilter,
  locations: readonly Location[],
  row: { locationId: string | null; status: TransitSiteStatus },
): boolean {
  if (filter.work !== 'all' && !SITE_WORK_STATUSES[filter.work].includes(row.status)) return false;
  if (filter.location === '') return true;
  if (filter.location === NO_LOCATION) return row.locationId === null;
  return row.locationId !== null && locationSubtree(locations, filter.location).has(row.locationId);
}
