/** The settings module's public face (ADR 025): other modules and the composition root import only this file. */
export { settingsRoutes } from './settings.routes';
export { createSettingsService, type SettingsService } from './settings.service';
export { createSettingsRepository } from './settings.repository';
