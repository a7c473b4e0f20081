import sharp from 'sharp';
import type { TRANSIT_PHOTO_TYPES } from '@sealplan/contracts';
import {
  AUTH_MESSAGES,
  CONTENT_MESSAGES,
  HISTORY_MESSAGES,
  PHOTO_MESSAGES,
  TRANSIT_MESSAGES,
  TRANSIT_PHOTO_MAX_BYTES,
  TRANSIT_PHOTO_MAX_INPUT_PIXELS,
  TRANSIT_PHOTO_MAX_PIXELS,
  TRANSIT_PHOTOS_MAX_COUNT,
  TRANSIT_UPLOAD_TYPES,
  isPhotoType,
  startsAsPdf,
  TRANSIT_THUMBNAIL_PIXELS,
  type LockerFile,
  type TransitPhoto,
} from '@sealplan/contracts';
import { AppError } from '../../errors';
import { uploadFileName } from '../../lib/upload-file-name';
import type { ChangeRecorder } from '../../shared/change-recorder';
import type { HistoryRepository, TransitPhotoRow } from './history.repository';

type PhotoType = (typeof TRANSIT_PHOTO_TYPES)[number];
/** sharp's name of each accepted format. */
const FORMAT_OF: Record<PhotoType, 'jpeg' | 'png' | 'webp'> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const THUMBNAIL_TYPE = 'image/jpeg';
const human = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;

export const photoTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', PHOTO_MESSAGES.tooLarge.replace('{max}', human(TRANSIT_PHOTO_MAX_BYTES)));

export interface PhotoUpload {
  fileName: string;
  contentType: string;
  data: Buffer;
  truncated: boolean;
}

const present = (
  row: Omit<TransitPhotoRow, 'data' | 'thumbnail' | 'organizationId' | 'isRemoved' | 'uploadedById'>,
): TransitPhoto => ({
  id: row.id,
  transitId: row.transitId,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
  width: row.width,
  height: row.height,
  keptGps: row.keptGps,
  url: `/api/photos/${row.id}`,
  thumbnailUrl: isPhotoType(row.contentType) ? `/api/photos/${row.id}/thumbnail` : null,
  createdOn: row.createdOn.toISOString(),
});

/**
 * A photo as stored: read by sharp (a file that is not the image it says it is is refused), refused past the pixel
 * limit before decoding, turned upright, resized and written again without its metadata unless the GPS position is
 * kept; a thumbnail beside it.
 */
async function preparePhoto(input: Buffer, declared: PhotoType, keepGps: boolean) {
  const format = FORMAT_OF[declared];
  const metadata = await sharp(input)
    .metadata()
    .catch(() => null);
  if (!metadata)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', PHOTO_MESSAGES.unreadable, {
      file: PHOTO_MESSAGES.unreadable,
    });
  if (metadata.format !== format) throw contentMismatch(format.toUpperCase());
  // The header's size, read before anything is decoded: a bomb is refused without unpacking it.
  if (
    (metadata.width ?? 0) * (metadata.height ?? 0) * (metadata.pages ?? 1) >
    TRANSIT_PHOTO_MAX_INPUT_PIXELS
  ) {
    const message = PHOTO_MESSAGES.tooManyPixels.replace(
      '{max}',
      String(TRANSIT_PHOTO_MAX_INPUT_PIXELS / 1_000_000),
    );
    throw new AppError('PAYLOAD_TOO_LARGE', message, { file: message });
  }
  let pipeline = sharp(input, { limitInputPixels: TRANSIT_PHOTO_MAX_INPUT_PIXELS })
    .rotate()
    .resize(TRANSIT_PHOTO_MAX_PIXELS, TRANSIT_PHOTO_MAX_PIXELS, {
      fit: 'inside',
      withoutEnlargement: true,
    });
  // sharp writes no metadata unless told to: the EXIF block (and its GPS position) goes unless kept.
  if (keepGps) pipeline = pipeline.keepExif();
  const { data, info } = await pipeline.toFormat(format).toBuffer({ resolveWithObject: true });
  const thumbnail = await sharp(data)
    .resize(TRANSIT_THUMBNAIL_PIXELS, TRANSIT_THUMBNAIL_PIXELS, {
      fit: 'inside',
      withoutEnlargement: true,
    })
    .jpeg({ quality: 80 })
    .toBuffer();
  return {
    data,
    thumbnail: thumbnail as Buffer | null,
    width: info.width as number | null,
    height: info.height as number | null,
  };
}

/** A file that is not a photo (a PDF): stored as sent once its header says it is what it claims. */
function prepareFile(input: Buffer) {
  if (!startsAsPdf(input)) throw contentMismatch('PDF');
  return { data: input, thumbnail: null, width: null, height: null };
}

function contentMismatch(type: string) {
  const message = CONTENT_MESSAGES.fileContentMismatch.replace('{type}', type);
  return new AppError('UNSUPPORTED_MEDIA_TYPE', message, { file: message });
}

/**
 * Photos of a transit (ADR 032), uploaded through /api/locker/upload with the transit's id. The image is read
 * by sharp (a file that is not the image it says it is is refused), turned upright, resized to at most
 * TRANSIT_PHOTO_MAX_PIXELS and written again without its metadata (EXIF with the GPS position) unless the uploader
 * keeps the position; a thumbnail is made beside it. Stored in the database so every app server serves them.
 */
export function createPhotosService({ repo, history }: { repo: HistoryRepository; history: ChangeRecorder }) {
  return {
    async upload(
      caller: { id: string; organizationId: string | null },
      transitId: string,
      file: PhotoUpload | null,
      keepGps: boolean,
    ): Promise<LockerFile> {
      const organizationId = caller.organizationId;
      if (!organizationId) throw new AppError('FORBIDDEN', AUTH_MESSAGES.notAuthorized);
      const transit = await repo.findTransit(organizationId, transitId);
      if (!transit) throw new AppError('NOT_FOUND', TRANSIT_MESSAGES.notFound);
      if (!file)
        throw new AppError('VALIDATION_FAILED', CONTENT_MESSAGES.fileMissing, {
          file: CONTENT_MESSAGES.fileMissing,
        });
      if (file.truncated || file.data.length > TRANSIT_PHOTO_MAX_BYTES) throw photoTooLarge();
      const declared = file.contentType.toLowerCase();
      if (!(TRANSIT_UPLOAD_TYPES as readonly string[]).includes(declared))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', PHOTO_MESSAGES.typeRefused, {
          file: PHOTO_MESSAGES.typeRefused,
        });
      const stored = isPhotoType(declared)
        ? await preparePhoto(file.data, declared as PhotoType, keepGps)
        : prepareFile(file.data);
      const fileName = uploadFileName(file.fileName, 'photo');
      const id = await repo.transaction(async (tx) => {
        if ((await repo.countPhotos(tx, organizationId, transitId)) >= TRANSIT_PHOTOS_MAX_COUNT)
          throw new AppError(
            'CONFLICT',
            PHOTO_MESSAGES.tooMany.replace('{max}', String(TRANSIT_PHOTOS_MAX_COUNT)),
            { file: PHOTO_MESSAGES.tooMany.replace('{max}', String(TRANSIT_PHOTOS_MAX_COUNT)) },
          );
        const photoId = await repo.insertPhoto(tx, {
          organizationId,
          transitId,
          fileName,
          contentType: declared,
          size: stored.data.length,
          width: stored.width,
          height: stored.height,
          data: stored.data,
          thumbnail: stored.thumbnail,
          keptGps: stored.thumbnail !== null && keepGps,
          uploadedById: caller.id,
        });
        await history.recordChange(tx, {
          organizationId,
          projectId: transit.projectId,
          transitId,
          actorId: caller.id,
          action: 'photo',
          before: null,
          after: null,
          entries: [{ kind: isPhotoType(declared) ? 'photoAdded' : 'fileAdded', fileName }],
        });
        return photoId;
      });
      return { id, url: `/api/photos/${id}`, fileName, contentType: declared, size: stored.data.length };
    },

    async list(organizationId: string, transitId: string): Promise<TransitPhoto[]> {
      if (!(await repo.findTransit(organizationId, transitId)))
        throw new AppError('NOT_FOUND', TRANSIT_MESSAGES.notFound);
      return (await repo.listPhotos(organizationId, transitId)).map(present);
    },

    /** The photo (or its thumbnail) of the caller's organization; another organization's is not found. */
    async file(organizationId: string, id: string, thumbnail: boolean) {
      const row = await repo.findPhoto(organizationId, id);
      if (!row || !(await repo.findTransit(organizationId, row.transitId)))
        throw new AppError('NOT_FOUND', HISTORY_MESSAGES.photoNotFound);
      if (thumbnail && !row.thumbnail) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.noThumbnail);
      return {
        fileName: row.fileName,
        contentType: thumbnail ? THUMBNAIL_TYPE : row.contentType,
        data: thumbnail ? row.thumbnail! : row.data,
        /** A photo is shown in the page; any other file is downloaded, never opened in the app's origin. */
        inline: isPhotoType(row.contentType),
      };
    },

    async remove(caller: { id: string; organizationId: string }, id: string): Promise<void> {
      const row = await repo.findPhoto(caller.organizationId, id);
      const transit = row && (await repo.findTransit(caller.organizationId, row.transitId));
      if (!row || !transit) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.photoNotFound);
      await repo.transaction(async (tx) => {
        if (!(await repo.removePhoto(tx, caller.organizationId, id)))
          throw new AppError('NOT_FOUND', HISTORY_MESSAGES.photoNotFound);
        await history.recordChange(tx, {
          organizationId: caller.organizationId,
          projectId: transit.projectId,
          transitId: row.transitId,
          actorId: caller.id,
          action: 'photo',
          before: null,
          after: null,
          entries: [
            { kind: isPhotoType(row.contentType) ? 'photoRemoved' : 'fileRemoved', fileName: row.fileName },
          ],
        });
      });
    },
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
