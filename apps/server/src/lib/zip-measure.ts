import { Unzip, UnzipInflate, unzipSync } from 'fflate';

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** Whether the bytes start as a ZIP archive does (a local file header). */
export function isZip(bytes: Uint8Array): boolean {
  return ZIP_SIGNATURE.every((b, i) => bytes[i] === b);
}

class UnzippedTooLarge extends Error {}

/** Why a ZIP may not be unpacked, or null when it may. */
export type ZipProblem = 'unreadable' | 'tooManyEntries' | 'tooLarge';

/**
 * Measures a ZIP before anything is unpacked (ADR 022, 035): the central directory's entry count and declared
 * uncompressed sizes first, then the real sizes, inflated into nothing (a ZIP may declare less than it holds; the
 * inflated bytes are counted and dropped, so memory stays flat).
 */
export function measureZip(
  bytes: Uint8Array,
  limits: { maxEntries: number; maxUnzippedBytes: number },
): ZipProblem | null {
  let entries = 0;
  let declared = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries += 1;
        declared += file.originalSize;
        return false;
      },
    });
  } catch {
    return 'unreadable';
  }
  if (entries > limits.maxEntries) return 'tooManyEntries';
  if (declared > limits.maxUnzippedBytes) return 'tooLarge';

  let inflated = 0;
  const unzip = new Unzip((file) => {
    file.ondata = (error, chunk) => {
      if (error) throw error;
      inflated += chunk.length;
      if (inflated > limits.maxUnzippedBytes) throw new UnzippedTooLarge();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch (error) {
    return error instanceof UnzippedTooLarge ? 'tooLarge' : 'unreadable';
  }
  return null;
}
