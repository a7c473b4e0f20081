/** The site module's public face (ADR 025): other modules and the composition root import only this file. */
export { siteRoutes } from './site.routes';
export { createSiteService, siteLink, type SiteCaller, type SiteService } from './site.service';
export {
  createSiteRepository,
  locationsOf,
  placeTransitsAtPaths,
  statusEventsOf,
  transitLocationPaths,
  type PathPlacement,
  type LocationChange,
  type LocationChangeRecorder,
  type LocationTreeChange,
  type LocationTreeChangeRecorder,
  type StatusChange,
  type StatusChangeRecorder,
} from './site.repository';
