import { sql, type SQL } from 'drizzle-orm';
import { translationOverrides } from '@sealplan/db';

/**
 * A culture's translation overrides as JSON text (`[namespace, key, text]` each, in key order), read in the
 * session's statement for GET /api/translations/all (ADR 038): the same rows as the repository's
 * `translationsOf`, whose text also tells whether the kept answer is still current.
 */
export function translationOverridesJson(culture: SQL): SQL<string> {
  return sql<string>`coalesce((
    select json_agg(json_build_array(
      ${translationOverrides.namespace}, ${translationOverrides.key}, ${translationOverrides.text}
    ) order by ${translationOverrides.namespace}, ${translationOverrides.key})
    from ${translationOverrides}
    where ${translationOverrides.culture} = ${culture}
  ), '[]'::json)::text`;
}
