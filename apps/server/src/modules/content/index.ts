/** The content module's public face (ADR 025): other modules and the composition root import only this file. */
export { contentRoutes } from './content.routes';
export { createContentService, type ContentService } from './content.service';
export { createContentRepository } from './content.repository';
export { createLockerService } from './locker.service';
export { createTranslationsService } from './translations.service';
export { createTemplateSource } from './template-source';
export { seedContent } from './content.seed';
