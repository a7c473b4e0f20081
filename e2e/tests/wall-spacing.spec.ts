// Spacing from a pipe to the wall (ADR 004): in a NOFIRNO-family transit every pipe keeps at least
// 20 mm from its outer diameter to the wall, the drawing says how close the nearest pipe comes, and the stored layout
// holds the rule.
// Run: E2E_PORT=3120 E2E_BUILD=true npx playwright test -c e2e/playwright.config.ts wall-spacing
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/session';
import { apiCaller, createProject } from '../support/api';

const STAMP = Date.now().toString(36);
/** Opening radius, and the pipes: 60.3 mm (2") pipes get 30 mm clearance, a ring that keeps only 15 mm to the wall. */
const OPENING_RADIUS_MM = 110;
const PIPE_MM = 60.3;
const PIPES = 3;
const WALL_SPACING_MM = 20;

interface StoredPacking {
  fits: boolean;
  wallSpacing: { requiredMm: number; achievedMm: number } | null;
  circles: { xMm: number; yMm: number; itemDiameterMm: number }[];
}

test('pipes keep 20 mm to the wall, and the drawing says how close they come', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signInAsAdmin(page);
  const call = apiCaller(page.request, token);
  await call('/api/user/saveUser', { user: { defaultMeasurementSystem: 'METRIC' } });
  const project = {
    id: await createProject(call, {
      customer: `Spacing Yards ${STAMP}`,
      project: `Spacing project ${STAMP}`,
      industryId: 'OFF_SHORE',
    }),
  };
  const created = await call<{ transit: { id: string } }>('/api/project/savePenetratingItemsAndTransit', {
    transit: {
      projectId: project.id,
      name: 'T-3 Pipes',
      shape: 'ROUND',
      diameterMm: 2 * OPENING_RADIUS_MM,
      copies: 1,
      penetratingItemTypeId: 'PIPE',
      transitTypeId: 'NOFIRNO',
      classId: 'A_CLASS',
      sealantType: 'NOFIRNO_SEALANT',
      sealantDepth: 'DOUBLE',
      depthMm: 150,
    },
    penetratingItems: [{ itemTypeId: 'PIPE', quantity: PIPES, outerDiameterMm: PIPE_MM }],
  });

  // The server's stored layout: every pipe at least 20 mm from the wall, the smallest of them stated.
  const stored = await call<{ transit: { results: { packing: StoredPacking } } }>(
    '/api/project/getTransitData',
    {
      transitId: created.transit.id,
    },
  );
  const packing = stored.transit.results.packing;
  expect(packing.fits).toBe(true);
  const gaps = packing.circles.map(
    (c) => OPENING_RADIUS_MM - Math.hypot(c.xMm, c.yMm) - c.itemDiameterMm / 2,
  );
  expect(gaps).toHaveLength(PIPES);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(WALL_SPACING_MM - 1e-6);
  expect(packing.wallSpacing?.requiredMm).toBe(WALL_SPACING_MM);
  expect(packing.wallSpacing?.achievedMm).toBeCloseTo(Math.min(...gaps), 6);

  // On screen, under the drawing.
  await page.goto(`/projects/${project.id}`);
  await page.getByRole('table', { name: 'Transits' }).getByRole('link', { name: 'T-3 Pipes' }).click();
  const display = page.getByRole('region', { name: 'Drawing', exact: true });
  await expect(display.getByText('Items fit')).toBeVisible({ timeout: 45_000 });
  const caption = display.getByTestId('drawing-caption');
  await expect(caption).toContainText('Smallest gap:');
  await expect(caption).toContainText(/Pipes to the wall: [\d.]+ mm \(required 20 mm\)/);
  await page.screenshot({ path: test.info().outputPath('wall-spacing.png'), fullPage: true });
});
