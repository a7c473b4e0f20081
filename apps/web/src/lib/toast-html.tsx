import DOMPurify from 'dompurify';

// Markup a message may keep: emphasis, line breaks, lists and links. No styles, scripts, handlers or frames.
const ALLOWED_TAGS = ['a', 'b', 'br', 'code', 'em', 'i', 'li', 'ol', 'p', 'span', 'strong', 'u', 'ul'];
const ALLOWED_ATTR = ['href', 'title', 'target', 'rel'];

/**
 * Spec §9 allows HTML in toasts. A message may come from the server (or echo what a user typed), so it is
 * sanitised first: only simple markup survives, never a script, an event handler or a javascript: link.
 */
export function sanitizeToastHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
  // Links that open elsewhere must not get a handle on this window.
  return clean.replace(/<a /g, '<a rel="noopener noreferrer" ');
}

/** The body of a toast whose message is HTML (showToast with `html`), sanitised. */
export function ToastHtml({ html }: { html: string }) {
  return <span dangerouslySetInnerHTML={{ __html: sanitizeToastHtml(html) }} />;
}
