import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { unzipSync, strFromU8 } from 'fflate';
import type { Catalogue } from '@sealplan/engine';
import type { ExportFormat } from '@sealplan/contracts';
import type { TestApp } from '../../testing/test-app';
import type { TestUser } from '../../testing/factories';
import type { SeededProject } from './testing/export-factories';
import { createExportTestApp } from './testing/export-test-app';
import { noMaterials } from '../../../../../packages/engine/src/testing/sample-materials';
import { materialLines } from './export-document.builder';
import { parseCsv, pdfToText, readDocx, readDxfWithEzdxf, rtfToText } from './testing/readers';

/**
 * ADR 027: an imperial document is imperial throughout. Every format is read back as text and must hold no metric
 * unit (mm, cm, ml, l, m², mm², cm²) outside article numbers; the DXF's geometry stays in mm ($INSUNITS), its texts
 * do not.
 */

const PATH = '/api/project/sendProjectExport';
let t: TestApp;
let user: TestUser;
let project: SeededProject;
let catalogue: Catalogue;

beforeAll(async () => {
  ({ t, user, project, catalogue } = await createExportTestApp());
});
afterAll(async () => t?.close());

async function exported(outputFormat: ExportFormat): Promise<Buffer> {
  const res = await t.app.inject({
    method: 'POST',
    url: PATH,
    headers: user.headers,
    payload: { projectId: project.projectId, measurementSystem: 'IMPERIAL', outputFormat },
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** The metric units a reader could meet, as whole words (a number may stand right before them: "16mm"). */
const METRIC_UNIT = /(?<![A-Za-z])(mm²|cm²|m²|mm|cm|ml|l)(?![A-Za-z0-9²])/;

function metricIn(text: string, articleNumbers: readonly string[]): string[] {
  let rest = text;
  for (const article of articleNumbers) rest = rest.split(article).join(' ');
  return rest.split('\n').filter((line) => METRIC_UNIT.test(line));
}

async function textOf(format: ExportFormat): Promise<string> {
  const body = await exported(format);
  switch (format) {
    case 'PDF':
      return pdfToText(body);
    case 'RTF':
      return rtfToText(body.toString('latin1'));
    case 'DOCX':
      return (await readDocx(body)).text;
    case 'CSV':
      return parseCsv(body)
        .rows.map((row) => Object.values(row).join('\t'))
        .join('\n');
    case 'XLSX': {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(body as unknown as ArrayBuffer);
      const lines: string[] = [];
      for (const sheet of book.worksheets)
        sheet.eachRow((row) => {
          const values = Array.isArray(row.values) ? row.values : [];
          lines.push(values.map((v) => (v === null || v === undefined ? '' : String(v))).join('\t'));
        });
      return lines.join('\n');
    }
    case 'DXF': {
      const files = unzipSync(new Uint8Array(body));
      const texts: string[] = [];
      for (const file of Object.values(files)) texts.push(...(await readDxfWithEzdxf(strFromU8(file))).texts);
      return texts.join('\n');
    }
  }
}

describe('imperial documents (ADR 027)', () => {
  const articles = () => [
    ...catalogue.cableSleeves.map((s) => s.articleNumber),
    ...catalogue.crushers.map((c) => c.articleNumber ?? '').filter(Boolean),
  ];
  it.each<ExportFormat>(['PDF', 'RTF', 'DOCX', 'CSV', 'XLSX', 'DXF'])(
    '%s has no metric unit outside article numbers',
    async (format) => {
      const text = await textOf(format);
      expect(text).toContain(' in');
      expect(metricIn(text, articles())).toEqual([]);
    },
  );

  it('names the unit system and the sealant in US fluid ounces', async () => {
    const text = await textOf('PDF');
    expect(text).toContain('Imperial (in, in², US fl oz)');
    expect(text).toMatch(/\d+\.\d US fl oz cartridge/);
  });
});

describe('catalogue articles are described in the document units (ADR 027)', () => {
  it('composes a cable sleeve description from its dimensions, not from a stored name with millimetres', () => {
    const lines = materialLines(
      {
        ...noMaterials,
        cableSleeves: [
          {
            cableSleeveId: 'S16',
            articleNumber: 'NF-CS-016',
            outerDiameterMm: 16,
            cableMinMm: 5,
            cableMaxMm: 10,
            count: 2,
          },
        ],
      },
      'IMPERIAL',
    );
    expect(lines[0]!.productName).toBe('Cable sleeve Ø 0.630 in (cables 0.197 in–0.394 in)');
  });
});
