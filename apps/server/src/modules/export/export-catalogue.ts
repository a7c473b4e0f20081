import type { Catalogue } from '@sealplan/engine';
import type { Database } from '@sealplan/db';
import { loadCatalogue } from '../catalogue';

/**
 * The catalogue from the database through the catalogue module's loader: names for display, the sample flag
 * (`isSample` while not verified), and the data to size a transit that has no stored results.
 */
export function loadCatalogueForExport(db: Database): Promise<Catalogue> {
  return loadCatalogue(db);
}
