import { useMutation } from '@tanstack/react-query';
import type {
  ImportScheduleReport,
  ImportScheduleRequest,
  ReadScheduleFileRequest,
  ScheduleMappingAnswer,
  ScheduleTable,
} from '@sealplan/contracts';
import { callApi } from '@/lib/api-client';

/** A File's bytes as base64 (the server reads CSV and XLSX alike). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

export const readScheduleFile = (body: ReadScheduleFileRequest): Promise<ScheduleTable> =>
  callApi('schedules.readScheduleFile', { body });

export const getScheduleMapping = (): Promise<ScheduleMappingAnswer> =>
  callApi('schedules.getScheduleMapping', { body: {} });

export const importSchedule = (body: ImportScheduleRequest): Promise<ImportScheduleReport> =>
  callApi('schedules.importSchedule', { body });

export function useReadScheduleFile() {
  return useMutation({ mutationFn: readScheduleFile });
}

export function useImportSchedule() {
  return useMutation({ mutationFn: importSchedule });
}
