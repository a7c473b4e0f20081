import type { Envelope } from '@sealplan/contracts';

/**
 * An answer's JSON text as the database wrote it (the project read, ADR 019): the serializer sends the text as it
 * is, instead of parsing it into objects only to write them again. Anywhere else (a log line, another writer) it
 * stands for the parsed value.
 */
export class RawJson {
  constructor(readonly json: string) {}

  toJSON(): unknown {
    return JSON.parse(this.json);
  }
}

/** The success envelope around data written as JSON text; typed as the envelope it is. */
export function okJson<T>(dataJson: string): Envelope<T> {
  return new RawJson(`{"success":true,"data":${dataJson},"messages":[]}`) as unknown as Envelope<T>;
}
