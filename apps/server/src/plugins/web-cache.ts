/**
 * How long a browser keeps what the web app is made of (ADR 033). Vite names every built asset under /assets/ by a
 * hash of its content, so a name never points at other bytes: a year, immutable. Everything else (index.html, the
 * SPA fallback for a deep link, files at the root) names the assets of the current build, so the browser checks it
 * on every visit (ETag / Last-Modified make that check a 304).
 */
export const HASHED_ASSETS_PATH = '/assets/';
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

export function webCacheControl(url: string): string {
  return url.startsWith(HASHED_ASSETS_PATH) ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}
