import { sql, type SQL } from 'drizzle-orm';
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

/**
 * The success envelope around data the database writes as JSON text, written by the database too: the answer
 * arrives as one string, sent as it is (rawEnvelope), rather than joined to the envelope on the app server, where
 * the joined text would be copied once more before it is written. Null when the data is null.
 */
export function okEnvelopeSql(dataJson: SQL<string | null>): SQL<string | null> {
  return sql<string | null>`('{"success":true,"data":' || ${dataJson} || ',"messages":[]}')`;
}

/** The success envelope around data already written as JSON text (an answer kept as text between requests). */
export function okEnvelopeText(dataJson: string): string {
  return `{"success":true,"data":${dataJson},"messages":[]}`;
}

/** An envelope's JSON text as the database wrote it (okEnvelopeSql); typed as the envelope it is. */
export function rawEnvelope<T>(envelopeJson: string): Envelope<T> {
  return new RawJson(envelopeJson) as unknown as Envelope<T>;
}
