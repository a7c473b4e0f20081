import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '@/lib/i18n';
import { getStoredToken } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session';
import { mockApi } from '@/testing/fetch-mock';
import { rememberedRegistration } from '../api/external-api';
import { ExternalCallbackPage } from './external-callback-page';

const verified = (outcome: string) => ({
  provider: 'oidc',
  providerLabel: 'Company SSO',
  id_str: 'sub-1',
  email: 'grace@example.com',
  screen_name: 'grace',
  isExistingUser: outcome === 'signIn',
  emailVerified: true,
  firstName: 'Grace',
  lastName: 'Hopper',
  outcome,
});

const me = {
  user: {
    id: 'u1',
    email: 'grace@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    Roles: ['Administrator'],
    permissions: ['admin.access'],
    devices: [],
  },
};

/** The callback page as the provider opens it, with the pages it may go on to. */
function renderCallback(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/auth/callback/:provider', element: <ExternalCallbackPage /> },
      { path: '/register', element: <p>Register page</p> },
      { path: '/', element: <p>Home page</p> },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider>
          <ModalsProvider>
            <Notifications />
            <SessionProvider>
              <RouterProvider router={router} />
            </SessionProvider>
          </ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

const bodyOf = (calls: { path: string; body: string | null }[], path: string) =>
  calls.find((c) => c.path.startsWith(path))?.body ?? '';

describe('ExternalCallbackPage (spec §4 social sign-in)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('new person: access and verify once, then the register page with the identity remembered', async () => {
    const api = mockApi({
      'POST /api/auth/external/oidc/access': () => ({ data: { provider: 'oidc', ticket: 't-1' } }),
      'POST /api/auth/external/verify': () => ({ data: verified('register') }),
    });
    renderCallback('/auth/callback/oidc?code=c-1&state=s-1&iss=http%3A%2F%2Fidp');
    expect(await screen.findByText('Register page')).toBeTruthy();
    expect(JSON.parse(bodyOf(api.calls, '/api/auth/external/oidc/access'))).toEqual({
      code: 'c-1',
      state: 's-1',
      iss: 'http://idp',
    });
    expect(api.calls.filter((c) => c.path.includes('/access'))).toHaveLength(1);
    expect(rememberedRegistration()).toMatchObject({
      integration: { provider: 'oidc', ticket: 't-1' },
      verified: { firstName: 'Grace', email: 'grace@example.com' },
    });
  });

  it('linked person: the token call carries the integration; signed in, the device is recorded', async () => {
    const api = mockApi({
      'POST /api/auth/external/oauth1/access': () => ({ data: { provider: 'oauth1', ticket: 't-2' } }),
      'POST /api/auth/external/verify': () => ({ data: { ...verified('signIn'), provider: 'oauth1' } }),
      'POST /api/auth/token': () => ({ data: { access_token: 'tok', resetPasswordToken: null } }),
      'GET /api/auth/current-user': () => ({ data: me }),
      'POST /api/user/setDevice': () => ({ data: me }),
    });
    renderCallback('/auth/callback/oauth1?oauth_token=rt&oauth_verifier=v');
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(JSON.parse(bodyOf(api.calls, '/api/auth/external/oauth1/access'))).toEqual({
      oauthToken: 'rt',
      oauthVerifier: 'v',
    });
    const form = new URLSearchParams(bodyOf(api.calls, '/api/auth/token'));
    expect(JSON.parse(form.get('integration')!)).toEqual({ provider: 'oauth1', ticket: 't-2' });
    expect(form.get('password')).toBeNull();
    expect(getStoredToken()).toBe('tok');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/user/setDevice')).toBe(true));
  });

  it('verified e-mail of an existing account: the password is asked once and sent with the integration', async () => {
    const api = mockApi({
      'POST /api/auth/external/oidc/access': () => ({ data: { provider: 'oidc', ticket: 't-3' } }),
      'POST /api/auth/external/verify': () => ({ data: verified('confirmPassword') }),
      'POST /api/auth/token': () => ({ data: { access_token: 'tok', resetPasswordToken: null } }),
      'GET /api/auth/current-user': () => ({ data: me }),
      'POST /api/user/setDevice': () => ({ data: me }),
    });
    renderCallback('/auth/callback/oidc?code=c&state=s');
    expect(await screen.findByRole('heading', { name: 'Link your account' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty('value', 'grace@example.com');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Password/), 'her-password');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    const form = new URLSearchParams(bodyOf(api.calls, '/api/auth/token'));
    expect(form.get('username')).toBe('grace@example.com');
    expect(form.get('password')).toBe('her-password');
    expect(JSON.parse(form.get('integration')!)).toEqual({ provider: 'oidc', ticket: 't-3' });
  });

  it("shows the server's reason when a step is refused", async () => {
    mockApi({
      'POST /api/auth/external/oidc/access': () => ({
        status: 400,
        error: {
          code: 'EXTERNAL_SIGN_IN_FAILED',
          message: 'This sign-in attempt is not valid or has expired. Please start again.',
        },
      }),
    });
    renderCallback('/auth/callback/oidc?code=c&state=wrong');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sign-in attempt is not valid or has expired. Please start again.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toBeTruthy();
  });

  it('cancelled at the provider: says so and calls nothing', async () => {
    const api = mockApi({});
    renderCallback('/auth/callback/oidc?error=access_denied&state=s');
    expect((await screen.findByRole('alert')).textContent).toBe('The sign-in was cancelled at the provider.');
    expect(api.calls.filter((c) => c.path.startsWith('/api/auth/external'))).toEqual([]);
  });
});
