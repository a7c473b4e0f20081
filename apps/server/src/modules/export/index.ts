/** The export module's public face (ADR 025): other modules and the composition root import only this file. */
export { exportRoutes } from './export.routes';
export { createExportService, type ExportService } from './export.service';
export { createExportRepository } from './export.repository';
export { loadCatalogueForExport } from './export-catalogue';
