import type { z } from 'zod';

/**
 * The one gate every request input passes before its schema (conventions §17): text without control characters
 * or broken UTF-16, and JSON that stays small and shallow. PostgreSQL refuses NUL in text and jsonb (a 500 before
 * this gate), and a lone surrogate is stored as U+FFFD, so what was accepted would differ from what is stored.
 */

/** Deepest nesting any request may carry; the deepest contract (a transit with its items) needs 5. */
export const MAX_INPUT_DEPTH = 16;
/** Most keys one object of a request may carry; the widest contract has about 40. */
export const MAX_INPUT_OBJECT_KEYS = 200;
/** Most elements one array of a request may carry (a transit's item lines stay well below). */
export const MAX_INPUT_ARRAY_LENGTH = 5_000;

/** Free-form JSON fields (register Attributes, a device's extra fields): limits per field. */
export const FREE_JSON_LIMITS = { maxBytes: 16 * 1024, maxDepth: 4, maxKeys: 50 } as const;

export const INPUT_MESSAGES = {
  controlCharacter: 'Control characters are not allowed.',
  brokenText: 'The text contains an unpaired surrogate (broken Unicode).',
  tooDeep: `The value is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`,
  tooManyKeys: `The object has too many keys (at most ${MAX_INPUT_OBJECT_KEYS}).`,
  tooManyItems: `The list has too many entries (at most ${MAX_INPUT_ARRAY_LENGTH}).`,
  jsonTooLarge: (maxBytes: number) => `The value is too large (at most ${maxBytes} bytes as JSON).`,
  jsonTooDeep: (maxDepth: number) => `The value is nested too deeply (at most ${maxDepth} levels).`,
  jsonTooManyKeys: (maxKeys: number) => `The value has too many keys (at most ${maxKeys}).`,
} as const;

/**
 * C0 controls other than tab, line feed and carriage return (multi-line notes keep those), DEL, and the C1
 * controls. Nothing is stripped: the spec only trims surrounding whitespace, so anything else is refused.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be accepted, or null. */
export function textProblem(value: string): string | null {
  if (CONTROL_CHARACTERS.test(value)) return INPUT_MESSAGES.controlCharacter;
  if (LONE_SURROGATE.test(value)) return INPUT_MESSAGES.brokenText;
  return null;
}

export interface InputIssue {
  /** Dotted path of the offending field ('' for the whole input). */
  path: string;
  message: string;
}

/** Walks a parsed request part (body, query or params); answers the first problem found, or null. */
export function checkInput(value: unknown, prefix = ''): InputIssue | null {
  // Iterative so that a hostile 10,000-deep value cannot exhaust the stack before its depth is seen.
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: prefix, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return { path, message: problem };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { path, message: INPUT_MESSAGES.tooDeep };
    if (Array.isArray(v)) {
      if (v.length > MAX_INPUT_ARRAY_LENGTH) return { path, message: INPUT_MESSAGES.tooManyItems };
      v.forEach((item, i) => stack.push({ value: item, path: join(path, String(i)), depth: depth + 1 }));
      continue;
    }
    const keys = Object.keys(v);
    if (keys.length > MAX_INPUT_OBJECT_KEYS) return { path, message: INPUT_MESSAGES.tooManyKeys };
    for (const key of keys) {
      const keyProblem = textProblem(key);
      if (keyProblem) return { path: join(path, LONE_SURROGATE.test(key) ? '?' : key), message: keyProblem };
      stack.push({ value: (v as Record<string, unknown>)[key], path: join(path, key), depth: depth + 1 });
    }
  }
  return null;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * Line breaks a single-line field refuses: CR, LF, and Unicode's line and paragraph separators (which some readers
 * honour as line breaks). Notes keep CR and LF (ADR 023 lists which fields are which).
 */
const LINE_BREAK = /[\r\n\u2028\u2029]/;

/** The message of a single-line field that holds a line break, naming the field ("The tag"). */
export function oneLineMessage(field: string): string {
  return `${field} must be on one line.`;
}

/**
 * A name, tag or reference (ADR 023): text on one line. Surrounding white space is trimmed by the schema first, so
 * only a line break inside the value is refused, with the field's own message.
 */
export function singleLine<T extends z.ZodString>(schema: T, field: string): T {
  return schema.refine((value) => !LINE_BREAK.test(value), { message: oneLineMessage(field) });
}

/** Bytes of the text in UTF-8 (counted here: the contracts run in the browser and on the server alike). */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce<number>((max, child) => Math.max(max, depthOf(child)), 0);
}

function keyCount(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  const own = Array.isArray(value) ? 0 : children.length;
  return own + children.reduce<number>((sum, child) => sum + keyCount(child), 0);
}

/**
 * A free-form JSON field capped in bytes, depth and keys (all levels together). The general gate has already
 * bounded the depth, so measuring here cannot recurse without end.
 */
export function boundedJson<T extends z.ZodType>(
  schema: T,
  limits: { maxBytes: number; maxDepth: number; maxKeys: number } = FREE_JSON_LIMITS,
) {
  return schema.superRefine((value, ctx) => {
    if (depthOf(value) > limits.maxDepth) {
      ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.jsonTooDeep(limits.maxDepth) });
      return;
    }
    if (keyCount(value) > limits.maxKeys) {
      ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.jsonTooManyKeys(limits.maxKeys) });
      return;
    }
    if (utf8Bytes(JSON.stringify(value) ?? '') > limits.maxBytes) {
      ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.jsonTooLarge(limits.maxBytes) });
    }
  });
}
