import { createHash } from 'node:crypto';
import {
  AUTH_MESSAGES,
  CONTENT_MESSAGES,
  LOCKER_CONTENT_TYPES,
  LOCKER_MAX_BYTES,
  RECORD_MESSAGES,
  canAdministerContent,
  type LockerFile,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import type { AuthUser } from '../../shared/auth-user';
import type { ContentRepository } from './content.repository';

type LockerType = (typeof LOCKER_CONTENT_TYPES)[number];

/** The first bytes each accepted type starts with: the declared type must match the content. */
function sniff(data: Buffer): LockerType | null {
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 6 && ['GIF87a', 'GIF89a'].includes(data.subarray(0, 6).toString('latin1')))
    return 'image/gif';
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const human = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;

export const fileTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', CONTENT_MESSAGES.fileTooLarge.replace('{max}', human(LOCKER_MAX_BYTES)));

/**
 * /api/locker (spec §7): images for specifications and menu items, stored in the database so every app server
 * serves them. Only raster images whose bytes match their declared type; SVG is refused (it can carry script).
 */
export function createLockerService({ repo }: { repo: ContentRepository }) {
  return {
    async upload(
      caller: Pick<AuthUser, 'id' | 'permissions' | 'isProviderOrganization' | 'roles'>,
      file: { fileName: string; contentType: string; data: Buffer; truncated: boolean } | null,
    ): Promise<LockerFile> {
      if (!canAdministerContent(caller)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.notAuthorized);
      if (!file)
        throw new AppError('VALIDATION_FAILED', CONTENT_MESSAGES.fileMissing, {
          file: CONTENT_MESSAGES.fileMissing,
        });
      if (file.truncated || file.data.length > LOCKER_MAX_BYTES) throw fileTooLarge();
      const declared = file.contentType.toLowerCase() as LockerType;
      if (!LOCKER_CONTENT_TYPES.includes(declared))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', CONTENT_MESSAGES.fileTypeRefused);
      if (sniff(file.data) !== declared)
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          CONTENT_MESSAGES.fileContentMismatch.replace('{type}', declared.slice(6).toUpperCase()),
        );
      // A name only for the download's file name: no path, no control characters or quotes, bounded.
      const base = file.fileName.split(/[\\/]/).pop() ?? '';
      const fileName =
        [...base]
          .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch !== '\u007f' && ch !== '"')
          .join('')
          .slice(0, 200) || 'image';
      const row = await repo.insertFile({
        fileName,
        contentType: declared,
        size: file.data.length,
        sha256: createHash('sha256').update(file.data).digest('hex'),
        data: file.data,
        uploadedById: caller.id,
      });
      return { ...row, url: `/api/locker/${row.id}` };
    },

    async get(id: string) {
      const row = UUID.test(id) ? await repo.fileById(id.toLowerCase()) : null;
      if (!row) throw new AppError('NOT_FOUND', RECORD_MESSAGES.notFound);
      return row;
    },
  };
}

export type LockerService = ReturnType<typeof createLockerService>;
