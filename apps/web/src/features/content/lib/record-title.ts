import type { DynamicFormField } from '@sealplan/contracts';
import type { ContentRecord } from '../api/content-api';
import { entryTitle } from '../form/form-values';

/**
 * The name a record is called by in the grid's buttons and questions ("Delete …"). A translation is named by what
 * it replaces, `namespace:key (culture)`: its first field, the language, names many records at once.
 */
export function recordTitle(
  model: string,
  fields: readonly DynamicFormField[],
  record: ContentRecord,
): string | null {
  if (model === 'Translation' && typeof record.key === 'string' && record.key) {
    const ns = typeof record.namespace === 'string' && record.namespace ? `${record.namespace}:` : '';
    const culture = typeof record.culture === 'string' && record.culture ? ` (${record.culture})` : '';
    return `${ns}${record.key}${culture}`;
  }
  return entryTitle(fields, record);
}
