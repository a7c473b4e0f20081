import type { Database } from '@sealplan/db';
import type { HistoryAction, HistoryEntry } from '@sealplan/contracts';

/** A transit's stored columns and its live item lines, as rows (the history keeps what it needs of them). */
export interface SnapshotSource {
  transit: Record<string, unknown>;
  items: readonly Record<string, unknown>[];
}

/** One change of a transit, handed to the history inside the transaction that makes it (ADR 032). */
export interface TransitChangeRecord {
  organizationId: string;
  projectId: string;
  transitId: string;
  /** Who made the change (null for work no person started, such as a seed). */
  actorId: string | null;
  action: HistoryAction;
  /** The transit and its live items before and after the change (null before a creation). */
  before: SnapshotSource | null;
  after: SnapshotSource | null;
  /** Entries a caller words itself (a status or photo change); a design change's entries are the snapshots' diff. */
  entries?: HistoryEntry[];
  /**
   * Entries recorded after the snapshots' diff in the same change (a schedule import that creates a transit and
   * places it in the location tree: its items added, then its location).
   */
  moreEntries?: HistoryEntry[];
  /**
   * The change takes the transit's revision as it stands even if it is a design change: a transit made from a
   * project archive brings its own revision, issued or not (ADR 035), which its `created` change must not open anew.
   */
  keepsRevision?: boolean;
}

/** A project's own fields as a change reads them (the customer by its name, ADR 032). */
export interface ProjectFieldsSource {
  name: string;
  customer: string;
  industryId: string;
  description: string | null;
}

/** One change of a project's own fields, handed to the history inside the transaction that makes it (ADR 032). */
export interface ProjectChangeRecord {
  organizationId: string;
  projectId: string;
  actorId: string | null;
  /**
   * `imported`: a schedule import into the project (ADR 020), its counts in one `scheduleImported` entry;
   * `archiveImported`: the project made from a project archive (ADR 035), in one `archiveImported` entry.
   */
  action: 'created' | 'updated' | 'removed' | 'imported' | 'archiveImported';
  /** The project's fields before and after the change (null before a creation; after a removal, as they stood). */
  before: ProjectFieldsSource | null;
  after: ProjectFieldsSource | null;
  /** Entries a caller words itself (a change of the location tree); else the fields' diff. */
  entries?: HistoryEntry[];
}

/**
 * Records a change of a transit in the transaction `tx` of the change itself, so the change and its history are
 * saved together or not at all (ADR 032). The history module implements it; the composition root hands it to
 * the modules whose writes it records.
 */
export interface ChangeRecorder {
  recordChange(tx: Database, change: TransitChangeRecord): Promise<void>;
  /** The same for a change of a project's own fields. */
  recordProjectChange(tx: Database, change: ProjectChangeRecord): Promise<void>;
}
