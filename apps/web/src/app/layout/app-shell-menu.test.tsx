import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setStoredToken } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session';
import { mockApi, type MockCall } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { MenuActionsProvider } from './menu-actions';

const me = (permissions: string[]) => ({
  user: {
    id: 'u',
    email: 'u@x.co',
    firstName: 'U',
    lastName: 'Ser',
    roles: ['Administrator'],
    permissions,
    organization: { id: 'p', name: 'Provider', isProvider: true },
  },
});
const menu = [
  { label: 'Start', link: '/dashboard', icon: 'home' },
  { label: 'Projects', link: '/projects' },
  { label: 'Customers', link: '/customers' },
  { label: 'User Admin', link: '/users/all' },
  { label: 'Reports', link: '/reports', children: [{ label: 'Monthly', link: '/reports/monthly' }] },
  { label: 'Maker', link: 'https://example.com/maker' },
];

function renderShell(path: string, onOpenSettings: () => void = () => undefined) {
  setStoredToken('tok');
  return renderWithProviders(
    <MenuActionsProvider onOpenSettings={onOpenSettings}>
      <AppHeader
        mobileNavOpened={false}
        onToggleMobileNav={() => undefined}
        onOpenSettings={onOpenSettings}
      />
      <nav aria-label="Main Navigation">
        <AppSidebar
          compact={false}
          canCollapse={false}
          collapsed={false}
          onToggleCollapsed={() => undefined}
        />
      </nav>
    </MenuActionsProvider>,
    { path, wrap: (c) => <SessionProvider>{c}</SessionProvider> },
  );
}

describe('sidebar and header from the menu items (spec §1, §2)', () => {
  beforeAll(() => {
    // jsdom has no document.fonts; the Contact support dialog's autosize Textarea listens on it.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the main menu in order, with children, and the header shows the first 4', async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => ({ data: me(['admin.access', 'content.manage']) }),
      'POST /api/content/getMainMenu': () => ({ data: menu }),
      'GET /api/settings': () => ({ data: {} }),
    });
    renderShell('/reports/monthly');
    const nav = screen.getByRole('navigation', { name: 'Main Navigation' });
    expect(await within(nav).findByRole('link', { name: 'Start' })).toBeTruthy();
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    // User Admin is for ElevatedUser only (spec §6); Content is added for a content administrator.
    expect(links).toEqual(['Start', 'Projects', 'Customers', 'Reports', 'Monthly', 'Maker', 'Content']);
    expect(within(nav).getByRole('link', { name: 'Monthly' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Maker' }).getAttribute('target')).toBe('_blank');
    const header = screen.getByRole('navigation', { name: 'Quick links' });
    expect(
      within(header)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Start', 'Projects', 'Customers', 'Reports']);
    expect(api.calls.filter((c: MockCall) => c.path === '/api/content/getMainMenu')).toHaveLength(1);
  });

  it('runs a menu item’s click action instead of following its link, in the sidebar and the header', async () => {
    mockApi({
      'GET /api/auth/current-user': () => ({ data: me(['admin.access']) }),
      'POST /api/content/getMainMenu': () => ({
        data: [
          { label: 'Start', link: '/dashboard' },
          { label: 'Preferences', link: '', clickAction: 'openSettings' },
          { label: 'Old action', link: '/projects', clickAction: 'reboot' },
          {
            label: 'Help',
            link: '/help',
            children: [{ label: 'Write to us', link: '/help', clickAction: 'contactSupport' }],
          },
        ],
      }),
      'GET /api/settings': () => ({ data: {} }),
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const onOpenSettings = vi.fn();
    const user = userEvent.setup();
    renderShell('/help', onOpenSettings);
    const nav = screen.getByRole('navigation', { name: 'Main Navigation' });
    const support = await within(nav).findByRole('button', { name: 'Write to us' });
    // An action entry is a button, never a link; an action the shell does not know leaves the link to be followed.
    expect(within(nav).queryByRole('link', { name: 'Write to us' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Old action' }).getAttribute('href')).toBe('/projects');
    await user.click(support);
    expect(await screen.findByRole('dialog', { name: 'Contact support' })).toBeTruthy();
    const header = screen.getByRole('navigation', { name: 'Quick links' });
    await user.click(within(header).getByRole('button', { name: 'Preferences' }));
    expect(onOpenSettings).toHaveBeenCalledTimes(1);
    expect(print).not.toHaveBeenCalled();
  });

  it('falls back to the built-in entries when the menu cannot be read', async () => {
    mockApi({
      'GET /api/auth/current-user': () => ({ data: me(['admin.access']) }),
      'POST /api/content/getMainMenu': () => ({ status: 500, error: { code: 'INTERNAL', message: 'boom' } }),
      'GET /api/settings': () => ({ data: {} }),
    });
    renderShell('/projects/abc');
    const nav = screen.getByRole('navigation', { name: 'Main Navigation' });
    expect(await within(nav).findByRole('link', { name: 'Dashboard' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'New Project', 'Projects', 'Customers']);
    // Spec §2: Projects is highlighted for any /projects path except /projects/create.
    expect(within(nav).getByRole('link', { name: 'Projects' }).getAttribute('aria-current')).toBe('page');
  });
});
