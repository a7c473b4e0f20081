import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@/lib/i18n';
import { mockApi, type MockCall } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { NewProjectPage, PROJECT_SAVE_NAVIGATION_DELAY_MS } from './new-project-page';

const PROJECT_ID = '00000000-0000-4000-8000-000000000042';
const customers = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Nordic Yards',
    industry: { id: 'OFF_SHORE', display: 'Off Shore', model: 'Industry' },
  },
];
const industries = [
  { id: 'ON_SHORE', name: 'On Shore', isActive: true, sort: 1 },
  { id: 'OFF_SHORE', name: 'Off Shore', isActive: true, sort: 2 },
];

/** When the server last answered a save (performance.now()). */
let answeredSaveAt = Number.NaN;

function serve() {
  return mockApi({
    'POST /api/customer/getActive': () => ({ data: customers }),
    'POST /api/industry/getActive': () => ({ data: industries }),
    'POST /api/project/saveOne': (call: MockCall) => {
      const { project } = JSON.parse(call.body!) as { project: { name: string } };
      answeredSaveAt = performance.now();
      return { data: { id: PROJECT_ID, name: project.name } };
    },
  });
}

async function pick(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('NewProjectPage (spec §2 Start A New Project, §5)', () => {
  beforeAll(() => {
    // jsdom has no document.fonts; Mantine's autosize Textarea (Notes) listens on it.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });
  beforeEach(() => void i18n.changeLanguage('en-US'));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps Create disabled while invalid, shows the off-shore disclaimer, saves, toasts and then opens the project', async () => {
    const api = serve();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<NewProjectPage />, { path: '/projects/create' });
    const create = await screen.findByRole('button', { name: 'Create' });
    expect(create).toHaveProperty('disabled', true);

    const name = screen.getByRole('textbox', { name: /Project Name/ });
    await user.type(name, 'x');
    await user.clear(name);
    await user.tab();
    expect(await screen.findByText('Please Enter a Project Name')).toBeTruthy();

    await pick(user, /^Customer/, 'Nordic Yards');
    await user.type(name, 'FPSO Module');
    // The customer's industry is the default; off-shore shows the disclaimer.
    expect(await screen.findByTestId('offshore-disclaimer')).toBeTruthy();
    await waitFor(() => expect(create).toHaveProperty('disabled', false));
    // When the page leaves, stamped as it happens (polling would blur the delay).
    let leftAt = Number.NaN;
    const stopRouteWatch = router.subscribe((state) => {
      if (Number.isNaN(leftAt) && state.location.pathname !== '/projects/create') leftAt = performance.now();
    });
    await user.click(create);

    expect(await screen.findByText('Project saved successfully!')).toBeTruthy();
    const body = JSON.parse(api.calls.find((c) => c.path === '/api/project/saveOne')!.body!) as {
      project: unknown;
    };
    expect(body.project).toMatchObject({
      customerId: customers[0]!.id,
      name: 'FPSO Module',
      industryId: 'OFF_SHORE',
    });
    // Spec §9: the navigation waits 200 ms after the toast; no unsaved-changes question after a save.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${PROJECT_ID}`));
    stopRouteWatch();
    // The delay starts after the answer, so answer → navigation is at least the delay whatever the load.
    expect(leftAt - answeredSaveAt).toBeGreaterThanOrEqual(PROJECT_SAVE_NAVIGATION_DELAY_MS);
    expect(
      screen.queryByText('You have unsaved changes. Are you sure you want to close without saving?'),
    ).toBeNull();
  });

  it('asks before leaving with unsaved changes and stays when told to', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<NewProjectPage />, { path: '/projects/create' });
    await user.type(await screen.findByRole('textbox', { name: /Project Name/ }), 'Half typed');
    await act(() => router.navigate('/projects'));
    expect(
      await screen.findByText('You have unsaved changes. Are you sure you want to close without saving?'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/projects/create');
    expect(screen.getByRole('textbox', { name: /Project Name/ })).toHaveProperty('value', 'Half typed');
  });

  it('shows the spec §5 messages in the current language', async () => {
    serve();
    const user = userEvent.setup();
    await i18n.changeLanguage('de-DE');
    renderWithProviders(<NewProjectPage />, { path: '/projects/create' });
    const name = await screen.findByRole('textbox', { name: new RegExp(i18n.t('projects:create.name')) });
    await user.type(name, 'x');
    await user.clear(name);
    await user.tab();
    expect(await screen.findByText('Bitte geben Sie einen Projektnamen ein')).toBeTruthy();
    expect(screen.queryByText('Please Enter a Project Name')).toBeNull();
  });
});
