import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { analyzeSettled } from '../support/axe';
import { apiToken, TOKEN_KEY, useToken } from '../support/session';

// Application shell (spec §1, §2, §4, §9): layout, navigation, settings panel, bookmarks, toasts, titles,
// units, languages, error pages. Runs against the real server with the seeded administrator.

const ARTIFACTS = new URL('../artifacts/', import.meta.url).pathname;

/** Theme top-bar colours (features/settings/model/color-themes.ts), as the browser reports them. */
const THEME_TOP_BARS: Record<string, string> = {
  A: 'rgb(11, 79, 96)',
  B: 'rgb(24, 100, 171)',
  C: 'rgb(43, 51, 125)',
  D: 'rgb(61, 36, 112)',
  E: 'rgb(27, 67, 50)',
  F: 'rgb(122, 28, 41)',
  G: 'rgb(43, 48, 53)',
  H: 'rgb(11, 13, 18)',
};

/** Signs in by storing a token before the app starts (the login page itself is covered by the auth suite). */
async function signIn(page: Page, request: APIRequestContext): Promise<string> {
  const token = await apiToken(request);
  await useToken(page, token, { once: true });
  return token;
}

/** Puts the administrator's saved settings back, so one test's switch does not leak into the next. */
async function resetUserSettings(request: APIRequestContext, token: string) {
  const res = await request.post('/api/user/saveUser', {
    headers: { authorization: `Bearer ${token}` },
    data: { user: { defaultMeasurementSystem: 'IMPERIAL', languagePreference: 'en-US' } },
  });
  expect(res.ok(), 'the administrator settings are reset').toBe(true);
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main Navigation' });
const header = (page: Page) => page.locator('header.sealplan-header');
const navbar = (page: Page) => page.locator('.sealplan-navbar');

async function openSettingsPanel(page: Page) {
  await page.getByRole('button', { name: 'Open settings panel' }).click();
  const panel = page.getByRole('dialog', { name: 'Settings' });
  await expect(panel).toBeVisible();
  // The panel slides in from the right: wait until it is in place, or a click may land while it still moves
  // (under load a forced click on a switch further down the panel then finds it outside the viewport).
  await expect
    .poll(() => panel.evaluate((el) => Math.round(el.getBoundingClientRect().right - window.innerWidth)))
    .toBeLessThanOrEqual(0);
}

async function closeSettingsPanel(page: Page) {
  await page.getByRole('button', { name: 'Close settings panel' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();
}

async function seriousViolations(page: Page) {
  const results = await analyzeSettled(page);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Some project id of the administrator's organization (demo data), for the project-page checks. */
async function someProjectId(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.post('/api/project/getDashboardData', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(res.ok(), 'getDashboardData answers').toBeTruthy();
  const body = (await res.json()) as { data: { recentProjects: { id: string }[] } };
  expect(body.data.recentProjects.length, 'the demo data has projects').toBeGreaterThan(0);
  return body.data.recentProjects[0]!.id;
}

test.describe('application shell', () => {
  test.beforeEach(async ({ page, request }) => {
    // Other suites leave the administrator on metric (drawing, figures, verdict…): start from the defaults.
    await resetUserSettings(request, await apiToken(request));
    // Preferences are per browser; start each test from the defaults.
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('e2e-clean')) {
        for (const key of [
          'sealplan.shell',
          'sealplan.bookmarks',
          'sealplan.culture',
          'sealplan.languageLabel',
        ])
          localStorage.removeItem(key);
        sessionStorage.setItem('e2e-clean', '1');
      }
    });
  });

  test('/ redirects to the dashboard; every sidebar entry navigates, highlights and titles its page', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/^.+ \| Dashboard$/);

    const entries = [
      { name: 'Dashboard', url: /\/dashboard$/, title: 'Dashboard' },
      { name: 'New Project', url: /\/projects\/create$/, title: 'Start A New Project' },
      { name: 'Projects', url: /\/projects$/, title: 'Projects' },
      { name: 'Customers', url: /\/customers$/, title: 'Customers' },
      { name: 'User Admin', url: /\/users\/all$/, title: 'User Admin' },
    ];
    for (const entry of entries) {
      await mainNav(page).getByRole('link', { name: entry.name, exact: true }).click();
      await expect(page).toHaveURL(entry.url);
      await expect(page).toHaveTitle(new RegExp(`^.+ \\| ${entry.title}$`));
      const current = mainNav(page).locator('a[aria-current="page"]');
      await expect(current).toHaveCount(1);
      await expect(current).toHaveAccessibleName(entry.name);
    }

    // Spec §2: Projects is highlighted for any /projects path except /projects/create.
    await page.goto('/projects/create');
    await expect(mainNav(page).getByRole('link', { name: 'New Project', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(mainNav(page).getByRole('link', { name: 'Projects', exact: true })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.goto('/projects/00000000-0000-4000-8000-000000000000');
    await expect(mainNav(page).getByRole('link', { name: 'Projects', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(mainNav(page).getByRole('link', { name: 'New Project', exact: true })).not.toHaveAttribute(
      'aria-current',
      'page',
    );

    // The header repeats the first 4 menu items.
    const headerNav = page.getByRole('navigation', { name: 'Quick links' });
    await expect(headerNav.getByRole('link')).toHaveText([
      'Dashboard',
      'New Project',
      'Projects',
      'Customers',
    ]);

    await page.goto('/settings');
    await expect(page).toHaveTitle(/^.+ \| Settings$/);
  });

  test('the sidebar starts collapsed, expands and collapses again, and keeps the choice', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('/dashboard');
    await expect(navbar(page)).toHaveCSS('width', '72px');
    await expect(page.getByText('Main Navigation', { exact: true })).toBeHidden();

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(navbar(page)).toHaveCSS('width', '260px');
    await expect(mainNav(page).getByText('Main Navigation', { exact: true })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Measurement system' })).toBeVisible();

    await page.reload();
    await expect(navbar(page)).toHaveCSS('width', '260px');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(navbar(page)).toHaveCSS('width', '72px');
  });

  test('below 992 px the sidebar is an off-canvas drawer opened by the burger', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, request);
    await page.goto('/dashboard');
    await expect(mainNav(page)).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(mainNav(page)).toBeInViewport();
    await mainNav(page).getByRole('link', { name: 'Customers' }).click();
    await expect(page).toHaveURL(/\/customers$/);
    await expect(mainNav(page)).not.toBeInViewport();
  });

  test('each colour theme applies at once and survives a reload', async ({ page, request }) => {
    // Eight themes, each chosen, saved and reloaded: past 60 s on a slow 2-core machine beside the PostgreSQL tier.
    test.slow();
    await signIn(page, request);
    await page.goto('/dashboard');
    await expect(header(page)).toHaveCSS('background-color', THEME_TOP_BARS.A!);
    for (const id of ['B', 'C', 'D', 'E', 'F', 'G', 'H', 'A']) {
      await openSettingsPanel(page);
      await page.getByRole('radio', { name: new RegExp(`^Theme ${id}:`) }).click();
      await expect(header(page)).toHaveCSS('background-color', THEME_TOP_BARS[id]!);
      await closeSettingsPanel(page);
      await page.reload();
      await expect(header(page)).toHaveCSS('background-color', THEME_TOP_BARS[id]!);
      const scheme = await page.evaluate(() =>
        document.documentElement.getAttribute('data-mantine-color-scheme'),
      );
      expect(scheme).toBe(id === 'H' ? 'dark' : 'light');
    }
  });

  test('each layout toggle has a visible effect and is kept after a reload', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await signIn(page, request);
    await page.goto('/settings');
    // Anchored: a switch's name includes its description, and one description mentions another's label.
    const toggle = (name: string) =>
      page.getByRole('dialog', { name: 'Settings' }).getByRole('switch', { name: new RegExp(`^${name}`) });
    const setToggle = async (name: string, on: boolean) => {
      await openSettingsPanel(page);
      const control = toggle(name);
      if ((await control.isChecked()) !== on) await control.click({ force: true });
      await expect(control).toBeChecked({ checked: on });
      await closeSettingsPanel(page);
    };

    // fixed (default on): the header stays on screen when scrolling; off: it scrolls away.
    const scrollDown = async () => {
      await page.evaluate(() => window.scrollTo(0, 300));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    };
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(700);
    await scrollDown();
    await expect(header(page)).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await setToggle('Fixed header', false);
    await scrollDown();
    await expect(header(page)).not.toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header(page)).toBeInViewport();

    // boxed: content in a centred container.
    const content = page.locator('.sealplan-main > div').first();
    await expect(content).toHaveCSS('max-width', 'none');
    await setToggle('Boxed', true);
    await expect(content).toHaveCSS('max-width', '1080px');

    // collapsed: icons only (starts on; switch off to see the full sidebar).
    await setToggle('Collapsed sidebar', false);
    await expect(navbar(page)).toHaveCSS('width', '260px');
    await setToggle('Collapsed sidebar', true);
    await expect(navbar(page)).toHaveCSS('width', '72px');

    // float: the sidebar becomes a card with rounded corners and a margin.
    await setToggle('Floating sidebar', true);
    await expect(navbar(page)).not.toHaveCSS('border-top-left-radius', '0px');
    const box = await navbar(page).boundingBox();
    expect(box!.x).toBeGreaterThan(0);

    // hover: a collapsed sidebar opens while the pointer is over it.
    await setToggle('Open on hover', true);
    await navbar(page).hover();
    await expect(navbar(page)).toHaveCSS('width', '260px');
    await page.mouse.move(900, 400);
    await expect(navbar(page)).toHaveCSS('width', '72px');

    // scrollbar: thin scrollbars on the whole page.
    await setToggle('Thin scrollbars', true);
    await expect(page.locator('html')).toHaveAttribute('data-thin-scrollbars', '');
    await expect(page.locator('html')).toHaveCSS('scrollbar-width', 'thin');

    await page.reload();
    await openSettingsPanel(page);
    await expect(toggle('Fixed header')).not.toBeChecked();
    for (const name of [
      'Boxed',
      'Collapsed sidebar',
      'Floating sidebar',
      'Open on hover',
      'Thin scrollbars',
    ]) {
      await expect(toggle(name)).toBeChecked();
    }
    await closeSettingsPanel(page);
    await expect(content).toHaveCSS('max-width', '1080px');
    await expect(page.locator('html')).toHaveAttribute('data-thin-scrollbars', '');
  });

  test('a bookmarked page shows a toast, is listed after a reload and can be removed', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('/customers');
    await page.getByRole('button', { name: 'Bookmark this page' }).click();
    // Spec §9: one toast at a time, top-centre.
    const toastBox = page.locator('.mantine-Notifications-root').getByText('Bookmarked “Customers”.');
    await expect(toastBox).toBeVisible();
    const placement = await page.locator('.mantine-Notifications-root').first().boundingBox();
    expect(Math.abs(placement!.x + placement!.width / 2 - 640)).toBeLessThan(40);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Remove this page from bookmarks' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Bookmarks', exact: true }).click();
    await page.getByRole('menuitem', { name: /Customers/ }).click();
    await expect(page).toHaveURL(/\/customers$/);

    await page.getByRole('button', { name: 'Bookmarks', exact: true }).click();
    await page.getByRole('button', { name: 'Remove bookmark Customers' }).click();
    await expect(page.getByText('No bookmarks yet. Use the star to bookmark a page.')).toBeVisible();
  });

  test('the measurement switch changes figures and is saved to the user', async ({ page, request }) => {
    const token = await signIn(page, request);
    try {
      await page.goto('/dashboard');
      const figure = page.getByTestId('dashboard-reference-length');
      await expect(figure).toHaveText('7.874 in');
      // The switch applies at once and saves in the background; the reload comes after the save has landed.
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/saveUser') && r.ok());
      await page.getByRole('button', { name: /^Measurement system: IMPERIAL/ }).click();
      await expect(figure).toHaveText('200 mm');
      await saved;
      await page.reload();
      await expect(figure).toHaveText('200 mm');

      // The same switch, full size, in the expanded sidebar and on the settings page.
      await page.goto('/settings');
      await expect(page.getByTestId('units-preview-length')).toHaveText('200 mm');
      await page.getByRole('main').getByText('IMPERIAL', { exact: true }).click();
      await expect(page.getByTestId('units-preview-length')).toHaveText('7.874 in');
    } finally {
      await resetUserSettings(request, token);
    }
  });

  test('switching the language translates the shell', async ({ page, request }) => {
    const token = await signIn(page, request);
    try {
      await page.goto('/settings');
      await page.getByRole('main').getByRole('combobox', { name: 'Language' }).click();
      await page.getByRole('option', { name: 'French (FR)' }).click();
      await expect(
        page
          .getByRole('navigation', { name: 'Navigation principale' })
          .getByRole('link', { name: 'Tableau de bord' }),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Paramètres', level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(/^.+ \| Paramètres$/);
      await page.reload();
      await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();

      await page.getByRole('main').getByRole('combobox', { name: 'Langue' }).click();
      await page.getByRole('option', { name: 'Deutsch (DE)' }).click();
      await expect(
        page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Kunden' }),
      ).toBeVisible();

      await page.getByRole('main').getByRole('combobox', { name: 'Sprache' }).click();
      await page.getByRole('option', { name: 'Mandarin (CH)' }).click();
      await expect(
        page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '项目', exact: true }),
      ).toBeVisible();

      await page.getByRole('main').getByRole('combobox', { name: '语言' }).click();
      await page.getByRole('option', { name: 'English (UK)' }).click();
      await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('combobox', { name: 'Language' })).toHaveValue(
        'English (UK)',
      );
    } finally {
      await resetUserSettings(request, token);
    }
  });

  test('public status pages: 404 for unknown paths, maintenance and 500', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: "We couldn't find this page." })).toBeVisible();
    await expect(page).toHaveTitle(/^.+ \| Page Not Found$/);
    for (const name of ['Go to the app', 'Login', 'Register'])
      await expect(page.getByRole('link', { name })).toBeVisible();
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page).toHaveTitle(/^.+ \| Register$/);

    await page.goto('/maintenance');
    await expect(page.getByRole('heading', { name: 'SITE IS UNDER MAINTENANCE' })).toBeVisible();
    await expect(page.getByText("We'll back online shortly!")).toBeVisible();
    await expect(page).toHaveTitle(/^.+ \| Maintenance$/);

    await page.goto('/500');
    await expect(page.getByRole('heading', { name: 'Oh! Something went wrong :(' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the app' })).toBeVisible();

    await page.goto('/login');
    await expect(page).toHaveTitle(/^.+ \| Login$/);
  });

  test('the user menu offers Reset Password, User Profile and Logout', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^User menu for/ }).click();
    await page.getByRole('menuitem', { name: 'User Profile' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: /^User menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Reset Password' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^User menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('axe: no serious or critical violations on login, dashboard and a project page, in themes A and H', async ({
    page,
    request,
  }) => {
    // Six pages through axe: past 60 s on a slow 2-core machine beside the PostgreSQL tier.
    test.slow();
    const token = await apiToken(request);
    const projectId = await someProjectId(request, token);
    // Every page in every theme is checked before asserting, so one run reports all findings.
    const found: Record<string, string[]> = {};
    for (const theme of ['A', 'H']) {
      await page.goto('/login');
      await page.evaluate(
        (id) => localStorage.setItem('sealplan.shell', JSON.stringify({ theme: id })),
        theme,
      );
      await page.reload();
      await expect(page.getByRole('button', { name: /log ?in|sign ?in/i }).first()).toBeVisible();
      found[`login ${theme}`] = await seriousViolations(page);

      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expect(page.getByText('Recent projects')).toBeVisible();
      await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
      found[`dashboard ${theme}`] = await seriousViolations(page);

      await page.goto(`/projects/${projectId}`);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      found[`project ${theme}`] = await seriousViolations(page);

      await page.evaluate((key) => localStorage.removeItem(key), TOKEN_KEY);
    }
    const empty = Object.fromEntries(Object.keys(found).map((key) => [key, []]));
    expect(found).toEqual(empty);
  });

  test('dashboard screenshots at 1280 px and 390 px', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/dashboard');
    await expect(page.getByText('Recent projects')).toBeVisible();
    await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
    await page.screenshot({ path: `${ARTIFACTS}dashboard-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}dashboard-390.png`, fullPage: true });
  });
});

test('every public page and the project page title themselves "<short name> | <page title>"', async ({
  page,
  request,
}) => {
  const pages: [string, string][] = [
    ['/login', 'Login'],
    ['/register', 'Register'],
    ['/recover', 'Recover Password'],
    ['/lock', 'Locked'],
    ['/update-password', 'Reset Password'],
    ['/maintenance', 'Maintenance'],
    ['/500', 'Error'],
    ['/404', 'Page Not Found'],
    ['/test', 'Test'],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(new RegExp(`^[^|]+ \\| ${title}$`));
  }
  const token = await apiToken(request);
  const projectId = await someProjectId(request, token);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto(`/projects/${projectId}`);
  await expect(page).toHaveTitle(/^[^|]+ \| Project$/);
});
