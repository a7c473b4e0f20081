import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROJECT_HISTORY_PAGE_SIZE,
  type LockerFile,
  type ProjectHistory,
  type TransitData,
  type TransitHistory,
  type TransitPhoto,
} from '@sealplan/contracts';
import { callApi, uploadApi } from '@/lib/api-client';

export const historyKeys = {
  transit: (transitId: string) => ['history', transitId] as const,
  photos: (transitId: string) => ['photos', transitId] as const,
  project: (projectId: string) => ['history', 'project', projectId] as const,
};

/**
 * ADR 032: every change of a project (its own fields and its transits'), newest first, a page at a time; read
 * afresh each time the view opens (`enabled`).
 */
export function useProjectHistory(projectId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: historyKeys.project(projectId),
    enabled,
    staleTime: 0,
    initialPageParam: 0,
    queryFn: ({ pageParam }): Promise<ProjectHistory> =>
      callApi('history.project', { body: { projectId, offset: pageParam } }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length * PROJECT_HISTORY_PAGE_SIZE : undefined),
  });
}

/** ADR 032: a transit's changes, newest first, and its revision; read again whenever the transit's version moves. */
export function useTransitHistory(transitId: string, version: number) {
  return useQuery({
    queryKey: [...historyKeys.transit(transitId), version],
    queryFn: (): Promise<TransitHistory> => callApi('history.transit', { body: { transitId } }),
  });
}

/** Writes the state a change left back as a new change; `onRestored` reloads the transit. */
export function useRestoreChange(transitId: string, onRestored: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changeId: string): Promise<TransitData> =>
      callApi('history.restore', { body: { transitId, changeId } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: historyKeys.transit(transitId) });
      onRestored();
    },
  });
}

export function useTransitPhotos(transitId: string) {
  return useQuery({
    queryKey: historyKeys.photos(transitId),
    queryFn: (): Promise<TransitPhoto[]> => callApi('photos.list', { body: { transitId } }),
  });
}

/** Spec §7 /api/locker/upload with the transit's id (the fields go before the file: the server reads them first). */
export function useUploadPhoto(transitId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, keepGps }: { file: File; keepGps: boolean }): Promise<LockerFile> => {
      const form = new FormData();
      form.append('transitId', transitId);
      if (keepGps) form.append('keepGps', 'true');
      form.append('file', file, file.name);
      return uploadApi('locker.upload', form);
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: historyKeys.photos(transitId) }),
        client.invalidateQueries({ queryKey: historyKeys.transit(transitId) }),
      ]),
  });
}

export function useRemovePhoto(transitId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) => callApi('photos.remove', { body: { photoId } }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: historyKeys.photos(transitId) }),
        client.invalidateQueries({ queryKey: historyKeys.transit(transitId) }),
      ]),
  });
}
