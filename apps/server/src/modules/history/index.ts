/** The history module's public face (ADR 025, ADR 032): other modules and the composition root import only this file. */
export { historyRoutes } from './history.routes';
export { createChangeRecorder, createHistoryService, type HistoryService } from './history.service';
export { createHistoryRepository, type HistoryRepository } from './history.repository';
export { createPhotosService, photoTooLarge, type PhotosService, type PhotoUpload } from './photos.service';
