import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getStoredToken } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session';
import { mockApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { LoginPage } from './login-page';

const adminUser = {
  user: {
    id: 'u1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    roles: ['Administrator'],
    permissions: ['admin.access'],
    organizationId: 'o1',
    organizationName: 'Analytical',
    defaultMeasurementSystem: 'METRIC',
  },
};

function renderLogin() {
  return renderWithProviders(<LoginPage />, {
    path: '/login',
    wrap: (c) => <SessionProvider>{c}</SessionProvider>,
  });
}

async function signIn(
  user: ReturnType<typeof userEvent.setup>,
  email = 'ada@example.com',
  password = 'secret1',
) {
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage (spec §2, §4, §8)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the incorrect-credentials message and stays anonymous', async () => {
    mockApi({
      'POST /api/auth/token': () => ({ status: 400, error: { code: 'INVALID_CREDENTIALS', message: 'Bad' } }),
    });
    const user = userEvent.setup();
    renderLogin();
    await signIn(user);
    expect(await screen.findByText('The user name or password is incorrect.')).toBeTruthy();
    expect(getStoredToken()).toBe('anonymous');
  });

  it("shows the server's pending message", async () => {
    const pending =
      'Your account has not yet been approved. You will receive an email with login instructions when you can access the product.';
    mockApi({
      'POST /api/auth/token': () => ({ status: 403, error: { code: 'ACCOUNT_PENDING', message: pending } }),
    });
    const user = userEvent.setup();
    renderLogin();
    await signIn(user);
    expect(await screen.findByText(pending)).toBeTruthy();
  });

  it('sends a form-encoded customer password grant, stores the token, loads the user and goes to /', async () => {
    const api = mockApi({
      'POST /api/auth/token': () => ({
        data: { access_token: 'tok-1', token_type: 'bearer', expires_in: 3600 },
      }),
      'GET /api/auth/current-user': () => ({ data: adminUser }),
    });
    const user = userEvent.setup();
    const { router } = renderLogin();
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(getStoredToken()).toBe('tok-1');
    const token = api.calls.find((c) => c.path === '/api/auth/token')!;
    expect(Object.fromEntries(new URLSearchParams(token.body!))).toEqual({
      grant_type: 'password',
      username: 'ada@example.com',
      password: 'secret1',
      isCustomer: 'true',
    });
    const current = api.calls.find((c) => c.path === '/api/auth/current-user')!;
    expect(current.headers.authorization).toBe('Bearer tok-1');
  });

  it('signs a user without admin.access out again with "You are not authorized."', async () => {
    const api = mockApi({
      'POST /api/auth/token': () => ({ data: { access_token: 'tok-2' } }),
      'GET /api/auth/current-user': () => ({
        data: { user: { ...adminUser.user, roles: ['Subscriber'], permissions: [] } },
      }),
      'GET /api/auth/signout': () => ({ data: null }),
    });
    const user = userEvent.setup();
    renderLogin();
    await signIn(user);
    expect((await screen.findAllByText('You are not authorized.')).length).toBeGreaterThan(0);
    expect(getStoredToken()).toBe('anonymous');
    expect(api.calls.some((c) => c.path === '/api/auth/signout')).toBe(true);
  });

  it('shows the reset form when the token call answers a reset-password token', async () => {
    mockApi({
      'POST /api/auth/token': () => ({ data: { access_token: 'tok-3', resetPasswordToken: 'reset-1' } }),
      'GET /api/auth/current-user': () => ({ data: adminUser }),
    });
    const user = userEvent.setup();
    const { router } = renderLogin();
    await signIn(user);
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('forgot password: Reset is enabled only for a valid e-mail, then the link is requested', async () => {
    const api = mockApi({ 'GET /api/v1/account/resetpassword/ada%40example.com': () => ({ data: null }) });
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot Your Password' }));
    // The form is fetched when shown (ADR 033).
    const reset = await screen.findByRole('button', { name: 'Reset' });
    expect((reset as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Email/), 'ada@example');
    expect((reset as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText(/^Email/), '.com');
    expect((reset as HTMLButtonElement).disabled).toBe(false);
    await user.click(reset);
    expect(
      await screen.findByText('Email sent! Please check your email to reset your password.', {
        normalizer: (s) => s.replace(/\s+/g, ' '),
      }),
    ).toBeTruthy();
    const call = api.calls.find((c) => c.path.startsWith('/api/v1/account/resetpassword/'))!;
    const url = new URL(call.path, 'http://x');
    expect(url.searchParams.get('redirectUrl')).toBe(`${window.location.origin}/user/update-password`);
    expect(url.searchParams.get('isCustomer')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Nevermind, I remember' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('forgot password: a failure says so', async () => {
    mockApi({
      'GET /api/v1/account/resetpassword/ada%40example.com': () => ({
        status: 502,
        error: { code: 'MAIL_FAILED', message: 'x' },
      }),
    });
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot Your Password' }));
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Failed to send password reset e-mail.')).toBeTruthy();
  });

  it('offers one button per configured outside provider, and none when none are configured', async () => {
    mockApi({
      'GET /api/auth/external/providers': () => ({
        data: {
          providers: [
            { id: 'oidc', label: 'Company SSO' },
            { id: 'oauth1', label: 'Test OAuth' },
          ],
        },
      }),
    });
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Continue with Company SSO' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Test OAuth' })).toBeTruthy();
  });

  it('shows no outside sign-in buttons when the server has no providers', async () => {
    const api = mockApi({ 'GET /api/auth/external/providers': () => ({ data: { providers: [] } }) });
    renderLogin();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/auth/external/providers')).toBe(true));
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
  });
});
