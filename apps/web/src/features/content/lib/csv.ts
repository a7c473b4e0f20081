/** UTF-8 byte order mark: spreadsheets open the file as UTF-8 only with it. */
const UTF8_BOM = '\uFEFF';
/** Cells a spreadsheet would evaluate as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text: a leading apostrophe neutralises a formula; quotes per RFC 4180 when needed. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 text (CRLF) with a BOM, the same shape as the server's CSV documents (ADR 007). */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return UTF8_BOM + [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Hands the text to the browser as a file download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
