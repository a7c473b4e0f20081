import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionProvider } from '@/lib/session';
import { mockApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { UpdatePasswordPage } from './update-password-page';

function renderAt(path: string) {
  return renderWithProviders(<UpdatePasswordPage />, {
    path,
    wrap: (c) => <SessionProvider>{c}</SessionProvider>,
  });
}

describe('UpdatePasswordPage (spec §2 update-password)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it.each(['confirmId', 'confirmid'])(
    'reads the token from ?%s= and sends it with the new password',
    async (param) => {
      const api = mockApi({ 'POST /api/v1/account/updatepassword': () => ({ data: null }) });
      const user = userEvent.setup();
      renderAt(`/update-password?${param}=link-token-1`);
      await user.type(await screen.findByLabelText(/^New Password/), 'new-secret');
      await user.type(screen.getByLabelText(/^Confirm New Password/), 'new-secret');
      await user.click(screen.getByRole('button', { name: 'Reset Password' }));
      await waitFor(() =>
        expect(api.calls.some((c) => c.path === '/api/v1/account/updatepassword')).toBe(true),
      );
      const call = api.calls.find((c) => c.path === '/api/v1/account/updatepassword')!;
      expect(JSON.parse(call.body!)).toMatchObject({ confirmId: 'link-token-1', newPassword: 'new-secret' });
    },
  );

  it('without a token in the link it shows no form and sends nothing', async () => {
    const api = mockApi({});
    renderAt('/update-password');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByLabelText(/^New Password/)).toBeNull();
    expect(api.calls.some((c) => c.path.includes('updatepassword'))).toBe(false);
  });
});
