/**
 * The hand-over module's task face (ADR 025): the as-built record's PDF and the archive's ZIP, written and read,
 * as pure code the worker pool runs. Nothing here reaches a database or a service.
 */
export {
  renderAsBuilt,
  type AsBuiltRecord,
  type AsBuiltStep,
  type AsBuiltTransit,
} from './as-built-document';
export { packArchive, readArchive, type ArchiveEntry, type ReadArchiveResult } from './archive-file';
