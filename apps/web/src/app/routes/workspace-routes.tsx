// Composition of the transit workspace: features do not import each other, so app/ hands the customer dialog to
// the new-project page and the export and schedule import dialogs, the transit's history and photos and the
// project's history (ADR 032) to the project page.
import { CustomerDialog } from '@/features/customers/components/customer-dialog';
import { ExportDialog } from '@/features/export/components/export-dialog';
import { ProjectHistoryDrawer, TransitHistoryPanel, TransitPhotosPanel } from '@/features/history';
import { NewProjectPage } from '@/features/projects/pages/new-project-page';
import { ProjectPage } from '@/features/projects/pages/project-page';
import { ImportScheduleDialog } from '@/features/schedules/components/import-schedule-dialog';

export function NewProjectRoute() {
  return (
    <NewProjectPage
      renderCustomerDialog={(p) => (
        <CustomerDialog opened={p.opened} onClose={p.onClose} onSaved={p.onSaved} />
      )}
    />
  );
}

export function ProjectRoute() {
  return (
    <ProjectPage
      renderExportDialog={(p) => <ExportDialog {...p} />}
      renderImportDialog={(p) => <ImportScheduleDialog {...p} />}
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
