import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ArchiveImportResult,
  ChangeSiteStatusRequest,
  DocumentLanguage,
  ExportMeasurementSystem,
  LabelPaperSize,
  Location,
  ProjectSite,
  SaveLocationRequest,
  TransitData,
  TransitSite,
} from '@sealplan/contracts';
import { callApi, downloadApi, uploadApi } from '@/lib/api-client';

/** ADR 031: a transit's life on site. */
export const siteKeys = {
  all: ['site'] as const,
  project: (projectId: string) => ['site', 'project', projectId] as const,
  transit: (transitId: string) => ['site', 'transit', transitId] as const,
};

export const projectSiteQuery = (projectId: string) => ({
  queryKey: siteKeys.project(projectId),
  queryFn: (): Promise<ProjectSite> => callApi('site.getProjectSite', { body: { projectId } }),
});

export function useProjectSite(projectId: string) {
  return useQuery(projectSiteQuery(projectId));
}

/** The transit and its items as stored (the site page's drawing and items). */
export function useTransitData(transitId: string) {
  return useQuery({
    queryKey: ['site', 'transitData', transitId] as const,
    queryFn: (): Promise<TransitData> => callApi('project.getTransitData', { body: { transitId } }),
  });
}

export function useTransitSite(transitId: string) {
  return useQuery({
    queryKey: siteKeys.transit(transitId),
    queryFn: (): Promise<TransitSite> => callApi('site.getTransitSite', { body: { transitId } }),
  });
}

/** Every site answer changes the counts and the rows of the project: both are read again. */
function useInvalidateSite() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: siteKeys.all });
}

export function useSaveLocation() {
  const invalidate = useInvalidateSite();
  return useMutation({
    mutationFn: (location: SaveLocationRequest['location']): Promise<Location> =>
      callApi('site.saveLocation', { body: { location } }),
    onSuccess: invalidate,
  });
}

export function useDeleteLocation() {
  const invalidate = useInvalidateSite();
  return useMutation({
    mutationFn: (locationId: string): Promise<ProjectSite> =>
      callApi('site.deleteLocation', { body: { locationId } }),
    onSuccess: invalidate,
  });
}

export function useSetTransitLocation() {
  const invalidate = useInvalidateSite();
  return useMutation({
    mutationFn: (body: { transitId: string; locationId: string | null }): Promise<TransitSite> =>
      callApi('site.setTransitLocation', { body }),
    onSuccess: invalidate,
  });
}

export function useChangeSiteStatus() {
  const invalidate = useInvalidateSite();
  return useMutation({
    mutationFn: (body: ChangeSiteStatusRequest): Promise<TransitSite> =>
      callApi('site.changeStatus', { body }),
    onSuccess: invalidate,
  });
}

/** Saves a file answer under the server's file name (content-disposition), or `fallback`. */
async function saveDownload(res: Response, fallback: string): Promise<void> {
  const disposition = res.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The label sheet (PDF) of a project, saved by the browser under the server's file name. */
export async function downloadLabelSheet(projectId: string, paper: LabelPaperSize): Promise<void> {
  const res = await downloadApi('site.labelSheet', { params: { projectId }, query: { paper } });
  await saveDownload(res, `labels-${paper.toLowerCase()}.pdf`);
}

/** ADR 035: the as-built record (PDF) of a project, or of one location and those below it. */
export async function downloadAsBuilt(
  projectId: string,
  language: DocumentLanguage,
  locationId: string | null,
): Promise<void> {
  const res = await downloadApi('handover.asBuilt', {
    params: { projectId },
    query: { language, ...(locationId ? { locationId } : {}) },
  });
  await saveDownload(res, 'as-built.pdf');
}

/** ADR 035: the project archive (ZIP: data, documents, photos and the transits' other files). */
export async function downloadArchive(
  projectId: string,
  language: DocumentLanguage,
  measurementSystem: ExportMeasurementSystem,
): Promise<void> {
  const res = await downloadApi('handover.exportArchive', {
    params: { projectId },
    query: { language, measurementSystem },
  });
  await saveDownload(res, 'archive.zip');
}

/** ADR 035: a project archive imported as a new project of the organization. */
export function useImportArchive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File): Promise<ArchiveImportResult> => {
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadApi('handover.importArchive', form);
    },
    onSuccess: () => client.invalidateQueries(),
  });
}
