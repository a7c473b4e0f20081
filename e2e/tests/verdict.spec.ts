// The fit verdict in the browser (ADR 004): the Web Worker's anytime search shows "Checking fit…"
// while it searches, typing in the items dialog never waits for it, the verdict appears, and the layout the browser
// found is sent with the save, where the server checks it and stores it as sent.
// Run: E2E_PORT=3201 E2E_WEB_DIST=/tmp/verdict-dist E2E_BUILD=true npx playwright test -c e2e/playwright.config.ts verdict
import { expect, test, type Page } from '@playwright/test';
import { apiCaller, createProject, saveTransit, useMeasurementSystem } from '../support/api';
import { apiToken, useToken } from '../support/session';

const STAMP = Date.now().toString(36);
/** 40 cables of 20 mm. */
const CABLES = { quantity: 40, outerDiameterMm: 20, itemTypeId: 'CABLE' } as const;
/** Roomy: 40 circles of 20 mm fill 42 % of a 200 mm opening. */
const ROOMY_MM = 200;
/** Too tight for any layout: the transit type's cable sleeves fill more than the opening allows. */
const TIGHT_MM = 130.4;

/** The longest main-thread task during the search may be at most this share of the search's length. */
const MAIN_THREAD_SHARE = 0.5;

interface StoredPacking {
  source: string;
  fits: boolean;
  minGapMm: number | null;
  circles: { xMm: number; yMm: number }[];
}

async function signIn(page: Page) {
  const token = await apiToken(page.request);
  const call = apiCaller(page.request, token);
  // Millimetres on screen (the user's saved unit system), so the diameters typed below are in mm.
  await useMeasurementSystem(call, 'METRIC');
  await useToken(page, token);
  return call;
}

test('typing stays responsive while the worker searches; the verdict appears; the save keeps the browser layout', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const call = await signIn(page);
  const projectId = await createProject(call, {
    customer: `Verdict Yards ${STAMP}`,
    project: `Verdict project ${STAMP}`,
    industryId: 'ON_SHORE',
  });
  const transitId = await saveTransit(
    call,
    projectId,
    { name: 'Cable deck', shape: 'ROUND', diameterMm: ROOMY_MM, penetratingItemTypeId: 'CABLE' },
    [CABLES],
  );

  await page.goto(`/projects/${projectId}`);
  await page.getByRole('table', { name: 'Transits' }).getByRole('link', { name: 'Cable deck' }).click();
  const display = page.getByRole('region', { name: 'Drawing', exact: true });
  await expect(display.getByText('Items fit')).toBeVisible();

  // Watch the main thread from inside the page: long tasks, and when "Checking fit…" is shown.
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: [number, number][]; __checking: number[] };
    w.__longTasks = [];
    w.__checking = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
    }).observe({ entryTypes: ['longtask'] });
    window.setInterval(() => {
      if (document.querySelector('[data-testid="checking-fit"]')) w.__checking.push(performance.now());
    }, 20);
  });

  // A tight opening: the worker searches and says so.
  const diameter = page.getByRole('textbox', { name: 'Diameter' });
  await diameter.fill(String(TIGHT_MM));
  const checking = display.getByTestId('checking-fit');
  // While it searches: the items dialog takes the keystrokes (the search runs in the worker).
  await page.getByRole('button', { name: 'Add Cables', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Cables' });
  const quantity = dialog.getByRole('textbox', { name: 'Quantity' });
  await quantity.pressSequentially('12', { delay: 20 });
  await expect(quantity).toHaveValue('12');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // The typed row is not thrown away without asking (ADR 029).
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();

  // The verdict: no layout fits. The default transit type sleeves each cable (28 mm), so the fill is above the limit
  // too, and the verdict says so in those words with its figure (ADR 010).
  await expect(display.getByTestId('transit-verdict')).toHaveText(
    /^Not buildable: overfilled \(fill \d+\.\d\s%\sof 100\.0\s%\sallowed\)$/,
    { timeout: 30_000 },
  );
  await expect(checking).toBeHidden();
  await expect(page.getByTestId('transit-error-banner')).toContainText(
    'Penetrating Items do not fit in the transit.',
  );
  // Meanwhile the main thread never stalled for the search: a search on the main thread would be one task as long
  // as the search; here the longest task (rendering the dialog, slowed by a busy machine) is well below that. The
  // fill above the limit lets a bound end the search early (ADR 039), so it may last well under its 2 s budget: the
  // longest task is held to a share of at least a second.
  const watch = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: [number, number][]; __checking: number[] };
    const first = w.__checking[0] ?? 0;
    const last = w.__checking[w.__checking.length - 1] ?? 0;
    const during = w.__longTasks.filter(([start, duration]) => start + duration >= first && start <= last);
    return { searchMs: last - first, longestMs: Math.max(0, ...during.map(([, duration]) => duration)) };
  });
  test.info().annotations.push({ type: 'main thread', description: JSON.stringify(watch) });
  expect(watch.longestMs).toBeLessThan(MAIN_THREAD_SHARE * Math.max(watch.searchMs, 1000));

  // Back to a roomy opening: fits, spread, and the smallest gap stated.
  await diameter.fill(String(ROOMY_MM + 10));
  await expect(display.getByText('Items fit')).toBeVisible({ timeout: 30_000 });
  await expect(display.getByTestId('drawing-caption')).toContainText('Smallest gap:');
  const onScreen = await page
    .locator('[data-testid="transit-drawing"] [data-role="item"]')
    .evaluateAll((els) =>
      els.map((el) => [Number(el.getAttribute('data-cx')), Number(el.getAttribute('data-cy'))]),
    );
  expect(onScreen).toHaveLength(CABLES.quantity);

  await page.getByRole('button', { name: 'Save transit' }).click();
  await expect(page.getByTestId('unsaved-badge')).toBeHidden();
  const stored = await call<{ transit: { results: { packing: StoredPacking } } }>(
    '/api/project/getTransitData',
    {
      transitId,
    },
  );
  // The server checked the browser's layout and stored it as sent (not solved again).
  expect(stored.transit.results.packing).toMatchObject({ source: 'precomputed', fits: true });
  expect(stored.transit.results.packing.minGapMm).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('verdict-saved.png'), fullPage: true });
});
