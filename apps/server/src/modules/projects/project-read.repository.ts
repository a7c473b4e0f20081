import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  customers,
  industries,
  penetratingItems,
  penetratingItemTypes,
  projects,
  transitClasses,
  transits,
  transitTypes,
  type Database,
} from '@sealplan/db';
import { isoTimestamp } from '../../lib/sql-json';

/**
 * The project read (getProjectAndTransits) as one prepared statement whose one value is the answer's JSON text,
 * built by the database (ADR 019): the project with its customer, industry and live transit count, the customer
 * with its industry and live project count, and the live transits in creation order, each with its catalogue
 * names, stored results and live items in item order. One round trip after the session, and nothing parsed or
 * re-written on the app server: the text goes out as it came (RawJson).
 *
 * It answers exactly what presentProject, presentCustomer, presentTransit and presentItem answer for the same rows
 * (projects.routes.test.ts compares it with the parts' own reads); a field added to those answers is added here.
 * Every part is scoped to the caller's organization; a project that is not the caller's, or is removed, answers no
 * row.
 */
export function createProjectReadRepository(db: Database) {
  const customerIndustries = alias(industries, 'customer_industries');
  const organizationId = sql.placeholder('organizationId');

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
      'sort', ${penetratingItems.sort},
      'isRemoved', ${penetratingItems.isRemoved},
      'version', ${penetratingItems.version},
      'auditing', ${auditing(penetratingItems.createdOn, penetratingItems.lastUpdatedOn)}
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
      'auditing', ${auditing(transits.createdOn, transits.lastUpdatedOn)},
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

  const project = sql`json_build_object(
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
    'auditing', ${auditing(projects.createdOn, projects.lastUpdatedOn)}
  )`;

  const customer = sql`json_build_object(
    'id', ${customers.id},
    'guid', ${customers.guid},
    'name', ${customers.name},
    'industry', json_build_object('id', ${customers.industryId}, 'display', ${customerIndustries.name}, 'model', 'Industry'),
    'contactFirstName', ${customers.contactFirstName},
    'contactLastName', ${customers.contactLastName},
    'contactPhone', ${customers.contactPhone},
    'contactEmail', ${customers.contactEmail},
    'projectCount', (select count(*) from ${projects} as customer_projects where customer_projects.customer_id = ${customers.id} and customer_projects.is_removed = false),
    'isActive', ${customers.isActive},
    'version', ${customers.version},
    'auditing', ${auditing(customers.createdOn, customers.lastUpdatedOn)}
  )`;

  const read = db
    .select({
      json: sql<string>`json_build_object('project', ${project}, 'customer', ${customer}, 'transits', ${transitList})::text`,
    })
    .from(projects)
    .innerJoin(
      customers,
      and(eq(customers.id, projects.customerId), eq(customers.organizationId, projects.organizationId)),
    )
    .innerJoin(industries, eq(industries.id, projects.industryId))
    .innerJoin(customerIndustries, eq(customerIndustries.id, customers.industryId))
    .where(
      and(
        eq(projects.id, sql.placeholder('projectId')),
        eq(projects.organizationId, organizationId),
        eq(projects.isRemoved, false),
      ),
    )
    .limit(1)
    .prepare('project_read_json');

  return {
    /** The answer's JSON text, or null when the organization has no such live project. */
    async readJson(organizationId: string, projectId: string): Promise<string | null> {
      const rows = await read.execute({ organizationId, projectId });
      return rows[0]?.json ?? null;
    },
  };
}

export type ProjectReadRepository = ReturnType<typeof createProjectReadRepository>;

function auditing(createdOn: AnyColumn, lastUpdatedOn: AnyColumn): SQL {
  return sql`json_build_object('createdOn', ${isoTimestamp(createdOn)}, 'lastUpdatedOn', ${isoTimestamp(lastUpdatedOn)})`;
}

/** A catalogue reference as presentTransit answers it: null without an id, the id as display without a name. */
function reference(id: AnyColumn, name: AnyColumn, model: string): SQL {
  return sql`case when coalesce(${id}, '') = '' then null
    else json_build_object('id', ${id}, 'display', coalesce(${name}, ${id}), 'model', ${sql.raw(`'${model}'`)}) end`;
}
