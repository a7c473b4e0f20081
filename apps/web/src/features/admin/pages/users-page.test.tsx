import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_MESSAGES } from '@sealplan/contracts';
import { setStoredToken } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session';
import { mockApi, type MockCall } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { UsersPage } from './users-page';
import { NEW_USER_ROLE_NAMES } from '@sealplan/contracts';

const me = {
  user: {
    id: 'admin',
    email: 'admin@x.co',
    firstName: 'Ad',
    lastName: 'Min',
    Roles: ['ElevatedUser'],
    permissions: ['admin.access'],
  },
};
const row = (id: string, email: string, extra: Record<string, unknown> = {}) => ({
  id,
  email,
  userName: email,
  firstName: 'F',
  lastName: id,
  company: `Company ${id}`,
  phoneNumber: null,
  industry: null,
  organization: null,
  roles: [],
  isPending: true,
  isApproved: false,
  isDenied: false,
  isSuspended: false,
  requiresPasswordReset: false,
  dateRegistered: '2024-05-01T10:00:00.000Z',
  ...extra,
});
const pendingRows = [row('11111111-1111-4111-8111-111111111111', 'p1@x.co')];
const activeRows = [
  row('22222222-2222-4222-8222-222222222222', 'a1@x.co', {
    isPending: false,
    isApproved: true,
    organization: { id: 'o1', name: 'Org One' },
    roles: ['Editor', 'Administrator'],
  }),
  row('33333333-3333-4333-8333-333333333333', 'a2@x.co', {
    isPending: false,
    isApproved: true,
    organization: { id: 'o1', name: 'Org One' },
    roles: ['Administrator'],
  }),
];

function listHandler(call: MockCall) {
  const body = JSON.parse(call.body!) as { status: string; size: number; search: string };
  const rows = (body.status === 'pending' ? pendingRows : activeRows).filter((r) =>
    r.email.includes(body.search),
  );
  return { data: { r: rows, pager: { fromIndex: 0, size: body.size, total: rows.length } } };
}

function renderPage() {
  setStoredToken('tok');
  return renderWithProviders(<UsersPage />, {
    path: '/users/all',
    wrap: (c) => <SessionProvider>{c}</SessionProvider>,
  });
}

describe('UsersPage (spec §2 admin grids, §6, §8)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('lists pending and active users with the default page size and offers the existing organizations first and refuses a new one of a taken name', async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => ({ data: me }),
      'POST /api/user/list': listHandler,
      'POST /api/user/organizations': () => ({
        data: { organizations: [{ id: 'o1', name: 'Org One', isProvider: false, userCount: 2 }] },
      }),
      'POST /api/user/updateUserStatus': () => ({ data: { user: pendingRows[0] } }),
    });
    const user = userEvent.setup();
    renderPage();
    const pending = await screen.findByRole('table', { name: 'Pending Users' });
    await within(pending).findByText('p1@x.co');
    const active = screen.getByRole('table', { name: 'Active Users' });
    expect(await within(active).findByText('a1@x.co')).toBeTruthy();
    expect(within(active).getAllByText('Org One')).toHaveLength(2);
    const firstList = JSON.parse(api.calls.find((c) => c.path === '/api/user/list')!.body!);
    expect(firstList).toMatchObject({
      fromIndex: 0,
      size: 10,
      sort: { field: 'dateRegistered', direction: 'desc' },
    });

    await user.click(within(pending).getByRole('button', { name: 'Approve p1@x.co' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve User' });
    // Existing organizations come first and are the default; Approve waits for one to be chosen.
    const radios = within(dialog).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.labels?.[0]?.textContent)).toEqual([
      'Existing organization',
      'New organization',
    ]);
    expect(radios[0]!.checked).toBe(true);
    const approve = within(dialog).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);

    // A new organization with a name already taken (any case) is refused before anything is sent.
    await user.click(within(dialog).getByRole('radio', { name: 'New organization' }));
    const name = within(dialog).getByLabelText(/Organization name/) as HTMLInputElement;
    expect(name.value).toBe('Company 11111111-1111-4111-8111-111111111111');
    await user.clear(name);
    await user.type(name, 'org one');
    expect(await within(dialog).findByText(/already exists/)).toBeTruthy();
    expect(approve.disabled).toBe(true);

    await user.click(within(dialog).getByRole('radio', { name: 'Existing organization' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Choose an organization/ }));
    await user.click(await screen.findByRole('option', { name: 'Org One', hidden: true }));
    await user.click(approve);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/user/updateUserStatus')).toBe(true));
    expect(JSON.parse(api.calls.find((c) => c.path === '/api/user/updateUserStatus')!.body!)).toEqual({
      user: { id: pendingRows[0]!.id },
      isApproved: true,
      skipEmail: false,
      organizationId: 'o1',
    });
  });

  it('approves with the roles chosen in the dialog, the default ones preselected', async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => ({ data: me }),
      'POST /api/user/list': listHandler,
      'POST /api/user/organizations': () => ({
        data: { organizations: [{ id: 'o1', name: 'Org One', isProvider: false, userCount: 2 }] },
      }),
      'POST /api/user/updateUserStatus': () => ({ data: { user: pendingRows[0] } }),
      'POST /api/user/setRoles': () => ({ data: { updated: 1, userIds: [] } }),
    });
    const user = userEvent.setup();
    renderPage();
    const pending = await screen.findByRole('table', { name: 'Pending Users' });
    await user.click(await within(pending).findByRole('button', { name: 'Approve p1@x.co' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve User' });
    const boxes = within(dialog).getAllByRole('checkbox') as HTMLInputElement[];
    expect(
      boxes
        .filter((b) => b.checked)
        .map((b) => b.value)
        .sort(),
    ).toEqual([...NEW_USER_ROLE_NAMES].sort());
    const extra = boxes.find((b) => !b.checked)!;
    await user.click(extra);
    await user.click(within(dialog).getByRole('combobox', { name: /Choose an organization/ }));
    await user.click(await screen.findByRole('option', { name: 'Org One', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/user/setRoles')).toBe(true));
    const body = JSON.parse(api.calls.find((c) => c.path === '/api/user/setRoles')!.body!) as {
      userIds: string[];
      roles: string[];
    };
    expect(body.userIds).toEqual([pendingRows[0]!.id]);
    expect(body.roles.sort()).toEqual([...NEW_USER_ROLE_NAMES, extra.value].sort());
  });

  it('asks for confirmation before suspending, sends nothing on Cancel, and joins failures with commas', async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => ({ data: me }),
      'POST /api/user/list': listHandler,
      'POST /api/user/suspend': () => ({
        status: 400,
        messages: ['You cannot suspend your own account', 'One user was skipped'],
        error: { code: 'BAD_REQUEST', message: 'x' },
      }),
    });
    const user = userEvent.setup();
    renderPage();
    const active = await screen.findByRole('table', { name: 'Active Users' });
    await user.click(await within(active).findByRole('checkbox', { name: 'Select a1@x.co' }));
    await user.click(within(active).getByRole('checkbox', { name: 'Select a2@x.co' }));

    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    // The question names the action and how many it touches (ADR 029), not 'Are you sure you want to continue?'.
    expect(await screen.findByText('Suspend 2 users?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Suspend 2 users?')).toBeNull());
    expect(api.calls.some((c) => c.path === '/api/user/suspend')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('You cannot suspend your own account, One user was skipped')).toBeTruthy();
    expect(JSON.parse(api.calls.find((c) => c.path === '/api/user/suspend')!.body!)).toEqual({
      userIds: [activeRows[0]!.id, activeRows[1]!.id],
    });
  });

  it('denies a pending registration only after confirmation', async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => ({ data: me }),
      'POST /api/user/list': listHandler,
      'POST /api/user/updateUserStatus': () => ({ data: { user: pendingRows[0] } }),
    });
    const user = userEvent.setup();
    renderPage();
    const pending = await screen.findByRole('table', { name: 'Pending Users' });
    await user.click(await within(pending).findByRole('button', { name: 'Deny p1@x.co' }));
    const question = `Deny the registration of F ${pendingRows[0]!.id}?`;
    expect(await screen.findByText(question)).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(question)).toBeNull());
    expect(api.calls.some((c) => c.path === '/api/user/updateUserStatus')).toBe(false);

    await user.click(within(pending).getByRole('button', { name: 'Deny p1@x.co' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('The registration of p1@x.co was denied.')).toBeTruthy();
    expect(JSON.parse(api.calls.find((c) => c.path === '/api/user/updateUserStatus')!.body!)).toEqual({
      user: { id: pendingRows[0]!.id },
      isApproved: false,
      skipEmail: false,
    });
  });

  it("sets roles in bulk starting from the selected users' current roles; a mixed role stays as each has it", async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => ({ data: me }),
      'POST /api/user/list': listHandler,
      'POST /api/user/setRoles': () => ({ data: { updated: 2, userIds: [] } }),
    });
    const user = userEvent.setup();
    renderPage();
    const active = await screen.findByRole('table', { name: 'Active Users' });
    expect((screen.getByRole('button', { name: 'Set Roles' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(await within(active).findByRole('checkbox', { name: 'Select a1@x.co' }));
    await user.click(within(active).getByRole('checkbox', { name: 'Select a2@x.co' }));
    await user.click(screen.getByRole('button', { name: 'Set Roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Roles' });
    const box = (name: string) => within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
    // a1 is an Editor and Administrator, a2 an Administrator only.
    expect(box('Administrator').checked).toBe(true);
    expect(box('Editor').indeterminate).toBe(true);
    expect(box('Author').checked).toBe(false);
    await user.click(box('Author'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Roles' }));
    expect(await screen.findByText('Roles saved.')).toBeTruthy();
    expect(JSON.parse(api.calls.find((c) => c.path === '/api/user/setRoles')!.body!)).toEqual({
      userIds: [activeRows[0]!.id, activeRows[1]!.id],
      roles: ['Author', 'Administrator'],
      unchanged: ['Editor'],
    });
  });

  it('offers the roles the server names assignable, an administrator-created one under its own label', async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => ({ data: me }),
      'POST /api/user/list': listHandler,
      'POST /api/user/assignableRoles': () => ({
        data: {
          roles: [
            { id: 'Administrator', label: 'Administrator' },
            { id: 'DefaultUser', label: 'DefaultUser' },
            { id: 'Inspector', label: 'Site inspector' },
          ],
        },
      }),
      'POST /api/user/setRoles': () => ({ data: { updated: 1, userIds: [] } }),
    });
    const user = userEvent.setup();
    renderPage();
    const active = await screen.findByRole('table', { name: 'Active Users' });
    await user.click(await within(active).findByRole('checkbox', { name: 'Select a2@x.co' }));
    await user.click(screen.getByRole('button', { name: 'Set Roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Roles' });
    const inspector = (await within(dialog).findByRole('checkbox', {
      name: 'Site inspector',
    })) as HTMLInputElement;
    expect(within(dialog).getByRole('checkbox', { name: 'Default User' })).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { name: 'Editor' })).toBeNull();
    expect(inspector.checked).toBe(false);
    await user.click(inspector);
    await user.click(within(dialog).getByRole('button', { name: 'Save Roles' }));
    expect(await screen.findByText('Roles saved.')).toBeTruthy();
    expect(JSON.parse(api.calls.find((c) => c.path === '/api/user/setRoles')!.body!)).toEqual({
      userIds: [activeRows[1]!.id],
      roles: ['Administrator', 'Inspector'],
    });
  });

  it("shows the server's refusal to leave an organization without an administrator", async () => {
    mockApi({
      'GET /api/auth/current-user': () => ({ data: me }),
      'POST /api/user/list': listHandler,
      'POST /api/user/setRoles': () => ({
        status: 409,
        messages: [USER_MESSAGES.lastAdministrator],
        error: { code: 'CONFLICT', message: USER_MESSAGES.lastAdministrator },
      }),
    });
    const user = userEvent.setup();
    renderPage();
    const active = await screen.findByRole('table', { name: 'Active Users' });
    await user.click(await within(active).findByRole('checkbox', { name: 'Select a2@x.co' }));
    await user.click(screen.getByRole('button', { name: 'Set Roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Roles' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Administrator' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Roles' }));
    expect(await within(dialog).findByText(USER_MESSAGES.lastAdministrator)).toBeTruthy();
  });

  it('creates a user with the new-user roles, in the organization chosen', async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => ({ data: me }),
      'POST /api/user/list': listHandler,
      'POST /api/user/organizations': () => ({
        data: { organizations: [{ id: 'o1', name: 'Org One', isProvider: false, userCount: 2 }] },
      }),
      'POST /api/user/create': () => ({ data: { user: activeRows[0] } }),
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'Active Users' });
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText('Invalid user entry')).toHaveLength(3);
    await user.type(within(dialog).getByLabelText(/Email/), 'new@x.co');
    await user.type(within(dialog).getByLabelText(/First Name/), 'Nia');
    await user.type(within(dialog).getByLabelText(/Last Name/), 'New');
    await user.click(within(dialog).getByRole('combobox', { name: /Organization/ }));
    await user.click(await screen.findByRole('option', { name: 'Org One', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(/new@x.co was created/)).toBeTruthy();
    expect(JSON.parse(api.calls.find((c) => c.path === '/api/user/create')!.body!)).toEqual({
      userInput: {
        email: 'new@x.co',
        firstName: 'Nia',
        lastName: 'New',
        organizationId: 'o1',
        roles: ['DefaultUser', 'Administrator'],
      },
    });
  });

  it('asks the server for the chosen sort and page', async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => ({ data: me }),
      'POST /api/user/list': (call) => {
        const answer = listHandler(call);
        return { data: { ...answer.data, pager: { ...answer.data.pager, total: 25 } } };
      },
    });
    const user = userEvent.setup();
    renderPage();
    const active = await screen.findByRole('table', { name: 'Active Users' });
    await within(active).findByText('a1@x.co');
    const activeLists = () =>
      api.calls
        .filter((c) => c.path === '/api/user/list')
        .map((c) => JSON.parse(c.body!) as { status: string; fromIndex: number; size: number; sort: unknown })
        .filter((b) => b.status === 'active');
    await user.click(within(active).getByRole('button', { name: 'Sort by Email' }));
    await waitFor(() =>
      expect(activeLists().at(-1)).toMatchObject({
        fromIndex: 0,
        sort: { field: 'email', direction: 'asc' },
      }),
    );
    await user.click(within(active).getByRole('button', { name: 'Sort by Email' }));
    await waitFor(() =>
      expect(activeLists().at(-1)).toMatchObject({ sort: { field: 'email', direction: 'desc' } }),
    );
    // Two grids, two paginations: the second one belongs to the active users.
    expect(screen.getAllByText('25 users')).toHaveLength(2);
    const secondPage = screen.getAllByRole('button', { name: '2' }).at(-1)!;
    await user.click(secondPage);
    await waitFor(() =>
      expect(activeLists().at(-1)).toMatchObject({
        fromIndex: 10,
        size: 10,
        sort: { field: 'email', direction: 'desc' },
      }),
    );
  });

  it('is closed to users without ElevatedUser or SystemAdministrator', async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => ({ data: { user: { ...me.user, Roles: ['Administrator'] } } }),
      'POST /api/user/list': listHandler,
    });
    const { router } = renderPage();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls.some((c) => c.path === '/api/user/list')).toBe(false);
  });
});
