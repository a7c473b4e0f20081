/** The health module's public face (ADR 025): other modules and the composition root import only this file. */
export { healthRoutes } from './health.routes';
