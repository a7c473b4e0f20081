import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setStoredToken } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session';
import { mockApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { UserInfoDialog } from './user-info-dialog';

const me = {
  user: {
    id: 'u1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    phoneNumber: '555-123-4567',
    roles: ['Administrator'],
    permissions: ['admin.access'],
  },
};

function renderDialog(mode: 'profile' | 'password', onClose = vi.fn()) {
  setStoredToken('tok');
  renderWithProviders(<UserInfoDialog opened mode={mode} onClose={onClose} />, {
    wrap: (c) => <SessionProvider>{c}</SessionProvider>,
  });
  return onClose;
}

describe('UserInfoDialog (spec §2, §5, §8)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('profile: Save is disabled without first or last name; saving sends the profile and confirms', async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => ({ data: me }),
      'POST /api/user/saveUser': () => ({ data: null }),
    });
    const user = userEvent.setup();
    const onClose = renderDialog('profile');
    const first = await screen.findByLabelText(/First Name/);
    await waitFor(() => expect((first as HTMLInputElement).value).toBe('Ada'));
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    await user.clear(first);
    expect(save.disabled).toBe(true);
    await user.type(first, 'Augusta');
    expect(save.disabled).toBe(false);
    await user.click(save);
    expect(await screen.findByText('User saved successfully.')).toBeTruthy();
    const call = api.calls.find((c) => c.path === '/api/user/saveUser')!;
    expect(JSON.parse(call.body!)).toEqual({
      user: { firstName: 'Augusta', lastName: 'Lovelace', phoneNumber: '555-123-4567' },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('profile: a failed save says so and keeps the dialog open', async () => {
    mockApi({
      'GET /api/auth/current-user': () => ({ data: me }),
      'POST /api/user/saveUser': () => ({ status: 500, error: { code: 'INTERNAL', message: 'x' } }),
    });
    const user = userEvent.setup();
    const onClose = renderDialog('profile');
    await waitFor(() => expect((screen.getByLabelText(/First Name/) as HTMLInputElement).value).toBe('Ada'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User failed to save. Please try again.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('password: length and confirmation messages, show/hide, and server failures joined with ", "', async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => ({ data: me }),
      'POST /api/auth/update-password': () => ({
        status: 400,
        messages: ['The current password is incorrect', 'Try again'],
        error: { code: 'INVALID_CREDENTIALS', message: 'The current password is incorrect' },
      }),
    });
    const user = userEvent.setup();
    renderDialog('password');
    const current = screen.getByLabelText(/Current Password/) as HTMLInputElement;
    const next = screen.getByLabelText(/^New Password/) as HTMLInputElement;
    const confirm = screen.getByLabelText(/Confirm New Password/) as HTMLInputElement;
    await user.type(current, 'old-pass');
    await user.type(next, 'abc');
    await user.type(confirm, 'abd');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('New password must be at least 6 characters long.')).toBeTruthy();
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/auth/update-password')).toBe(false);

    expect(next.type).toBe('password');
    await user.click(screen.getByLabelText('Show passwords'));
    expect(next.type).toBe('text');

    await user.clear(next);
    await user.type(next, 'new-pass');
    await user.clear(confirm);
    await user.type(confirm, 'new-pass');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('The current password is incorrect, Try again')).toBeTruthy();
    const call = api.calls.find((c) => c.path === '/api/auth/update-password')!;
    expect(JSON.parse(call.body!)).toEqual({ oldPassword: 'old-pass', newPassword: 'new-pass' });
  });
});
