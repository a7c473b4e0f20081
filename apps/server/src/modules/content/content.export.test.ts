import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueRepository, loadCatalogue } from '../catalogue/catalogue.repository';
import { createExportProject, type SeededProject } from '../export/testing/export-factories';
import { parseCsv, pdfPages, readDocx } from '../export/testing/readers';
import { api, createContentTestContext, q, type ContentTestContext } from './testing/content-fixtures';

/** ADR 016: products carry prices into the material list; templates hold the documents' header and footer. */
let ctx: ContentTestContext;
let project: SeededProject;

beforeAll(async () => {
  ctx = await createContentTestContext();
  const repo = createCatalogueRepository(ctx.t.deps.db.db);
  await repo.seedIndustries();
  await repo.seed();
  project = await createExportProject(
    ctx.t.deps.db.db,
    ctx.providerId,
    await loadCatalogue(ctx.t.deps.db.db),
  );
}, 120_000);
afterAll(() => ctx.t.close());

const exportAs = (outputFormat: 'CSV' | 'PDF' | 'DOCX') =>
  ctx.t.app.inject({
    method: 'POST',
    url: '/api/project/sendProjectExport',
    headers: ctx.callers.providerElevated.headers,
    payload: { projectId: project.projectId, measurementSystem: 'METRIC', outputFormat },
  });

describe('products in the exported material list', () => {
  it("a product's article number, name and price appear in the CSV and the PDF", async () => {
    const before = parseCsv((await exportAs('CSV')).rawPayload).rows;
    // A catalogue article (cable sleeve or crusher); filler sleeves print their product type, not an article.
    const line = before.find(
      (r) => /^(Cable sleeve|Crusher) /.test(r.Item ?? '') && r.Transit === 'Project total',
    );
    expect(line, 'the seeded project needs a catalogue article').toBeTruthy();
    const articleNumber = line!['Article number']!;
    // Seeded products have no price yet ("on request"): nothing is printed.
    expect(line!['Unit price']).toBe('');

    const product = (
      await api(ctx.t, 'GET', `/api/instance/Product?${q({ articleNumber })}`, ctx.callers.providerEditor)
    ).body.data.r[0];
    const saved = await api(ctx.t, 'PUT', `/api/instance/Product/${product.id}`, ctx.callers.providerEditor, {
      ...product,
      name: 'Harbour grade sleeve',
      price: 123.45,
    });
    expect(saved.status).toBe(200);

    const rows = parseCsv((await exportAs('CSV')).rawPayload).rows.filter(
      (r) => r['Article number'] === articleNumber,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row['Unit price']).toBe('123.45');
      expect(row.Detail).toContain('Harbour grade sleeve, 123.45 per pcs');
    }
    const pdf = (await pdfPages((await exportAs('PDF')).rawPayload)).join('\n');
    expect(pdf).toContain(articleNumber);
    expect(pdf).toContain('Harbour grade sleeve');
  }, 120_000);
});

describe('document header and footer templates', () => {
  it('an edited header and footer appear in the PDF and the Word document; unknown placeholders are refused', async () => {
    const who = ctx.callers.providerEditor;
    const find = async (Symbol: string) =>
      (await api(ctx.t, 'GET', `/api/instance/Template?${q({ Symbol })}`, who)).body.data.r[0];
    const header = await find('document.header');
    const footer = await find('document.footer');
    const bad = await api(ctx.t, 'PUT', `/api/instance/Template/${footer.id}`, who, {
      ...footer,
      View: 'Total {{price}}',
    });
    expect(bad.status).toBe(400);
    await api(ctx.t, 'PUT', `/api/instance/Template/${header.id}`, who, {
      ...header,
      View: '{{providerName}} for {{customerName}}',
    });
    await api(ctx.t, 'PUT', `/api/instance/Template/${footer.id}`, who, {
      ...footer,
      View: 'Questions about {{projectName}}? Call +47 555 000 111.',
    });
    const pdf = (await pdfPages((await exportAs('PDF')).rawPayload)).join('\n');
    expect(pdf).toContain('SEALPLAN FOR NORDIC YARDS AS');
    expect(pdf).toContain(`Questions about ${project.name}? Call +47 555 000 111.`);
    const docx = await readDocx((await exportAs('DOCX')).rawPayload);
    expect(docx.text).toContain('Sealplan for Nordic Yards AS');
    expect(docx.text).toContain('Call +47 555 000 111.');
  }, 120_000);
});
