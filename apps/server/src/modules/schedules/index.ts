/** The schedules module's public face (ADR 025): other modules and the composition root import only this file. */
export { schedulesRoutes } from './schedules.routes';
export { createSchedulesService, type SchedulesService } from './schedules.service';
export { createSchedulesRepository } from './schedules.repository';
