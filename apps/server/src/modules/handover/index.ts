/** The hand-over module's public face (ADR 025): other modules and the composition root import only this file. */
export { handoverRoutes } from './handover.routes';
export {
  archiveDocumentRequest,
  createHandoverService,
  type HandoverService,
  type ProjectDocument,
} from './handover.service';
export { createHandoverRepository } from './handover.repository';
