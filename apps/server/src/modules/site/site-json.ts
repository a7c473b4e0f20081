import { sql, type SQL } from 'drizzle-orm';
import { projectLocations, projects, transitSiteStates, transits } from '@sealplan/db';
import { TRANSIT_SITE_STATUSES } from '@sealplan/contracts';

/*
 * The site's page-load reads as JSON text the database writes, read in the session's own statement (ADR 038):
 * one round trip for the whole request, nothing parsed or written again on the app server. They answer exactly
 * what the site service answers from the repository's rows (site-reads.test.ts compares them); a field added to
 * `getProjectSite` or `getStatusCounts` is added here.
 */

/** A transit's site status: no site row is DESIGNED (ADR 031). */
const siteStatus = sql`coalesce(${transitSiteStates.status}, 'DESIGNED')`;

/**
 * The counts per site status (every status, zero included) over `transits` left-joined to `transit_site_states`,
 * as the query it aggregates filters them.
 */
function countsObject(): SQL {
  return sql.join(
    TRANSIT_SITE_STATUSES.map(
      (status) =>
        sql`${sql.raw(`'${status}'`)}, count(*) filter (where ${siteStatus} = ${sql.raw(`'${status}'`)})`,
    ),
    sql`, `,
  );
}

/** A live transit of a live project of the organization (the repository's `liveTransit`). */
function liveTransitOf(organizationId: SQL): SQL {
  return sql`${transits.organizationId} = ${organizationId}
    and ${transits.isRemoved} = false
    and ${projects.isRemoved} = false`;
}

/** site getStatusCounts' answer: the organization's live transits per site status. */
export function statusCountsJson(organizationId: SQL): SQL<string> {
  return sql<string>`(
    select json_build_object(${countsObject()})::text
    from ${transits}
    join ${projects} on ${projects.id} = ${transits.projectId}
    left join ${transitSiteStates} on ${transitSiteStates.transitId} = ${transits.id}
    where ${liveTransitOf(organizationId)}
  )`;
}

/**
 * site getProjectSite's answer: the project's locations in the tree's order (sort, name case-blind, id: the
 * repository's `locationsOf`), its live transits in the project read's order with their location and status, and
 * the counts. Null when the project is not the organization's or is removed (the service's NOT_FOUND).
 */
export function projectSiteJson(organizationId: SQL, projectId: SQL): SQL<string | null> {
  const locations = sql`coalesce((
    select json_agg(json_build_object(
      'id', ${projectLocations.id},
      'parentId', ${projectLocations.parentId},
      'name', ${projectLocations.name},
      'sort', ${projectLocations.sort},
      'version', ${projectLocations.version}
    ) order by ${projectLocations.sort}, lower(${projectLocations.name}), ${projectLocations.id})
    from ${projectLocations}
    where ${projectLocations.organizationId} = ${organizationId}
      and ${projectLocations.projectId} = site_project.id
  ), '[]'::json)`;
  // One pass over the project's live transits gives both the list and the counts.
  const transitsAndCounts = sql`(
    select json_build_object(
      'transits', coalesce(json_agg(json_build_object(
        'transitId', ${transits.id},
        'locationId', ${transitSiteStates.locationId},
        'status', ${siteStatus}
      ) order by ${transits.createdOn}, ${transits.id}), '[]'::json),
      'counts', json_build_object(${countsObject()})
    )
    from ${transits}
    join ${projects} on ${projects.id} = ${transits.projectId}
    left join ${transitSiteStates} on ${transitSiteStates.transitId} = ${transits.id}
    where ${transits.projectId} = site_project.id and ${liveTransitOf(organizationId)}
  )`;
  return sql<string | null>`(
    select json_build_object(
      'projectId', site_project.id,
      'locations', ${locations},
      'transits', site_transits.value->'transits',
      'counts', site_transits.value->'counts'
    )::text
    from ${projects} as site_project
    cross join lateral (select ${transitsAndCounts} as value) as site_transits
    where site_project.id = ${projectId}
      and site_project.organization_id = ${organizationId}
      and site_project.is_removed = false
    limit 1
  )`;
}
