/** The devices module's public face (ADR 025): other modules and the composition root import only this file. */
export { devicesRoutes } from './devices.routes';
export { createDevicesService, presentDevice, type DevicesService } from './devices.service';
export { createDevicesRepository } from './devices.repository';
