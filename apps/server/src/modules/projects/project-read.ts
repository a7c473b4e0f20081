import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  catalogueMeta,
  customers,
  industries,
  penetratingItems,
  penetratingItemTypes,
  projectReadRevisions,
  projects,
  transitClasses,
  transits,
  transitTypes,
} from '@sealplan/db';
import { auditingJson } from '../../lib/sql-json';
import { customerJson } from '../customers';
import { CATALOGUE_META_ID } from '../catalogue';
import { okEnvelopeSql } from '../../lib/raw-json';

/**
 * The project read (getProjectAndTransits) as one value of SQL: the answer's JSON text, built by the database
 * (ADR 019): the project with its customer, industry and live transit count, the customer with its industry and
 * live project count, and the live transits in creation order, each with its catalogue names, stored results and
 * live items in item order. The route reads it in the session's own statement (one round trip for the whole
 * request), and the text goes out as it came (okEnvelopeSql, rawEnvelope): nothing is parsed or written again on
 * the app server.
 *
 * It answers exactly what presentProject, presentCustomer, presentTransit and presentItem answer for the same rows
 * (projects.routes.test.ts compares it with the parts' own reads); a field added to those answers is added here.
 * Every part is scoped to `organizationId` (the caller's); a project that is not the caller's, or is removed,
 * answers null.
 */
export function projectReadJson(organizationId: SQL, projectId: SQL): SQL<string | null> {
  const items = sql`coalesce((
    select json_agg(json_build_object(
      'id', ${penetratingItems.id},
      'guid', ${penetratingItems.guid},
      'transitId', ${penetratingItems.transitId},
      'itemTypeId', ${penetratingItems.itemTypeId},
      'quantity', ${penetratingItems.quantity},
      'outerDiameterMm', ${penetratingItems.outerDiameterMm},
      'crusherId', ${penetratingItems.crusherId},
      'plasticPipeDiameterMm', ${penetratingItems.plasticPipeDiameterMm},
      'sleevedDiameterMm', ${penetratingItems.sleevedDiameterMm},
      'diameterPlusClearanceMm', ${penetratingItems.diameterPlusClearanceMm},
      'tag', ${penetratingItems.tag},
      'specification', ${penetratingItems.specification},
      'sort', ${penetratingItems.sort},
      'isRemoved', ${penetratingItems.isRemoved},
      'version', ${penetratingItems.version},
      'auditing', ${auditingJson(penetratingItems.createdOn, penetratingItems.lastUpdatedOn)}
    ) order by ${penetratingItems.sort}, ${penetratingItems.createdOn}, ${penetratingItems.id})
    from ${penetratingItems}
    where ${penetratingItems.transitId} = ${transits.id}
      and ${penetratingItems.organizationId} = ${organizationId}
      and ${penetratingItems.isRemoved} = false
  ), '[]'::json)`;

  const transitList = sql`coalesce((
    select json_agg(json_build_object(
      'id', ${transits.id},
      'guid', ${transits.guid},
      'projectId', ${transits.projectId},
      'name', ${transits.name},
      'copies', ${transits.copies},
      'shape', ${transits.shape},
      'widthMm', ${transits.widthMm},
      'heightMm', ${transits.heightMm},
      'radiusMm', ${transits.radiusMm},
      'diameterMm', ${transits.diameterMm},
      'nominalSize', ${transits.nominalSize},
      'sparePercent', ${transits.sparePercent},
      'comments', ${transits.comments},
      'penetratingItemTypeId', ${transits.penetratingItemTypeId},
      'transitTypeId', ${transits.transitTypeId},
      'classId', ${transits.classId},
      'penetratingItemType', ${reference(transits.penetratingItemTypeId, penetratingItemTypes.name, 'PenetratingItemType')},
      'transitType', ${reference(transits.transitTypeId, transitTypes.name, 'TransitType')},
      'class', ${reference(transits.classId, transitClasses.name, 'TransitClass')},
      'sealantType', ${transits.sealantType},
      'sealantDepth', ${transits.sealantDepth},
      'crusherPipeConfiguration', ${transits.crusherPipeConfiguration},
      'singleCrusherPipeId', ${transits.singleCrusherPipeId},
      'depthMm', ${transits.depthMm},
      'penetratingItemCount', ${transits.penetratingItemCount},
      'isRemoved', ${transits.isRemoved},
      'version', ${transits.version},
      'auditing', ${auditingJson(transits.createdOn, transits.lastUpdatedOn)},
      'results', ${transits.results},
      'penetratingItems', ${items}
    ) order by ${transits.createdOn}, ${transits.id})
    from ${transits}
    left join ${penetratingItemTypes} on ${penetratingItemTypes.id} = ${transits.penetratingItemTypeId}
    left join ${transitTypes} on ${transitTypes.id} = ${transits.transitTypeId}
    left join ${transitClasses} on ${transitClasses.id} = ${transits.classId}
    where ${transits.projectId} = ${projects.id}
      and ${transits.organizationId} = ${organizationId}
      and ${transits.isRemoved} = false
  ), '[]'::json)`;

  const project = projectJson();
  const customer = customerJson();

  return sql<string | null>`(
    select json_build_object('project', ${project}, 'customer', ${customer}, 'transits', ${transitList})::text
    from ${projects}
    join ${customers} on ${customers.id} = ${projects.customerId}
      and ${customers.organizationId} = ${projects.organizationId}
    join ${industries} on ${industries.id} = ${projects.industryId}
    join ${industries} as customer_industries on customer_industries.id = ${customers.industryId}
    where ${projects.id} = ${projectId}
      and ${projects.organizationId} = ${organizationId}
      and ${projects.isRemoved} = false
    limit 1
  )`;
}

/**
 * The project read's envelope unless the caller's server already keeps it (ADR 038, "The project read kept per
 * server"). The read's fingerprint is the project's revision (moved by the database's triggers in the writing
 * transaction whenever a row the read shows changes) and the catalogue's version (its names). The value is:
 * - null when the project is not the caller's or is removed;
 * - the fingerprint alone when it equals `knownFingerprint`: the database builds nothing;
 * - otherwise the fingerprint, one space, and the envelope (okEnvelopeSql of projectReadJson), both read in one
 *   snapshot. The fingerprint is empty when the project has no revision: such a read is never kept.
 */
export function projectReadOrFingerprint(
  organizationId: SQL,
  projectId: SQL,
  knownFingerprint: SQL,
): SQL<string | null> {
  return sql<string | null>`(
    select case when read_state.fingerprint <> '' and read_state.fingerprint = ${knownFingerprint}
      then read_state.fingerprint
      else read_state.fingerprint || ' ' || ${okEnvelopeSql(projectReadJson(organizationId, projectId))} end
    from (
      select coalesce(${projectReadRevisions.revision}::text || '.' || coalesce((
        select ${catalogueMeta.version} from ${catalogueMeta} where ${catalogueMeta.id} = ${CATALOGUE_META_ID}
      ), 0)::text, '') as fingerprint
      from ${projects}
      left join ${projectReadRevisions} on ${projectReadRevisions.projectId} = ${projects.id}
      where ${projects.id} = ${projectId}
        and ${projects.organizationId} = ${organizationId}
        and ${projects.isRemoved} = false
    ) as read_state
  )`;
}

/**
 * A project as presentProject answers it, over `projects` joined to its `customers` and `industries` rows (ADR 019).
 */
export function projectJson(): SQL {
  return sql`json_build_object(
    'id', ${projects.id},
    'guid', ${projects.guid},
    'name', ${projects.name},
    'customerId', ${projects.customerId},
    'industryId', ${projects.industryId},
    'customer', json_build_object('id', ${projects.customerId}, 'display', ${customers.name}, 'model', 'Customer'),
    'industry', json_build_object('id', ${projects.industryId}, 'display', ${industries.name}, 'model', 'Industry'),
    'description', ${projects.description},
    'transitCount', (select count(*) from ${transits} where ${transits.projectId} = ${projects.id} and ${transits.isRemoved} = false),
    'isRemoved', ${projects.isRemoved},
    'version', ${projects.version},
    'auditing', ${auditingJson(projects.createdOn, projects.lastUpdatedOn)}
  )`;
}

/**
 * getRecentProjects' answer as JSON text the database writes (ADR 038): the organization's live projects, most
 * recently changed first, at most `limit` (the order and limit of the projects repository's `recent`, on
 * projects_org_recent_idx).
 */
export function recentProjectsJson(organizationId: SQL, limit: number): SQL<string> {
  return sql<string>`coalesce((
    select json_agg(recent.project order by recent.last_updated_on desc, recent.id)
    from (
      select ${projectJson()} as project, ${projects.lastUpdatedOn} as last_updated_on, ${projects.id} as id
      from ${projects}
      join ${customers} on ${customers.id} = ${projects.customerId}
      join ${industries} on ${industries.id} = ${projects.industryId}
      where ${projects.organizationId} = ${organizationId} and ${projects.isRemoved} = false
      order by ${projects.lastUpdatedOn} desc, ${projects.id}
      limit ${sql.raw(String(Math.trunc(limit)))}
    ) as recent
  ), '[]'::json)`;
}

/**
 * getDashboardData's answer as JSON text (ADR 038): the counts of the projects repository's `counts` (live
 * projects, their live transits and how many are overfilled by their stored results, active customers) and the
 * recent projects.
 */
export function dashboardJson(organizationId: SQL, recentLimit: number): SQL<string> {
  return sql<string>`json_build_object(
    'counts', (
      select json_build_object(
        'projects', (select count(*) from ${projects} where ${projects.organizationId} = ${organizationId} and ${projects.isRemoved} = false),
        'transits', count(*),
        'overfilledTransits', count(*) filter (where coalesce((${transits.results} ->> 'overfilled')::boolean, false)),
        'customers', (select count(*) from ${customers} where ${customers.organizationId} = ${organizationId} and ${customers.isActive} = true)
      )
      from ${transits}
      join ${projects} on ${projects.id} = ${transits.projectId}
      where ${projects.organizationId} = ${organizationId} and ${projects.isRemoved} = false
        and ${transits.isRemoved} = false
    ),
    'recentProjects', ${recentProjectsJson(organizationId, recentLimit)}
  )`;
}

/** A catalogue reference as presentTransit answers it: null without an id, the id as display without a name. */
function reference(id: AnyColumn, name: AnyColumn, model: string): SQL {
  return sql`case when coalesce(${id}, '') = '' then null
    else json_build_object('id', ${id}, 'display', coalesce(${name}, ${id}), 'model', ${sql.raw(`'${model}'`)}) end`;
}
