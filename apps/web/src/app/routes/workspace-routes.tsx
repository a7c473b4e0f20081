// Composition of the transit workspace: features do not import each other, so app/ hands the export and schedule
// import dialogs, the transit's history and photos and the project's history (ADR 032) to the project page.
import { lazy } from 'react';
import { OnceOpened } from '@/components/once-opened';
import { ProjectHistoryDrawer, TransitHistoryPanel, TransitPhotosPanel } from '@/features/history';
import { ProjectPage } from '@/features/projects/pages/project-page';

// The export and schedule import dialogs are fetched when first opened (ADR 033): a visit to a project rarely
// opens either, and they carry the document and spreadsheet forms.
const ExportDialog = lazy(async () => ({
  default: (await import('@/features/export/components/export-dialog')).ExportDialog,
}));
const ImportScheduleDialog = lazy(async () => ({
  default: (await import('@/features/schedules/components/import-schedule-dialog')).ImportScheduleDialog,
}));

export function ProjectRoute() {
  return (
    <ProjectPage
      renderExportDialog={(p) => (
        <OnceOpened opened={p.opened}>{(opened) => <ExportDialog {...p} opened={opened} />}</OnceOpened>
      )}
      renderImportDialog={(p) => (
        <OnceOpened opened={p.opened}>
          {(opened) => <ImportScheduleDialog {...p} opened={opened} />}
        </OnceOpened>
      )}
      renderTransitExtras={(p) => (
        <>
          <TransitHistoryPanel {...p} />
          <TransitPhotosPanel transitId={p.transitId} />
        </>
      )}
      renderProjectHistory={(p) => <ProjectHistoryDrawer {...p} />}
    />
  );
}
