import { useMutation } from '@tanstack/react-query';
import type {
  ImportScheduleReport,
  ImportScheduleRequest,
  ReadScheduleFileRequest,
  ScheduleMappingAnswer,
  ScheduleTable,
} from '@sealplan/contracts';
import { apiRequest } from '@/lib/api-client';

export const SCHEDULE_PATHS = {
  readFile: '/api/schedules/readScheduleFile',
  mapping: '/api/schedules/getScheduleMapping',
  import: '/api/schedules/importSchedule',
} as const;

/** A File's bytes as base64 (the server reads CSV and XLSX alike). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

export const readScheduleFile = (body: ReadScheduleFileRequest) =>
  apiRequest<ScheduleTable>(SCHEDULE_PATHS.readFile, { method: 'POST', body });

export const getScheduleMapping = () =>
  apiRequest<ScheduleMappingAnswer>(SCHEDULE_PATHS.mapping, { method: 'POST', body: {} });

export const importSchedule = (body: ImportScheduleRequest) =>
  apiRequest<ImportScheduleReport>(SCHEDULE_PATHS.import, { method: 'POST', body });

export function useReadScheduleFile() {
  return useMutation({ mutationFn: readScheduleFile });
}

export function useImportSchedule() {
  return useMutation({ mutationFn: importSchedule });
}
