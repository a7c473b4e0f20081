import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setStoredToken } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session';
import { UsersPage } from '@/features/admin/pages/users-page';
import { mockApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { AppSidebar } from './app-sidebar';

const me = (roles: string[], isProvider: boolean) => ({
  user: {
    id: 'u',
    email: 'u@x.co',
    firstName: 'U',
    lastName: 'Ser',
    Roles: roles,
    permissions: ['admin.access'],
    organization: { id: 'o', name: 'Org', isProvider },
  },
});
const adminSettings = (pendingUsers: number) => ({
  data: { counts: { organizations: 2, users: 9, pendingUsers } },
});
const emptyList = () => ({ data: { r: [], pager: { fromIndex: 0, size: 10, total: 0 } } });

/** The sidebar beside the User Admin screen, as the signed-in layout shows them at /users/all. */
function renderAtUserAdmin() {
  setStoredToken('tok');
  return renderWithProviders(
    <>
      <nav aria-label="Main Navigation">
        <AppSidebar
          compact={false}
          canCollapse={false}
          collapsed={false}
          onToggleCollapsed={() => undefined}
        />
      </nav>
      <UsersPage />
    </>,
    { path: '/users/all', wrap: (c) => <SessionProvider>{c}</SessionProvider> },
  );
}

describe('User Admin: the menu entry and the page guard admit the same users (spec §6, ADR 005)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['ElevatedUser', true],
    ['ElevatedUser', false],
    ['SystemAdministrator', true],
    ['SystemAdministrator', false],
  ])(
    'a %s (provider organization: %s) sees the entry, with the pending count from adminSettings, and the page',
    async (role, isProvider) => {
      const api = mockApi({
        'GET /api/auth/current-user': () => ({ data: me([role, 'DefaultUser'], isProvider) }),
        'POST /api/content/getMainMenu': () => ({
          status: 500,
          error: { code: 'INTERNAL', message: 'no menu' },
        }),
        'GET /api/settings': () => ({ data: {} }),
        'GET /api/adminSettings': () => adminSettings(3),
        'POST /api/user/list': emptyList,
        'POST /api/user/organizations': () => ({ data: [] }),
        'POST /api/user/assignableRoles': () => ({ data: [] }),
      });
      const { router } = renderAtUserAdmin();
      const nav = screen.getByRole('navigation', { name: 'Main Navigation' });
      const entry = await within(nav).findByRole('link', { name: 'User Admin' });
      // Spec §7: adminSettings is loaded at start and used: the entry tells how many registrations wait.
      await waitFor(() => expect(entry.getAttribute('aria-describedby')).toBeTruthy());
      expect(document.getElementById(entry.getAttribute('aria-describedby')!)!.textContent).toBe(
        '3 registrations waiting for approval',
      );
      expect(within(entry).getByText('3')).toBeTruthy();
      expect(await screen.findByRole('table', { name: 'Pending Users' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/users/all');
      expect(api.calls.filter((c) => c.path === '/api/adminSettings')).toHaveLength(1);
    },
  );

  it('one waiting registration is written in the singular; none shows no count', async () => {
    let pending = 1;
    mockApi({
      'GET /api/auth/current-user': () => ({ data: me(['ElevatedUser'], true) }),
      'POST /api/content/getMainMenu': () => ({
        status: 500,
        error: { code: 'INTERNAL', message: 'no menu' },
      }),
      'GET /api/settings': () => ({ data: {} }),
      'GET /api/adminSettings': () => adminSettings(pending),
      'POST /api/user/list': emptyList,
      'POST /api/user/organizations': () => ({ data: [] }),
      'POST /api/user/assignableRoles': () => ({ data: [] }),
    });
    const { queryClient } = renderAtUserAdmin();
    const nav = screen.getByRole('navigation', { name: 'Main Navigation' });
    const entry = await within(nav).findByRole('link', { name: 'User Admin' });
    await waitFor(() => expect(entry.getAttribute('aria-describedby')).toBeTruthy());
    expect(document.getElementById(entry.getAttribute('aria-describedby')!)!.textContent).toBe(
      '1 registration waiting for approval',
    );
    pending = 0;
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
    await waitFor(() => expect(entry.getAttribute('aria-describedby')).toBeNull());
  });

  it.each(['Administrator', 'DefaultUser', 'Editor'])(
    'a %s sees no entry, is sent away from the page and never asks for adminSettings',
    async (role) => {
      const api = mockApi({
        'GET /api/auth/current-user': () => ({ data: me([role], true) }),
        'POST /api/content/getMainMenu': () => ({
          status: 500,
          error: { code: 'INTERNAL', message: 'no menu' },
        }),
        'GET /api/settings': () => ({ data: {} }),
        'GET /api/adminSettings': () => ({ status: 403, error: { code: 'FORBIDDEN', message: 'no' } }),
        'POST /api/user/list': emptyList,
      });
      const { router } = renderAtUserAdmin();
      const nav = screen.getByRole('navigation', { name: 'Main Navigation' });
      expect(await within(nav).findByRole('link', { name: 'Dashboard' })).toBeTruthy();
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(within(nav).queryByRole('link', { name: 'User Admin' })).toBeNull();
      expect(api.calls.some((c) => c.path === '/api/adminSettings')).toBe(false);
      expect(api.calls.some((c) => c.path === '/api/user/list')).toBe(false);
    },
  );
});
