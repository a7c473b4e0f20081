/** The public API's face (ADR 025, ADR 036): the composition root imports only this file. */
export { publicApiRoutes, REFERENCE_PAGE, type PublicApiServices } from './public-api.routes';
