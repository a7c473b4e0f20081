import { sql, type SQL } from 'drizzle-orm';
import { customers, industries, projects } from '@sealplan/db';
import { auditingJson } from '../../lib/sql-json';

/**
 * A customer as presentCustomer answers it, over `customers` joined to its industry as `customer_industries`.
 */
export function customerJson(): SQL {
  return sql`json_build_object(
    'id', ${customers.id},
    'guid', ${customers.guid},
    'name', ${customers.name},
    'industry', json_build_object('id', ${customers.industryId}, 'display', customer_industries.name, 'model', 'Industry'),
    'contactFirstName', ${customers.contactFirstName},
    'contactLastName', ${customers.contactLastName},
    'contactPhone', ${customers.contactPhone},
    'contactEmail', ${customers.contactEmail},
    'projectCount', (select count(*) from ${projects} as customer_projects where customer_projects.customer_id = ${customers.id} and customer_projects.is_removed = false),
    'isActive', ${customers.isActive},
    'version', ${customers.version},
    'auditing', ${auditingJson(customers.createdOn, customers.lastUpdatedOn)}
  )`;
}

/**
 * customer getActive's answer as JSON text (ADR 038): the organization's active customers by name, case-blind,
 * then id (the customers repository's `listActive`).
 */
export function activeCustomersJson(organizationId: SQL): SQL<string> {
  return sql<string>`coalesce((
    select json_agg(active.customer order by active.sort_name, active.id)
    from (
      select ${customerJson()} as customer, lower(${customers.name}) as sort_name, ${customers.id} as id
      from ${customers}
      join ${industries} as customer_industries on customer_industries.id = ${customers.industryId}
      where ${customers.organizationId} = ${organizationId} and ${customers.isActive} = true
    ) as active
  ), '[]'::json)`;
}

/**
 * industry getActive's answer as JSON text (ADR 038): the active industries as presentIndustry answers them, in
 * the repository's order (`listIndustries`: sort, then name).
 */
export function activeIndustriesJson(): SQL<string> {
  return sql<string>`coalesce((
    select json_agg(json_build_object(
      'id', ${industries.id},
      'name', ${industries.name},
      'names', ${industries.names},
      'isActive', ${industries.isActive},
      'sort', ${industries.sort}
    ) order by ${industries.sort}, ${industries.name})
    from ${industries}
    where ${industries.isActive} = true
  ), '[]'::json)::text`;
}
