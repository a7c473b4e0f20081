import { useSyncExternalStore } from 'react';

/** Spec §3 bookmark/favourite: {url, label}, kept in the browser (spec §1). */
export interface Bookmark {
  url: string;
  label: string;
}

export const BOOKMARKS_STORAGE_KEY = 'sealplan.bookmarks';
/** A menu, not an archive: beyond this the oldest go. */
export const MAX_BOOKMARKS = 30;
const MAX_LABEL_LENGTH = 120;

const listeners = new Set<() => void>();
let cache: Bookmark[] | null = null;

/** Only same-site paths are kept: a stored value is never a way to send the user elsewhere. */
function isSafeUrl(url: unknown): url is string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && url.length <= 2000;
}

export function parseBookmarks(raw: string | null): Bookmark[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (b): b is Bookmark =>
          !!b && isSafeUrl((b as Bookmark).url) && typeof (b as Bookmark).label === 'string',
      )
      .map((b) => ({ url: b.url, label: b.label.slice(0, MAX_LABEL_LENGTH) }))
      .slice(0, MAX_BOOKMARKS);
  } catch {
    return [];
  }
}

export function getBookmarks(): Bookmark[] {
  if (cache === null) {
    try {
      cache = parseBookmarks(localStorage.getItem(BOOKMARKS_STORAGE_KEY));
    } catch {
      cache = [];
    }
  }
  return cache;
}

function write(next: Bookmark[]) {
  cache = next;
  try {
    localStorage.setItem(BOOKMARKS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage unavailable: bookmarks last for this visit.
  }
  listeners.forEach((listener) => listener());
}

export function isBookmarked(url: string): boolean {
  return getBookmarks().some((b) => b.url === url);
}

export function addBookmark(bookmark: Bookmark): void {
  if (!isSafeUrl(bookmark.url)) return;
  const label = bookmark.label.trim().slice(0, MAX_LABEL_LENGTH) || bookmark.url;
  const rest = getBookmarks().filter((b) => b.url !== bookmark.url);
  write([...rest, { url: bookmark.url, label }].slice(-MAX_BOOKMARKS));
}

export function removeBookmark(url: string): void {
  write(getBookmarks().filter((b) => b.url !== url));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed them: re-read.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== BOOKMARKS_STORAGE_KEY) return;
    cache = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useBookmarks(): Bookmark[] {
  return useSyncExternalStore(subscribe, getBookmarks, getBookmarks);
}
