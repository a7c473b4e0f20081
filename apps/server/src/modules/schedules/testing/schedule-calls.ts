import type { ExportFormat, TransitWithItems } from '@sealplan/contracts';
import type { App } from '../../../app';
import { call } from '../../projects/testing/project-fixtures';

/** A project's transits with their items, as the project page reads them after an import. */
export async function projectTransits(
  app: App,
  projectId: string,
  headers: Record<string, string>,
): Promise<TransitWithItems[]> {
  const res = await call<{ transits: TransitWithItems[] }>(
    app,
    '/api/project/getProjectAndTransits',
    { projectId },
    headers,
  );
  return res.body.data.transits;
}

/** One transit of a project exported in metric units, as the export dialog's "current transit" asks for it. */
export function exportTransit(
  app: App,
  headers: Record<string, string>,
  projectId: string,
  transitId: string,
  outputFormat: ExportFormat,
) {
  return app.inject({
    method: 'POST',
    url: '/api/project/sendProjectExport',
    headers,
    payload: {
      projectId,
      measurementSystem: 'METRIC',
      outputFormat,
      scope: 'CURRENT',
      transitIds: [transitId],
    },
  });
}
