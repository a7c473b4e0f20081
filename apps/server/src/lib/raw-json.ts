import { randomBytes } from 'node:crypto';

/**
 * JSON text read from the database and sent on as it is (ADR 019): stored engine results are 9 kB a transit, and
 * parsing them only to write them again cost most of a project read. A `RawJson` stands in for the value in an
 * answer; the serializer writes its text in place. Nothing on the server reads its fields.
 */
export class RawJson {
  constructor(readonly json: string) {}

  /** Within `writeWithRawJson`, a marker the serializer replaces; anywhere else, the parsed value. */
  toJSON(): unknown {
    if (!collecting) return JSON.parse(this.json);
    collecting.push(this.json);
    return `${MARK}${collecting.length - 1}${MARK}`;
  }
}

/** The stored JSON text typed as the value it holds (null stays null). */
export function rawJson<T>(json: string | null): T | null {
  return json === null ? null : (new RawJson(json) as unknown as T);
}

/** Per process, so no stored text can forge it; U+0000 never passes the input gate either. */
const MARK = `\u0000raw-${randomBytes(6).toString('hex')}-`;
const WRITTEN_MARK = JSON.stringify(MARK).slice(1, -1);
const MARKER = new RegExp(
  `"${WRITTEN_MARK.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}(\\d+)${WRITTEN_MARK.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}"`,
  'g',
);
let collecting: string[] | null = null;

/** Runs a synchronous JSON writer; RawJson values inside come out as their own text. */
export function writeWithRawJson(write: () => string): string {
  const outer = collecting;
  const raw: string[] = [];
  collecting = raw;
  try {
    const text = write();
    return raw.length === 0 ? text : text.replace(MARKER, (_m, index: string) => raw[Number(index)]!);
  } finally {
    collecting = outer;
  }
}
