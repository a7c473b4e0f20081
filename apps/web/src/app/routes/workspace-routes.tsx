// Composition of the transit workspace: features do not import each other, so app/ hands the export and schedule
// import dialogs, the transit's history and photos and the project's history (ADR 032) to the project page.
import { lazy, Suspense, useState, type ReactNode } from 'react';
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

/** A fetched-when-needed dialog, there from its first opening on, so that it closes with its transition. */
function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

export function ProjectRoute() {
  return (
    <ProjectPage
      renderExportDialog={(p) => (
        <OnceOpened opened={p.opened}>
          <ExportDialog {...p} />
        </OnceOpened>
      )}
      renderImportDialog={(p) => (
        <OnceOpened opened={p.opened}>
          <ImportScheduleDialog {...p} />
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
