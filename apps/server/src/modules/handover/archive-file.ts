import { unzipSync, zipSync, type Zippable } from 'fflate';
import {
  ARCHIVE_DATA_FILE,
  ARCHIVE_MAX_ENTRIES,
  ARCHIVE_MAX_UNZIPPED_BYTES,
  HANDOVER_MESSAGES,
} from '@sealplan/contracts';
import { isZip, measureZip } from '../../lib/zip-measure';

/** One file of the archive; photos and PDFs are compressed already and are stored as they are. */
export interface ArchiveEntry {
  path: string;
  data: Uint8Array;
  compress: boolean;
}

/** The archive's fixed date, so the same project gives the same bytes (the JSON carries when it was made). */
const ENTRY_DATE = new Date('2000-01-01T00:00:00Z');

/** ADR 035: the project archive as a ZIP (pure: runs in the worker pool). */
export function packArchive(entries: ArchiveEntry[]): Uint8Array {
  const files: Zippable = {};
  for (const entry of entries)
    files[entry.path] = [entry.data, { level: entry.compress ? 6 : 0, mtime: ENTRY_DATE }];
  return zipSync(files);
}

/** What the reader gives back: the files the import uses, or why the archive is refused. */
export type ReadArchiveResult =
  { ok: true; files: Record<string, Uint8Array> } | { ok: false; message: string };

class Refused extends Error {}

/**
 * The files an import reads: the data, the photos and the transits' other files (the documents are for people, the
 * import makes its own).
 */
const wanted = (name: string) => name === ARCHIVE_DATA_FILE || /^(photos|files)\/[A-Za-z0-9.-]+$/.test(name);

/**
 * ADR 035: reads a project archive as the schedule reader reads an XLSX (ADR 020/022): a file is hostile until
 * shown otherwise. The central directory's entry count and declared sizes are checked first, then the real sizes,
 * inflated into nothing (a ZIP may declare less than it holds), and only then is anything unpacked.
 */
export function readArchive(bytes: Uint8Array): ReadArchiveResult {
  try {
    if (!isZip(bytes)) throw new Refused(HANDOVER_MESSAGES.notZip);
    const problem = measureZip(bytes, {
      maxEntries: ARCHIVE_MAX_ENTRIES,
      maxUnzippedBytes: ARCHIVE_MAX_UNZIPPED_BYTES,
    });
    if (problem === 'tooManyEntries') throw new Refused(HANDOVER_MESSAGES.zipTooManyEntries);
    if (problem === 'tooLarge') throw new Refused(HANDOVER_MESSAGES.zipTooLarge);
    if (problem === 'unreadable') throw new Refused(HANDOVER_MESSAGES.zipUnreadable);
    let files: Record<string, Uint8Array>;
    try {
      files = unzipSync(bytes, { filter: (file) => wanted(file.name) });
    } catch {
      throw new Refused(HANDOVER_MESSAGES.zipUnreadable);
    }
    if (!files[ARCHIVE_DATA_FILE]) throw new Refused(HANDOVER_MESSAGES.dataMissing);
    return { ok: true, files };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, message: error.message };
    throw error;
  }
}
