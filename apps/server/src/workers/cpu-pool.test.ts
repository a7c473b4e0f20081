import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createTestApp, createTestCpuPool } from '../testing/test-app';
import { createUserWithToken } from '../testing/factories';
import { createCatalogueRepository, loadCatalogue } from '../modules/catalogue/catalogue.repository';
import { createExportProject } from '../modules/export/testing/export-factories';
import { DOCUMENT_TIMEOUT_MESSAGE } from './cpu-pool';

/** Seeding and the first worker start take a while on a busy machine. */
const TEST_TIMEOUT_MS = 120_000;

/** Exports are built in the worker pool (ADR 015), within its time budget, and the app closes its pool. */
describe('documents in the worker pool', () => {
  it(
    'an export past the document budget answers 503, and the app closes its pool',
    async () => {
      const pool = createTestCpuPool({ documentBudgetMs: 1 });
      let closed = false;
      const t = await createTestApp({
        cpu: {
          ...pool,
          threads: pool.threads,
          close: async () => {
            closed = true;
            await pool.close();
          },
        },
      });
      try {
        const repo = createCatalogueRepository(t.deps.db.db);
        await repo.seedIndustries();
        await repo.seed();
        const user = await createUserWithToken(t.deps.db.db);
        const project = await createExportProject(
          t.deps.db.db,
          user.organizationId!,
          await loadCatalogue(t.deps.db.db),
          // No transits: the export's own work is the document, which the 1 ms budget stops.
          { transits: [] },
        );
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/project/sendProjectExport',
          headers: user.headers,
          payload: { projectId: project.projectId, measurementSystem: 'METRIC', outputFormat: 'DOCX' },
        });
        expect(res.statusCode).toBe(503);
        expect(res.json().error).toMatchObject({
          code: 'TIME_BUDGET_EXCEEDED',
          message: DOCUMENT_TIMEOUT_MESSAGE,
        });
      } finally {
        await t.close();
      }
      expect(closed).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );
});

describe("the pool's thread entry run from source", () => {
  it('loads with require(), as piscina first loads it: no top-level await to race an import() over', () => {
    const entry = new URL('./cpu-worker.mjs', import.meta.url).pathname;
    // In a process of its own: the entry registers tsx's loader for the thread that loads it.
    const run = spawnSync(
      process.execPath,
      ['-e', `console.log(typeof require(${JSON.stringify(entry)}).default)`],
      { encoding: 'utf8' },
    );
    expect(run.stderr).not.toContain('ERR_REQUIRE_ASYNC_MODULE');
    expect(run.stdout.trim()).toBe('function');
  });
});
