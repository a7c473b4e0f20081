import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { createTestDb } from '@sealplan/db/testing';
import { projects, transits, type DbHandle } from '@sealplan/db';
import {
  materialList,
  projectTotals,
  totalMaterials,
  type Catalogue,
  type MaterialTotals,
} from '@sealplan/engine';
import { sendProjectExportRequestSchema, type ExportFormat } from '@sealplan/contracts';
import { createOrganization } from '../../testing/factories';
import { seedReferenceData } from '../projects/testing/project-fixtures';
import { seedDemoPortfolio } from '../projects/demo.seed';
import { createProjectServices } from '../projects/project-services';
import { createInlineCpu } from '../../workers/inline-cpu';
import { storedSizing } from './export-document.builder';
import { TOTAL_TRANSIT_LABEL } from './documents/csv-document';
import { XLSX_HEADER_ROW } from './documents/xlsx-document';
import { testCaller, testExportService } from './testing/export-factories';
import { parseCsv, pdfToText, readDocx, rtfToText } from './testing/readers';

/**
 * ADR 028: the screen and every document list the same material lines. The screen prints one line per line of the
 * engine's `materialList` (apps/web material-lines.ts maps it one to one); here each document of every demo project
 * is read back and its counted lines (pieces, cartridges, rolls) compared with that list, transit by transit and for
 * the project totals.
 */

const COUNTED_UNITS = ['pcs', 'cartridges', 'rolls'];
type Counted = [quantity: number, unit: string];

let handle: DbHandle;
let organizationId: string;
let catalogue: Catalogue;
const demo: {
  id: string;
  name: string;
  transits: { name: string; materials: MaterialTotals }[];
  totals: MaterialTotals;
}[] = [];

/** What the screen lists: one line per engine line (transit lists go through totalMaterials, as on screen). */
const screenLines = (materials: MaterialTotals): Counted[] =>
  materialList(materials).map((line) => [line.quantity, line.unit]);

beforeAll(async () => {
  handle = await createTestDb();
  await seedReferenceData(handle.db);
  organizationId = (await createOrganization(handle.db, 'Demo')).id;
  // The small portfolio: every document of every project is read back below (ADR 038 keeps the large one apart).
  expect(await seedDemoPortfolio(handle.db, organizationId, null, { largeProject: false })).toBe(true);
  catalogue = await createProjectServices(
    handle.db,
    () => new Date(),
    createInlineCpu(),
  ).catalogue.getCatalogue();
  for (const project of await handle.db
    .select()
    .from(projects)
    .where(eq(projects.organizationId, organizationId))) {
    const rows = await handle.db.select().from(transits).where(eq(transits.projectId, project.id));
    const sized = rows.map((row) => ({ name: row.name, sizing: storedSizing(row.results)! }));
    expect(sized.every((s) => s.sizing !== null)).toBe(true);
    demo.push({
      id: project.id,
      name: project.name,
      transits: sized.map(({ name, sizing }) => ({ name, materials: totalMaterials([sizing.materials]) })),
      totals: projectTotals(sized.map((s) => s.sizing)).totals,
    });
  }
  expect(demo.length).toBeGreaterThan(1);
});
afterAll(async () => handle?.close());

async function exportFile(projectId: string, outputFormat: ExportFormat): Promise<Buffer> {
  const input = sendProjectExportRequestSchema.parse({
    projectId,
    outputFormat,
    measurementSystem: 'METRIC',
  });
  const outcome = await testExportService(handle.db, catalogue).sendProjectExport(
    testCaller(organizationId),
    input,
  );
  if (outcome.kind !== 'file') throw new Error('expected a file');
  return outcome.file.body;
}

const quantity = (text: string) => Number(text.replace(/,/g, ''));

/** A text document's counted lines per section: "Transit: <name>" headings, then the project totals. */
function sectionsOf(text: string, row: RegExp): Map<string, Counted[]> {
  const sections = new Map<string, Counted[]>();
  let current: Counted[] | null = null;
  for (const line of text.split('\n')) {
    const heading = /^Transit: (.+?)(?: \(|$)/.exec(line);
    if (heading) sections.set(heading[1]!, (current = []));
    else if (line.startsWith('Project material totals')) sections.set(TOTAL_TRANSIT_LABEL, (current = []));
    const match = row.exec(line);
    if (match && current && COUNTED_UNITS.includes(match[2]!)) current.push([quantity(match[1]!), match[2]!]);
  }
  return sections;
}

function expectSameLines(sections: Map<string, Counted[]>, project: (typeof demo)[number]) {
  for (const transit of project.transits)
    expect(sections.get(transit.name), `${project.name} / ${transit.name}`).toEqual(
      screenLines(transit.materials),
    );
  expect(sections.get(TOTAL_TRANSIT_LABEL), `${project.name} totals`).toEqual(screenLines(project.totals));
}

describe('the demo portfolio: every document lists the screen’s material lines (ADR 028)', () => {
  it('has lines to compare: filler sleeves, sealant, cable sleeves, crushers and wrap', () => {
    const kinds = new Set(demo.flatMap((p) => materialList(p.totals).map((line) => line.kind)));
    expect(kinds).toEqual(new Set(['FILLER_SLEEVE', 'SEALANT', 'CABLE_SLEEVE', 'CRUSHER', 'WRAP']));
  });

  it('CSV', async () => {
    for (const project of demo) {
      const { rows } = parseCsv(await exportFile(project.id, 'CSV'));
      // Bundles are the filler sleeve line's detail, not a line: besides the counted lines only the measured
      // figures (sealant volume, wrap length) and the unitless notice and not-buildable rows.
      const allowed = [...COUNTED_UNITS, 'ml', 'mm', ''];
      expect(rows.filter((row) => !allowed.includes(row.Unit!))).toEqual([]);
      const sections = new Map<string, Counted[]>();
      for (const row of rows) {
        if (!COUNTED_UNITS.includes(row.Unit!)) continue;
        const list = sections.get(row.Transit!) ?? [];
        list.push([quantity(row.Quantity!), row.Unit!]);
        sections.set(row.Transit!, list);
      }
      expectSameLines(sections, project);
    }
  });

  it('XLSX', async () => {
    for (const project of demo) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await exportFile(project.id, 'XLSX')) as unknown as ArrayBuffer);
      const sections = new Map<string, Counted[]>();
      // The first sheet holds the totals, then one sheet per transit, each titled with its transit's name (found by
      // the title, not by position: transits saved in the same instant have no order of their own).
      const titled = (sheet: ExcelJS.Worksheet) => {
        const title = String(sheet.getCell(1, 1).value ?? '');
        const named = project.transits
          .map((t) => t.name)
          .filter((name) => title.includes(name))
          .sort((a, b) => b.length - a.length);
        return named[0] ?? `unknown sheet ${sheet.name}`;
      };
      book.worksheets.forEach((sheet, index) => {
        const list: Counted[] = [];
        sheet.eachRow((row, n) => {
          const unit = String(row.getCell(5).value ?? '');
          if (n > XLSX_HEADER_ROW && COUNTED_UNITS.includes(unit))
            list.push([Number(row.getCell(4).value), unit]);
        });
        sections.set(index === 0 ? TOTAL_TRANSIT_LABEL : titled(sheet), list);
      });
      expectSameLines(sections, project);
    }
  });

  it('RTF', async () => {
    for (const project of demo) {
      const text = rtfToText((await exportFile(project.id, 'RTF')).toString('latin1'));
      expectSameLines(sectionsOf(text, /\t([\d,]+)\t([a-z]+)\t/), project);
    }
  });

  it('DOCX', async () => {
    for (const project of demo) {
      // One paragraph per table cell: the quantity, then the unit on the next line.
      const { text } = await readDocx(await exportFile(project.id, 'DOCX'));
      expectSameLines(
        sectionsOf(text.replace(/\n([\d,]+)\n([a-z]+)(?=\n|$)/g, '\n$1 $2'), /^([\d,]+) ([a-z]+)$/),
        project,
      );
    }
  });

  it('PDF', async () => {
    for (const project of demo) {
      const text = await pdfToText(await exportFile(project.id, 'PDF'));
      expectSameLines(sectionsOf(text, / ([\d,]+) ([a-z]+)$/), project);
    }
  });
});
