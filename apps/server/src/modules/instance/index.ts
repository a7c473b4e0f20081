/** The instance module's public face (ADR 025): other modules and the composition root import only this file. */
export { instanceRoutes } from './instance.routes';
export { createInstanceService, type InstanceService } from './instance.service';
