import { expect, test, type Page } from '@playwright/test';
import { apiCaller, createMixedProject } from '../support/api';
import { signInAsAdmin } from '../support/session';

// ADR 014: every number a person reads goes through one formatter per unit system and locale. One walk
// over every signed-in screen in every language and unit system; it fails on a unit or plural leak: millimetres
// shown to an imperial user (or inches to a metric one), a unit written twice, "1 rolls", a decimal point where
// the language writes a comma (or the other way round), or an untranslated placeholder.

const ALL_LANGUAGES = ['en-US', 'de-DE', 'fr-FR', 'zh-Hans'];
/** Every language; E2E_WALK_LANGUAGES=de-DE,fr-FR narrows a local run to some of them. */
const LANGUAGES = process.env.E2E_WALK_LANGUAGES?.split(',') ?? ALL_LANGUAGES;
const SYSTEMS = ['METRIC', 'IMPERIAL'] as const;
/** Languages that write a decimal comma (Intl.NumberFormat). */
const DECIMAL_COMMA = new Set(['de-DE', 'fr-FR']);
const STAMP = Date.now().toString(36);

interface Leak {
  rule: string;
  found: string;
}

/** Every leak the rules find in one screen's visible text. */
function leaks(text: string, language: string, system: string): Leak[] {
  const rules: [string, RegExp][] = [
    ['unit written twice', /\b(mm|in|ml|cm²|in²)\s+\1(?![\p{L}])/gu],
    ['untranslated placeholder', /\{\{\w+\}\}|\bNaN\b|\bundefined\b/g],
  ];
  if (system === 'IMPERIAL')
    rules.push(['millimetres for an imperial user', /(?<![\p{L}\d.,])\d[\d.,]*\s?(mm|cm²|mm²)(?![\p{L}])/gu]);
  // A pipe's standard name ('2" (DN50)', NPS) is a designation, not a length in the user's units.
  // A number glued to letters before it is part of a word or code (a test's stamp 'mww1r8in'), not a length.
  else
    rules.push([
      'inches for a metric user',
      /(?<![\p{L}\d.,])\d[\d.,]*\s?(in|in²|")(?![\p{L}\d])(?!\s?\(DN\d)/gu,
    ]);
  if (language === 'en-US')
    rules.push([
      'singular count with a plural noun',
      /(?<![\d.,])1 (rolls|transits|users|customers|projects|items|cartridges|bundles|sleeves)\b/g,
    ]);
  if (DECIMAL_COMMA.has(language))
    rules.push([
      'decimal point in a decimal-comma language',
      /\d\.(\d{1,2}\s?(mm|%|ml|cm²)|\d{3}\s?(in|in²))(?![\p{L}\d])/gu,
    ]);
  else
    rules.push([
      'decimal comma in a decimal-point language',
      /\d,\d{1,2}\s?(mm|in|%|ml|cm²|in²)(?![\p{L}])/gu,
    ]);
  const found: Leak[] = [];
  for (const [rule, pattern] of rules) {
    for (const match of text.matchAll(pattern)) {
      const at = match.index ?? 0;
      found.push({
        rule,
        found: text.slice(Math.max(0, at - 30), at + match[0].length + 10).replace(/\s+/g, ' '),
      });
    }
  }
  return found;
}

/** Display decimals per unit system (spec §9): no field shows more. */
const MAX_DECIMALS = { METRIC: 2, IMPERIAL: 3 } as const;

/** Leaks in the values of number fields (no unit there): the other language's decimal mark, too many decimals. */
function fieldLeaks(values: string[], language: string, system: (typeof SYSTEMS)[number]): Leak[] {
  const found: Leak[] = [];
  for (const value of values) {
    const number = /^-?\d+(?:([.,])(\d+))?(?:\s?%)?$/.exec(value.trim());
    if (!number?.[1]) continue;
    const wrongMark = DECIMAL_COMMA.has(language) ? '.' : ',';
    if (number[1] === wrongMark)
      found.push({ rule: `decimal '${wrongMark}' in a field of ${language}`, found: value });
    if (number[2]!.length > MAX_DECIMALS[system])
      found.push({ rule: `more than ${MAX_DECIMALS[system]} decimals in a field`, found: value });
  }
  return found;
}

test('the field rules catch a wrong decimal mark and a stray decimal', () => {
  expect(fieldLeaks(['12.7', '2.3750', 'T-1 Cables', '555 123 4567'], 'de-DE', 'IMPERIAL')).toEqual([
    { rule: "decimal '.' in a field of de-DE", found: '12.7' },
    { rule: "decimal '.' in a field of de-DE", found: '2.3750' },
    { rule: 'more than 3 decimals in a field', found: '2.3750' },
  ]);
  expect(fieldLeaks(['12,7', '60.33 %'], 'en-US', 'METRIC').map((l) => l.rule)).toEqual([
    "decimal ',' in a field of en-US",
  ]);
  expect(fieldLeaks(['2.480', '150 %', '60.3'], 'en-US', 'IMPERIAL')).toEqual([]);
});

/**
 * What a person reads on the screen once its data has loaded: its visible text with each visible field's value
 * where the field stands (so "60.3" and its "mm" read together), and those values on their own.
 */
async function readScreen(
  page: Page,
  settled: () => Promise<void>,
): Promise<{ text: string; fields: string[] }> {
  await settled();
  await expect(page.getByRole('main').first()).toBeVisible();
  return page.evaluate(() => {
    const fields = [
      ...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'),
    ].filter((el) => el.offsetParent !== null && !['checkbox', 'radio', 'hidden'].includes(el.type));
    const shown = fields.map((el) => {
      const value = document.createElement('span');
      // An empty field still shows its unit beside it: '—' stands for the empty value.
      value.textContent = ` ${el.value || '—'} `;
      el.after(value);
      return value;
    });
    const text = document.body.innerText;
    for (const value of shown) value.remove();
    return { text, fields: fields.map((el) => el.value) };
  });
}

/**
 * Tells when the page's requests have settled: none in flight for NETWORK_QUIET_MS since the last one began or
 * ended, or since `settled.from()` (a navigation inside the app, whose requests start a moment later). Playwright's
 * 'networkidle' does this for a page load only.
 */
const NETWORK_QUIET_MS = 500;
function networkSettling(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const changed = (by: number) => () => {
    inFlight += by;
    lastChange = Date.now();
  };
  page.on('request', changed(1));
  page.on('requestfinished', changed(-1));
  page.on('requestfailed', changed(-1));
  const settled = async () => {
    await expect
      .poll(() => inFlight <= 0 && Date.now() - lastChange >= NETWORK_QUIET_MS, {
        timeout: 60_000,
        intervals: [100],
      })
      .toBe(true);
  };
  settled.from = () => (lastChange = Date.now());
  return settled;
}

/**
 * Opens a screen as a link inside the app does, without loading the page again (the router follows the history):
 * the walk loads the app once per unit system, after the user's language and units changed, and moves from there.
 */
async function openInApp(page: Page, path: string, settled: ReturnType<typeof networkSettling>) {
  settled.from();
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

// A walk per language (ADR 026): the browser suite's workers share the walks instead of one worker walking all
// four languages while the other waits at the end of the run. Each worker signs in as its own administrator, so
// one walk's language never reaches a walk running beside it.
test.describe.configure({ mode: 'parallel' });

for (const language of LANGUAGES) {
  test(`every screen in ${language}, in each unit system: no unit or plural leak`, async ({ page }) => {
    // 2 systems × 9 screens (the catalogue with each of its tables) on a machine shared by many runs.
    test.setTimeout(900_000);
    const call = apiCaller(page.request, await signInAsAdmin(page));
    const { projectId, cablesId, pipesId } = await createMixedProject(call, {
      customer: `Walk Yards ${STAMP} ${language}`,
      project: `Walk ${STAMP} ${language}`,
    });

    const screens = [
      '/dashboard',
      '/projects',
      '/projects/create',
      // The editor of each transit: the wrapped cable and its rolls, the pipes' rectangle with its corner radius.
      `/projects/${projectId}?transit=${cablesId}`,
      `/projects/${projectId}?transit=${pipesId}`,
      '/customers',
      '/catalogue',
      '/users/all',
      '/settings',
    ];
    const report: string[] = [];
    const settled = networkSettling(page);
    try {
      for (const system of SYSTEMS) {
        await call('/api/user/saveUser', {
          user: { languagePreference: language, defaultMeasurementSystem: system },
        });
        // The app reads the user's language and units when it starts: loaded once per system, then walked.
        for (const [index, path] of screens.entries()) {
          if (index === 0) await page.goto(path);
          else await openInApp(page, path, settled);
          const views = [await readScreen(page, settled)];
          // The catalogue shows one table at a time: read each.
          const tabs = page.getByRole('main').getByRole('tab');
          for (let i = 1; i < (await tabs.count()); i++) {
            await tabs.nth(i).click();
            await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
            views.push(await readScreen(page, settled));
          }
          expect(await page.evaluate(() => document.documentElement.lang), `${path} language`).toBe(language);
          const found = views
            .flatMap((view) => [
              ...leaks(view.text, language, system),
              ...fieldLeaks(view.fields, language, system),
            ])
            .map((leak) => `${language} ${system} ${path}: ${leak.rule}: “${leak.found}”`);
          // Soft, so one run lists every leak of every screen rather than stopping at the first.
          expect.soft(found, found.join('\n')).toEqual([]);
          report.push(...found);
        }
      }
    } finally {
      // The administrator's defaults again, so the suites that run after this one read English.
      await call('/api/user/saveUser', {
        user: { languagePreference: 'en-US', defaultMeasurementSystem: 'IMPERIAL' },
      });
    }
    expect(report, report.join('\n')).toEqual([]);
  });
}

test('the leak rules catch what the issue reported', () => {
  expect(leaks('Wrap for cables above 63 mm', 'en-US', 'IMPERIAL').map((l) => l.rule)).toEqual([
    'millimetres for an imperial user',
  ]);
  expect(leaks('Outer diameter 2.480 in in', 'en-US', 'IMPERIAL').map((l) => l.rule)).toContain(
    'unit written twice',
  );
  expect(leaks('Wrap: 1 rolls', 'en-US', 'METRIC').map((l) => l.rule)).toEqual([
    'singular count with a plural noun',
  ]);
  expect(leaks('Füllung 45.3 %', 'de-DE', 'METRIC').map((l) => l.rule)).toEqual([
    'decimal point in a decimal-comma language',
  ]);
  // '2.439 ml' is German grouping (2439 ml), not a decimal point.
  expect(leaks('Füllung 45,3 % · 2,480 in · 1 Rolle · 2.439 ml', 'de-DE', 'IMPERIAL')).toEqual([]);
  expect(leaks('Fill 45.3 % · 63 mm · 1 roll · stored in mm', 'en-US', 'METRIC')).toEqual([]);
  expect(leaks('PIPE-DN50 2" (DN50) 60.33 mm', 'en-US', 'METRIC')).toEqual([]);
  expect(leaks('Print project mww1r8in Print Yards x5mm', 'en-US', 'METRIC')).toEqual([]);
  expect(leaks('Conflict Yards k9mm', 'en-US', 'IMPERIAL')).toEqual([]);
  expect(leaks('Depth 1,608.5 mm', 'en-US', 'IMPERIAL').map((l) => l.rule)).toEqual([
    'millimetres for an imperial user',
  ]);
  expect(leaks('Outer diameter 2.375"', 'en-US', 'METRIC').map((l) => l.rule)).toEqual([
    'inches for a metric user',
  ]);
});
