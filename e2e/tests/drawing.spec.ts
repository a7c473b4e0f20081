// The numbered drawing (ADR 009): every circle carries a number, the numbers in the drawing
// match the legend under it, small circles are numbered outside with a leader line, each item is drawn at its own size
// inside its sleeve ring, and the opening is dimensioned in the user's units. Looked at at 404 px wide.
// Run: E2E_PORT=3202 E2E_BUILD=true npx playwright test -c e2e/playwright.config.ts drawing
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { apiCaller, CABLE_TRANSIT, createProject, saveTransit, useMeasurementSystem } from '../support/api';
import { signInAsAdmin } from '../support/session';

const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const STAMP = Date.now().toString(36);

/** A project with one round 250 mm cable transit: 50 cables of 5 mm and 10 of 20 mm (60 numbered circles). */
async function sixtyCables(page: Page): Promise<string> {
  const call = apiCaller(page.request, await signInAsAdmin(page));
  await useMeasurementSystem(call, 'METRIC');
  const projectId = await createProject(call, {
    customer: `Drawing Yards ${STAMP}`,
    project: `Drawing project ${STAMP}`,
  });
  await saveTransit(
    call,
    projectId,
    {
      ...CABLE_TRANSIT,
      name: 'T-60 Cable bulkhead',
      shape: 'ROUND',
      diameterMm: 250,
      transitTypeId: 'NOFIRNO/RISE',
    },
    [
      { itemTypeId: 'CABLE', quantity: 50, outerDiameterMm: 5 },
      { itemTypeId: 'CABLE', quantity: 10, outerDiameterMm: 20 },
    ],
  );
  return projectId;
}

/** '3' → [3]; '3–7' → [3, 4, 5, 6, 7]. */
function expand(numbers: string): number[] {
  const [from, to] = numbers.split('–').map(Number);
  const out: number[] = [];
  for (let n = from!; n <= (to ?? from!); n++) out.push(n);
  return out;
}

test('the numbers in the drawing match the legend, small circles get leader lines, the opening is dimensioned', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const projectId = await sixtyCables(page);
  await page.goto(`/projects/${projectId}`);
  const drawing = page.getByTestId('transit-drawing');
  // The machine may be busy: the project page and its stored layout can take a while.
  await expect(drawing.locator('[data-role="item"]')).toHaveCount(60, { timeout: 45_000 });

  // Every circle's number is written in the drawing, once.
  const circleNumbers = await drawing
    .locator('[data-role="item"]')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-number'))));
  const written = await drawing
    .locator('text[data-role="number"]')
    .evaluateAll((els) =>
      els.map((el) => ({ n: Number(el.textContent), inside: el.getAttribute('data-inside') })),
    );
  expect(written.map((w) => w.n).sort((a, b) => a - b)).toEqual([...circleNumbers].sort((a, b) => a - b));
  expect(new Set(circleNumbers).size).toBe(60);

  // The legend lists exactly those numbers, each line with its item's diameter and sleeve.
  const legend = page.getByTestId('drawing-legend');
  const rows = await legend
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
    );
  expect(rows.map((r) => r[0])).toEqual(['1–50', '51–60']);
  expect(rows.flatMap((r) => expand(r[0]!)).sort((a, b) => a - b)).toEqual(
    [...circleNumbers].sort((a, b) => a - b),
  );
  expect(rows[0]![2]).toBe('5 mm');
  expect(rows[0]![3]).toMatch(/Cable sleeve .+, Ø \d+ mm/);
  // A legend line's numbers are the circles of that size: each 5 mm cable is drawn at 5 mm inside its sleeve.
  const fiveMm = await drawing
    .locator('[data-role="item"]')
    .evaluateAll((els) =>
      els
        .filter((el) => Number(el.getAttribute('data-number')) <= 50)
        .map((el) => [Number(el.getAttribute('data-item-r')), Number(el.getAttribute('data-sleeve-r'))]),
    );
  for (const [own, sleeve] of fiveMm) {
    expect(own).toBe(2.5);
    expect(sleeve).toBeGreaterThan(2.5);
  }

  // Small circles are numbered outside, each with a leader line.
  const outside = written.filter((w) => w.inside === 'false').length;
  expect(outside).toBeGreaterThan(0);
  await expect(drawing.locator('line[data-role="leader"]')).toHaveCount(outside);
  await expect(drawing.locator('[data-role="dimension-diameter"]')).toHaveText('Ø 250 mm');

  // At 404 px wide no two numbers overlap.
  // Spec §9: the round drawing is 404 px wide; the SVG scales to its width.
  await drawing.evaluate((el) => {
    (el as SVGSVGElement).style.width = '404px';
  });
  await drawing.scrollIntoViewIfNeeded();
  const boxes = await drawing.locator('text[data-role="number"]').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );
  const width = (await drawing.boundingBox())!.width;
  expect(Math.round(width)).toBe(404);
  const overlaps = boxes.flatMap((a, i) =>
    boxes
      .slice(i + 1)
      .filter(
        (b) =>
          a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5,
      ),
  );
  expect(overlaps).toEqual([]);
  await drawing.screenshot({ path: `${ARTIFACTS}drawing-60-items-404px.png` });
  await page.getByRole('region', { name: 'Drawing' }).screenshot({ path: `${ARTIFACTS}drawing-display.png` });
});
