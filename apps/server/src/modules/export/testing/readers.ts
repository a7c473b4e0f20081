import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { parse } from 'csv-parse/sync';

/**
 * Real readers for the export tests: poppler's pdftotext, jszip for the .docx, csv-parse, and a small RTF text
 * extractor (no RTF reader package is installed, and the format's text layer is simple enough to read exactly).
 */

const run = promisify(execFile);

/** LibreOffice, headless, with a profile of its own under `dir` (two runs at once never share one). */
export function libreOffice(dir: string, args: string[], outDir = dir): void {
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${join(dir, 'profile')}`,
      '--headless',
      '--norestore',
      ...args,
      '--outdir',
      outDir,
    ],
    { stdio: 'ignore', timeout: 120_000 },
  );
}

async function withTempFile<T>(name: string, body: Buffer, fn: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'sealplan-export-'));
  try {
    const path = join(dir, name);
    await writeFile(path, body);
    return await fn(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The PDF's text as poppler extracts it, in layout mode with runs of white space collapsed to one space, so that
 * table rows read "Opening Round, Ø 200 mm" however wide the columns are.
 */
export async function pdfToText(
  pdf: Buffer,
  opts: { firstPage?: number; lastPage?: number } = {},
): Promise<string> {
  return withTempFile('doc.pdf', pdf, async (path) => {
    const args = ['-layout', '-enc', 'UTF-8'];
    if (opts.firstPage) args.push('-f', String(opts.firstPage));
    if (opts.lastPage) args.push('-l', String(opts.lastPage));
    const { stdout } = await run('pdftotext', [...args, path, '-'], { maxBuffer: 64 * 1024 * 1024 });
    return squash(stdout);
  });
}

function squash(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** The text of each page (pdftotext separates pages with a form feed). */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  return withTempFile('doc.pdf', pdf, async (path) => {
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const pages = stdout.split('\f').map(squash);
    // A trailing form feed ends the last page.
    return pages.at(-1) === '' ? pages.slice(0, -1) : pages;
  });
}

/** The fonts of a PDF as poppler's pdffonts lists them. */
export async function pdfFonts(
  pdf: Buffer,
): Promise<{ name: string; type: string; embedded: boolean; subset: boolean; unicode: boolean }[]> {
  return withTempFile('doc.pdf', pdf, async (path) => {
    const { stdout } = await run('pdffonts', [path]);
    // Two heading lines, then: name, type (may hold spaces), encoding, emb, sub, uni, object number, generation.
    return stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const m = /^(\S+)\s+(.+?)\s+(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
        if (!m) throw new Error(`Unexpected pdffonts line: ${line}`);
        return {
          name: m[1]!,
          type: m[2]!,
          embedded: m[4] === 'yes',
          subset: m[5] === 'yes',
          unicode: m[6] === 'yes',
        };
      });
  });
}

/** Page count from pdfinfo. */
export async function pdfPageCount(pdf: Buffer): Promise<number> {
  return withTempFile('doc.pdf', pdf, async (path) => {
    const { stdout } = await run('pdfinfo', [path]);
    return Number(/Pages:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  });
}

/** Renders PDF pages to PNG files with pdftoppm (for looking at the layout). */
export async function pdfToPng(
  pdf: Buffer,
  outPrefix: string,
  opts: { first: number; last: number; dpi?: number },
): Promise<void> {
  await withTempFile('doc.pdf', pdf, async (path) => {
    await run('pdftoppm', [
      '-png',
      '-r',
      String(opts.dpi ?? 80),
      '-f',
      String(opts.first),
      '-l',
      String(opts.last),
      path,
      outPrefix,
    ]);
  });
}

export interface DocxContents {
  documentXml: string;
  footerXml: string;
  /** Visible text of the body: the w:t runs, paragraphs separated by new lines. */
  text: string;
  media: string[];
  files: string[];
}

export async function readDocx(docx: Buffer): Promise<DocxContents> {
  const zip = await JSZip.loadAsync(docx);
  const files = Object.keys(zip.files);
  const documentXml = await zip.file('word/document.xml')!.async('string');
  const footerName = files.find((f) => /^word\/footer\d*\.xml$/.test(f));
  const footerXml = footerName ? await zip.file(footerName)!.async('string') : '';
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  const text = documentXml
    .split(/<\/w:p>/)
    .map((p) => [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => decode(m[1]!)).join(''))
    .filter((line) => line.length > 0)
    .join('\n');
  return { documentXml, footerXml, text, media: files.filter((f) => f.startsWith('word/media/')), files };
}

/**
 * Plain text of an RTF document: control words dropped, \uN? and \'hh decoded, \par/\line/\cell/\row as line
 * breaks; destinations (\*..., fonttbl, colortbl, info, pict) skipped. Footer text is kept.
 */
export function rtfToText(rtf: string): string {
  const skipDestinations = new Set(['fonttbl', 'colortbl', 'stylesheet', 'info', 'pict', 'fldinst']);
  let out = '';
  let i = 0;
  const stack: { skip: boolean; uc: number }[] = [];
  let state = { skip: false, uc: 1 };
  let pendingSkip = 0;
  while (i < rtf.length) {
    const ch = rtf[i]!;
    if (ch === '{') {
      stack.push(state);
      state = { ...state };
      i++;
      continue;
    }
    if (ch === '}') {
      state = stack.pop() ?? { skip: false, uc: 1 };
      i++;
      continue;
    }
    if (ch === '\\') {
      const next = rtf[i + 1]!;
      if (next === '\\' || next === '{' || next === '}') {
        if (!state.skip) out += next;
        i += 2;
        continue;
      }
      if (next === '*') {
        state.skip = true;
        i += 2;
        continue;
      }
      if (next === "'") {
        if (!state.skip) out += String.fromCharCode(parseInt(rtf.slice(i + 2, i + 4), 16));
        i += 4;
        continue;
      }
      const m = /^\\([a-zA-Z]+)(-?\d+)? ?/.exec(rtf.slice(i, i + 40));
      if (!m) {
        i += 2;
        continue;
      }
      const [whole, word, arg] = m as unknown as [string, string, string | undefined];
      i += whole.length;
      if (skipDestinations.has(word!)) state.skip = true;
      if (state.skip) continue;
      if (word === 'uc') state.uc = Number(arg);
      else if (word === 'u') {
        let code = Number(arg);
        if (code < 0) code += 65536;
        out += String.fromCharCode(code);
        pendingSkip = state.uc;
      } else if (word === 'par' || word === 'line' || word === 'row') out += '\n';
      else if (word === 'cell') out += '\t';
      else if (word === 'tab') out += '\t';
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      i++;
      continue;
    }
    if (pendingSkip > 0) {
      pendingSkip--;
      i++;
      continue;
    }
    if (!state.skip) out += ch;
    i++;
  }
  return out;
}

export function parseCsv(csv: Buffer): { bom: boolean; rows: Record<string, string>[] } {
  const text = csv.toString('utf8');
  const bom = text.startsWith('\uFEFF');
  const rows = parse(bom ? text.slice(1) : text, { columns: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
  return { bom, rows };
}

export interface EzdxfReading {
  dxfVersion: string;
  /** $DWGCODEPAGE as written (null when the header has none). */
  codePage: string | null;
  /** $HANDSEED and the largest handle (group codes 5 and 105) in the file, both as numbers. */
  handSeed: number;
  maxHandle: number;
  auditErrors: string[];
  auditFixes: string[];
  /** The text of every TEXT and MTEXT entity in model space, as ezdxf decodes it. */
  texts: string[];
}

/**
 * Reads a DXF with ezdxf (Debian's python3-ezdxf, hence /usr/bin/python3 rather than whichever python3 is first on
 * the PATH) and runs its audit, which reports broken structure and repairs it; a clean file needs neither.
 */
export async function readDxfWithEzdxf(dxf: string): Promise<EzdxfReading> {
  const script = String.raw`
import json, sys
import ezdxf
lines = open(sys.argv[1], encoding='utf-8').read().splitlines()
handles = []
in_header = False
seed = None
for i in range(0, len(lines) - 1, 2):
    code, value = int(lines[i]), lines[i + 1].strip()
    if code == 2 and value == 'HEADER': in_header = True
    elif code == 0 and value == 'ENDSEC': in_header = False
    elif in_header and code == 5: seed = int(value, 16)
    elif not in_header and code in (5, 105): handles.append(int(value, 16))
doc = ezdxf.readfile(sys.argv[1])
codepage = doc.header.get('$DWGCODEPAGE') if '$DWGCODEPAGE' in doc.header else None
auditor = doc.audit()
texts = [e.dxf.text if e.dxftype() == 'TEXT' else e.text for e in doc.modelspace() if e.dxftype() in ('TEXT', 'MTEXT')]
print(json.dumps({
  'dxfVersion': doc.dxfversion, 'codePage': codepage, 'handSeed': seed if seed is not None else -1,
  'maxHandle': max(handles), 'auditErrors': [e.message for e in auditor.errors],
  'auditFixes': [f.message for f in auditor.fixes], 'texts': texts,
}))
`;
  return withTempFile('drawing.dxf', Buffer.from(dxf, 'utf8'), async (path) => {
    const { stdout } = await run('/usr/bin/python3', ['-c', script, path], { maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout) as EzdxfReading;
  });
}
