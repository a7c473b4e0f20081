/** The transits module's public face (ADR 025): other modules and the composition root import only this file. */
export { transitsRoutes } from './transits.routes';
export { createTransitsService, type TransitsService } from './transits.service';
export { presentItem, presentTransit } from './transit-presenters';
export {
  createTransitsRepository,
  projectIsLive,
  ITEM_FIELDS,
  TRANSIT_FIELDS,
  type ItemRow,
  type TransitRow,
} from './transits.repository';
