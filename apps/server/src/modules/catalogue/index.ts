/** The catalogue module's public face (ADR 025): other modules and the composition root import only this file. */
export { catalogueRoutes } from './catalogue.routes';
export { createCatalogueService, type CatalogueService, type MetaRead } from './catalogue.service';
export { catalogueMetaJson, catalogueMetaOf } from './catalogue-meta-json';
export {
  CATALOGUE_META_ID,
  createCatalogueRepository,
  loadCatalogue,
  type CatalogueNames,
  type CatalogueRepository,
} from './catalogue.repository';
export { catalogueName } from './catalogue-names';
export { seedCatalogue, seedIndustries } from './catalogue.seed';
