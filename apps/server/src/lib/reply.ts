import type { Envelope } from '@sealplan/contracts';

/** Builds the spec's success envelope. */
export function ok<T>(data: T, messages: string[] = []): Envelope<T> {
  return { success: true, data, messages };
}
