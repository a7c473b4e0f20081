/**
 * The name an uploaded file came with, as the app keeps it (a transit's photo or file, ADR 032; a project archive's
 * name in the history, ADR 035): no folder, no control characters or quotes, at most 200 characters; `fallback`
 * when nothing is left.
 */
export function uploadFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return (
    [...base]
      .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch !== '\u007f' && ch !== '"')
      .join('')
      .slice(0, 200) || fallback
  );
}
