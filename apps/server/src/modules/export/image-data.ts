import { EXPORT_IMAGE_MAX_BYTES, EXPORT_MESSAGES } from '@sealplan/contracts';
import { AppError } from '../../errors';
import { PNG_SIGNATURE } from './documents/drawing';

const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

function invalid(message: string): never {
  throw new AppError('VALIDATION_FAILED', message, { imgData: message });
}

/**
 * Spec §7 imgData: the browser's snapshot of the drawing (spec §2 hidden canvas). It is optional and never trusted:
 * the documents draw from the stored packing. When sent it must be a base64 PNG data URL within the size limit whose
 * bytes really are a PNG (signature and IHDR), so nothing else is ever accepted or stored.
 */
export function validateImageData(imgData: string | null | undefined): Buffer | null {
  if (imgData === undefined || imgData === null || imgData === '') return null;
  const match = DATA_URL.exec(imgData);
  if (!match) invalid(EXPORT_MESSAGES.imageInvalid);
  const base64 = match[1]!;
  if (base64.length % 4 !== 0) invalid(EXPORT_MESSAGES.imageInvalid);
  if ((base64.length / 4) * 3 > EXPORT_IMAGE_MAX_BYTES + 2) invalid(EXPORT_MESSAGES.imageTooLarge);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > EXPORT_IMAGE_MAX_BYTES) invalid(EXPORT_MESSAGES.imageTooLarge);
  // Signature, then the first chunk must be a 13-byte IHDR with a non-zero size.
  const isPng =
    bytes.length >= 33 &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
    bytes.readUInt32BE(8) === 13 &&
    bytes.toString('latin1', 12, 16) === 'IHDR' &&
    bytes.readUInt32BE(16) > 0 &&
    bytes.readUInt32BE(20) > 0;
  if (!isPng) invalid(EXPORT_MESSAGES.imageInvalid);
  return bytes;
}
