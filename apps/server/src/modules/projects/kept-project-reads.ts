/**
 * Project reads an app server keeps between requests, each beside the fingerprint it was read at (ADR 038, "The
 * project read kept per server"). The database says on every request whether the fingerprint still holds
 * (projectReadOrFingerprint), in the session's statement, so a kept read is sent only while no row it shows has
 * changed, whichever server or path wrote the change; a server keeps nothing another server needs.
 */

/** A project read kept: its envelope's JSON text and the fingerprint the database read it at. */
export interface KeptProjectRead {
  readonly fingerprint: string;
  readonly envelope: string;
}

/** What a server keeps at most, in characters of envelope text (a 500-transit project's read is 3.3 M). */
export const KEPT_PROJECT_READS_MAX_CHARS = 16 * 1024 * 1024;

export class KeptProjectReads {
  /** By project id, least recently used first (a Map iterates in insertion order). */
  private readonly reads = new Map<string, KeptProjectRead>();
  private chars = 0;

  constructor(private readonly maxChars = KEPT_PROJECT_READS_MAX_CHARS) {}

  /** The read kept for a project, if any (without changing its place: the answer decides that). */
  peek(projectId: string): KeptProjectRead | undefined {
    return this.reads.get(projectId);
  }

  /**
   * The envelope to answer from the database's value (projectReadOrFingerprint, not null): the kept read when the
   * value is the fingerprint alone (`known` is the read whose fingerprint the request sent), else the envelope it
   * carries, kept for the next request when it has a fingerprint.
   */
  answer(projectId: string, value: string, known: KeptProjectRead | undefined): string {
    const space = value.indexOf(' ');
    if (space < 0) {
      if (known?.fingerprint !== value)
        throw new Error(`project ${projectId}: the database confirmed a read this server did not send`);
      this.keep(projectId, known);
      return known.envelope;
    }
    const read = { fingerprint: value.slice(0, space), envelope: value.slice(space + 1) };
    if (read.fingerprint !== '') this.keep(projectId, read);
    return read.envelope;
  }

  /** How many reads are kept and their characters (for tests). */
  get size(): { reads: number; chars: number } {
    return { reads: this.reads.size, chars: this.chars };
  }

  private keep(projectId: string, read: KeptProjectRead): void {
    const before = this.reads.get(projectId);
    if (before) {
      this.reads.delete(projectId);
      this.chars -= before.envelope.length;
    }
    // A read larger than the whole budget is answered but not kept.
    if (read.envelope.length > this.maxChars) return;
    this.reads.set(projectId, read);
    this.chars += read.envelope.length;
    for (const [id, oldest] of this.reads) {
      if (this.chars <= this.maxChars) break;
      this.reads.delete(id);
      this.chars -= oldest.envelope.length;
    }
  }
}
