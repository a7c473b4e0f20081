import { useMutation } from '@tanstack/react-query';
import type { SendProjectExportRequest, SendProjectExportShared } from '@sealplan/contracts';
import { callApi, downloadApi } from '@/lib/api-client';

/** File name from content-disposition (the server sends a plain ASCII name), else a fallback. */
export function fileNameFrom(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename="([^"]+)"/.exec(header);
  return match?.[1] ?? fallback;
}

/** Hands a blob to the browser as a download through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type ExportResult =
  { kind: 'downloaded'; fileName: string } | { kind: 'shared'; data: SendProjectExportShared };

/** Spec §7 sendProjectExport: downloads the file, or asks the server to e-mail it (isShare). */
export async function sendProjectExport(body: SendProjectExportRequest): Promise<ExportResult> {
  if (body.isShare) {
    const data = await callApi('project.sendProjectExport', { body });
    return { kind: 'shared', data };
  }
  const response = await downloadApi('project.sendProjectExport', { body });
  const fileName = fileNameFrom(response, `material-list.${(body.outputFormat ?? 'PDF').toLowerCase()}`);
  saveBlob(await response.blob(), fileName);
  return { kind: 'downloaded', fileName };
}

export function useSendProjectExport() {
  return useMutation({ mutationFn: sendProjectExport });
}

/** The project's transits for the /test page widget (the project page passes its own). */
export async function fetchProjectTransits(projectId: string): Promise<{ id: string; name: string }[]> {
  const data: { transits?: { id?: unknown; name?: unknown }[] } = await callApi(
    'project.getProjectAndTransits',
    { body: { projectId } },
  );
  return (data.transits ?? [])
    .filter((t): t is { id: string; name: string } => typeof t.id === 'string' && typeof t.name === 'string')
    .map((t) => ({ id: t.id, name: t.name }));
}
