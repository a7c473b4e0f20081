import { PAGE_LINK, isSafeLink } from '@sealplan/contracts';

/**
 * preRender (spec §7): a content page's text as HTML to store and serve. The text is plain text with a few
 * conventions: a blank line separates paragraphs, '# ' and '## ' start headings, '- ' starts list items, and
 * [label](https://…) is a link. Everything else is escaped, and only links the one link rule allows (a site path or
 * an http(s) URL, ADR 023) are kept — also for text stored before the rule — so no page text can place markup,
 * script or a link off the site dressed as a site path in the output.
 */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One line of text: escaped, with safe links turned into anchors (unsafe ones stay as their label). */
function inline(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(PAGE_LINK)) {
    html += escapeHtml(text.slice(last, match.index));
    const [, label, href] = match as unknown as [string, string, string];
    html += isSafeLink(href)
      ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${escapeHtml(label)}</a>`
      : escapeHtml(label);
    last = match.index! + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

export function renderPageHtml(title: string, body: string): string {
  const blocks = body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  const parts = [`<h1>${inline(title)}</h1>`];
  for (const block of blocks) {
    const lines = block.split('\n').map((l) => l.trim());
    if (lines.every((l) => l.startsWith('- '))) {
      parts.push(`<ul>${lines.map((l) => `<li>${inline(l.slice(2))}</li>`).join('')}</ul>`);
    } else if (block.startsWith('## ')) {
      parts.push(`<h3>${inline(block.slice(3))}</h3>`);
    } else if (block.startsWith('# ')) {
      parts.push(`<h2>${inline(block.slice(2))}</h2>`);
    } else {
      parts.push(`<p>${lines.map(inline).join('<br>')}</p>`);
    }
  }
  return `<article>${parts.join('')}</article>`;
}

/** Longest description a social preview shows. */
const DESCRIPTION_LENGTH = 200;

/**
 * A published page as a whole HTML document (GET /pages/{slug}): what a social scraper reads (Open Graph title,
 * description and address) and what a visitor sees. The body is the stored preRender output, or rendered now.
 */
export function pageDocument(page: {
  title: string;
  body: string;
  html: string;
  url: string;
  siteName: string;
}): string {
  const description = page.body
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#\-*]+\s/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, DESCRIPTION_LENGTH);
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}">`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(`${page.siteName} | ${page.title}`)}</title>`,
    meta('og:title', page.title),
    meta('og:type', 'article'),
    meta('og:url', page.url),
    meta('og:site_name', page.siteName),
    meta('og:description', description),
    `<meta name="description" content="${escapeHtml(description)}">`,
    '<style>body{font-family:Arial,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.55;color:#222}a{color:#1c7ed6}</style>',
    `</head><body>${page.html}</body></html>`,
  ].join('\n');
}
