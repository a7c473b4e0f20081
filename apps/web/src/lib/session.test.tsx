import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { mockApi } from '@/testing/fetch-mock';
import { ANONYMOUS_TOKEN, getStoredToken, setStoredToken, TOKEN_STORAGE_KEY } from './api-client';
import {
  LOGIN_REDIRECT_DELAY_MS,
  RequireSession,
  SessionProvider,
  TOKEN_REVALIDATE_MS,
  toSessionUser,
  useSession,
} from './session';

const me = {
  user: {
    id: 'u1',
    email: 'a@b.co',
    firstName: 'A',
    lastName: 'B',
    roles: ['Administrator'],
    permissions: ['admin.access'],
  },
};

function Status() {
  const { status, user } = useSession();
  return <p data-testid="status">{`${status}:${user?.email ?? ''}`}</p>;
}

/**
 * Fakes the clock and returns a wait for the session's re-validation timer: it starts in an effect once signed in,
 * after the signed-in text shows, and advancing the clock before it exists would test nothing.
 */
function fakeClock(): () => Promise<void> {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const setIntervalSpy = vi.spyOn(window, 'setInterval');
  return () =>
    waitFor(() => expect(setIntervalSpy).toHaveBeenCalledWith(expect.any(Function), TOKEN_REVALIDATE_MS));
}

function validations(api: { calls: { path: string }[] }) {
  return api.calls.filter((c) => c.path === '/api/auth/validatetoken');
}

function renderApp(path = '/dashboard') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>login screen</p> },
      {
        path: '*',
        element: (
          <RequireSession>
            <Status />
          </RequireSession>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('session (spec §4)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('stores the anonymous token when none is stored and sends the visitor to /login after 500 ms', async () => {
    mockApi({});
    // Only the test moves this clock: the 100 ms margin below must not depend on how busy the machine is.
    vi.useFakeTimers();
    const router = renderApp();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(ANONYMOUS_TOKEN);
    await act(async () => vi.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS - 100));
    expect(router.state.location.pathname).toBe('/dashboard');
    await act(async () => vi.advanceTimersByTime(200));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs in from the stored token once the current user loads', async () => {
    setStoredToken('tok');
    mockApi({ 'GET /api/auth/current-user': () => ({ data: me }) });
    renderApp();
    expect((await screen.findByTestId('status')).textContent).toBe('signedIn:a@b.co');
  });

  it('re-validates every 300 s; a 401 drops to anonymous, clears the user and the token', async () => {
    setStoredToken('tok');
    let valid = true;
    const api = mockApi({
      'GET /api/auth/current-user': () => ({ data: me }),
      'GET /api/auth/validatetoken': () =>
        valid ? { data: { valid: true } } : { status: 401, error: { code: 'UNAUTHENTICATED', message: 'x' } },
    });
    const timerStarted = fakeClock();
    const router = renderApp();
    await timerStarted();
    await act(async () => vi.advanceTimersByTime(TOKEN_REVALIDATE_MS));
    await waitFor(() => expect(validations(api)).toHaveLength(1));
    expect(screen.getByTestId('status').textContent).toBe('signedIn:a@b.co');
    valid = false;
    await act(async () => vi.advanceTimersByTime(TOKEN_REVALIDATE_MS));
    await waitFor(() => expect(getStoredToken()).toBe(ANONYMOUS_TOKEN));
    await act(async () => vi.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS + 10));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a validation error other than 401 counts as valid', async () => {
    setStoredToken('tok');
    const api = mockApi({
      'GET /api/auth/current-user': () => ({ data: me }),
      'GET /api/auth/validatetoken': () => ({ status: 500, error: { code: 'INTERNAL', message: 'x' } }),
    });
    const timerStarted = fakeClock();
    renderApp();
    await timerStarted();
    await act(async () => vi.advanceTimersByTime(TOKEN_REVALIDATE_MS));
    await waitFor(() => expect(validations(api)).toHaveLength(1));
    expect(screen.getByTestId('status').textContent).toBe('signedIn:a@b.co');
    expect(getStoredToken()).toBe('tok');
  });

  it('reads roles given as objects and the spec names Roles/Attributes', () => {
    const user = toSessionUser({
      user: {
        Id: 'x',
        UserName: 'u@x.co',
        Roles: [{ id: 'Editor' }],
        permissions: ['admin.access'],
        Attributes: { firstName: 'F' },
      },
    });
    expect(user).toMatchObject({
      id: 'x',
      email: 'u@x.co',
      roles: ['Editor'],
      firstName: 'F',
      defaultMeasurementSystem: 'IMPERIAL',
      isProviderOrganization: false,
    });
  });

  it("reads whether the user's organization is the provider's (ADR 005 reach)", () => {
    const user = (organization: unknown) => toSessionUser({ user: { id: 'x', organization } });
    expect(user({ id: 'p', name: 'Provider', isProvider: true })).toMatchObject({
      organizationId: 'p',
      isProviderOrganization: true,
    });
    expect(user({ id: 'c', name: 'Customer', isProvider: false }).isProviderOrganization).toBe(false);
    expect(user(null).isProviderOrganization).toBe(false);
  });
});
