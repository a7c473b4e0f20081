/** The external module's public face (ADR 025): other modules and the composition root import only this file. */
export { externalRoutes } from './external.routes';
export { createExternalSignInService, type ExternalSignInService } from './external.service';
export { createExternalRepository } from './external.repository';
export { adaptersFromEnv } from './external-adapters';
