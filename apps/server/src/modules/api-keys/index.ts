/** The api-keys module's public face (ADR 025): other modules and the composition root import only this file. */
export { apiKeysRoutes } from './api-keys.routes';
export { createApiKeysService, type ApiKeysService } from './api-keys.service';
export { createApiKeysRepository } from './api-keys.repository';
