import { sql, type SQL } from 'drizzle-orm';
import { catalogueMeta, organizations, users } from '@sealplan/db';
import type { SessionCaller } from '../../shared/sessions';
import { CATALOGUE_META_ID } from '../catalogue';

/**
 * The parts of a signed-in caller's settings (`SettingsParts`: the catalogue's meta row, the caller's organization
 * and own measurement system) as JSON text, read in the session's own statement (ADR 038): the three lookups the
 * settings service makes, by primary key, in one round trip with the session. The tables are aliased: the
 * caller's columns belong to the session statement's own `users` row.
 */
export function settingsPartsJson(caller: SessionCaller): SQL<string> {
  return sql<string>`json_build_object(
    'meta', (
      select json_build_object('isVerified', ${catalogueMeta.isVerified}, 'dataVersion', ${catalogueMeta.dataVersion})
      from ${catalogueMeta} where ${catalogueMeta.id} = ${CATALOGUE_META_ID}
    ),
    'organization', (
      select json_build_object(
        'id', settings_org.id,
        'name', settings_org.name,
        'defaultMeasurementSystem', settings_org.default_measurement_system
      )
      from ${organizations} as settings_org where settings_org.id = ${caller.organizationId}
    ),
    'userSystem', (
      select settings_user.default_measurement_system
      from ${users} as settings_user where settings_user.id = ${caller.userId}
    )
  )::text`;
}
