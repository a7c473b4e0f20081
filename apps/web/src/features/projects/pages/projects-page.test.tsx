import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PAGE_SIZE, type Project } from '@sealplan/contracts';
import { i18n } from '@/lib/i18n';
import { mockApi, type MockCall } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ProjectsPage } from './projects-page';

const project = (n: number): Project => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  guid: `g${n}`,
  name: `Project ${String(n).padStart(2, '0')}`,
  customerId: 'c1',
  industryId: 'ON_SHORE',
  customer: { id: 'c1', display: 'Acme Yards', model: 'Customer' },
  industry: { id: 'ON_SHORE', display: 'On Shore', model: 'Industry' },
  description: '',
  transitCount: 0,
  isRemoved: false,
  version: 1,
  auditing: { createdOn: '2025-01-01T10:00:00.000Z', lastUpdatedOn: '2025-01-01T10:00:00.000Z' },
});

/** A server holding `store`: pages by fromIndex/size; saveOne with isDelete removes the project. */
function serve(store: Project[]) {
  return mockApi({
    'GET /api/instance/Project': (call: MockCall) => {
      const params = new URL(call.path, 'http://x').searchParams;
      const fromIndex = Number(params.get('fromIndex') ?? 0);
      const size = Number(params.get('size') ?? DEFAULT_PAGE_SIZE);
      return {
        data: {
          r: store.slice(fromIndex, fromIndex + size),
          pager: { fromIndex, size, totalRecords: store.length, pageIndex: Math.floor(fromIndex / size) },
        },
      };
    },
    'POST /api/project/saveOne': (call: MockCall) => {
      const body = JSON.parse(call.body!) as { project: { id: string; isDelete?: boolean } };
      const index = store.findIndex((p) => p.id === body.project.id);
      const [removed] = body.project.isDelete ? store.splice(index, 1) : [store[index]];
      return { data: removed };
    },
  });
}

describe('ProjectsPage (spec §2 projects list)', () => {
  beforeEach(() => void i18n.changeLanguage('en-US'));
  afterEach(() => vi.unstubAllGlobals());

  it('deleting the only project of the last page goes back to the page before, not to an empty list', async () => {
    const store = Array.from({ length: DEFAULT_PAGE_SIZE + 1 }, (_, i) => project(i + 1));
    serve(store);
    const user = userEvent.setup();
    renderWithProviders(<ProjectsPage />, { path: '/projects' });
    await screen.findByRole('link', { name: 'Project 01' });

    await user.click(screen.getByRole('button', { name: '2' }));
    const last = await screen.findByRole('link', { name: 'Project 11' });
    expect(last).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete Project 11' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));

    await waitFor(() => expect(screen.getByRole('link', { name: 'Project 10' })).toBeTruthy());
    expect(screen.queryByText('No projects yet. Start a new project to size your first transit.')).toBeNull();
    expect(within(screen.getByRole('table', { name: 'Projects' })).getAllByRole('row')).toHaveLength(
      DEFAULT_PAGE_SIZE + 1,
    );
  });

  it('shows the rename rule in the current language', async () => {
    serve([project(1)]);
    const user = userEvent.setup();
    await i18n.changeLanguage('fr-FR');
    renderWithProviders(<ProjectsPage />, { path: '/projects' });
    await user.click(await screen.findByRole('button', { name: 'Renommer Project 01' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Nom du projet' }));
    expect(within(dialog).getByText('Veuillez saisir un nom de projet')).toBeTruthy();
    expect(within(dialog).queryByText('Please Enter a Project Name')).toBeNull();
  });
});
