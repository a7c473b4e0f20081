import type { z } from 'zod';

/**
 * The one rule for every stored link or image address (menu items and their children, content page links, form
 * option images, template links; ADR 023): a site path — a single "/" followed by neither "/" nor "\" — or an
 * absolute http(s) URL. Checked by resolving the value with the WHATWG URL parser, the parser browsers use, so
 * "/\evil.test" (which a browser opens as http://evil.test/), "//evil.test", "javascript:…" and "data:…" are
 * refused however they are spelled. The web renderers apply the same test to what is already stored.
 */

export const LINK_MESSAGES = {
  unsafe: 'Use a site path (a single "/" then the page) or an address starting with http:// or https://.',
  pageLink: (href: string) =>
    `The link "${href}" is neither a site path (a single "/" then the page) nor an http:// or https:// address.`,
} as const;

/** The WHATWG URL class of the browser and of Node (the contracts compile without the DOM or Node types). */
interface ParsedUrl {
  origin: string;
  protocol: string;
  hostname: string;
}
declare const URL: new (input: string, base?: string) => ParsedUrl;

/** A base no real site has: a site path that resolves away from it leaves the site. */
const PROBE_ORIGIN = 'https://site.invalid';
const SITE_PATH = /^\/(?![/\\])/;
/** White space and controls: the URL parser drops tabs and line breaks, so "/\t/evil.test" would become "//evil.test". */
// eslint-disable-next-line no-control-regex
const SPACE_OR_CONTROL = /[\s\u0000-\u001F\u007F-\u009F]/;

/** Whether a stored link or image address may be written into a page as an href or src. */
export function isSafeLink(value: string): boolean {
  if (!value || SPACE_OR_CONTROL.test(value)) return false;
  let url: ParsedUrl;
  try {
    url = SITE_PATH.test(value) ? new URL(value, `${PROBE_ORIGIN}/`) : new URL(value);
  } catch {
    return false;
  }
  if (SITE_PATH.test(value)) return url.origin === PROBE_ORIGIN;
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** A link or image address field: empty (none) or a safe link, else the field message. */
export function linkField<T extends z.ZodType<string | null | undefined>>(schema: T): T {
  return schema.refine((value) => !value || isSafeLink(value), { message: LINK_MESSAGES.unsafe }) as T;
}

/** A link in page text: [label](address), on one line. Shared by the renderers and the contract check. */
export const PAGE_LINK = /\[([^\]\n]{1,200})\]\(([^)\s]{1,2000})\)/g;

/** The first link in page text that breaks the rule, or null. */
export function unsafePageLink(text: string): string | null {
  for (const match of text.matchAll(PAGE_LINK)) if (!isSafeLink(match[2]!)) return match[2]!;
  return null;
}

/** Page text (a content page body, a template): refused with the offending address when one link is unsafe. */
export function pageTextField<T extends z.ZodType<string>>(schema: T): T {
  return schema.superRefine((value, ctx) => {
    const href = unsafePageLink(value);
    if (href !== null) ctx.addIssue({ code: 'custom', message: LINK_MESSAGES.pageLink(href) });
  }) as unknown as T;
}
