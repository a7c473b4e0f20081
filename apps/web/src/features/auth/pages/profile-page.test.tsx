import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionProvider } from '@/lib/session';
import { mockApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ProfilePage } from './profile-page';

const device = (id: string, browser: string, os: string, isCurrent: boolean) => ({
  id,
  deviceId: `key-${id}`,
  name: '',
  browser,
  os,
  firstSeenOn: '2026-11-20T08:00:00.000Z',
  lastSeenOn: '2026-11-25T09:30:00.000Z',
  isCurrent,
});
const providers = [
  { id: 'oidc', label: 'Company SSO' },
  { id: 'oauth1', label: 'Test OAuth' },
];
const linked = {
  id: '0b6c4f1e-1111-4c8e-9a55-3d0f1a2b3c4d',
  provider: 'oauth1',
  providerLabel: 'Test OAuth',
  email: null,
  displayName: 'tester',
  linkedOn: '2026-11-24T10:00:00.000Z',
  lastUsedOn: null,
};

describe('ProfilePage: sign-in methods and devices', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('lists devices, marks this one, and signs another out', async () => {
    const laptop = device('d1', 'Firefox 133', 'Linux', false);
    const here = device('d2', 'Chrome 131', 'Windows', true);
    const api = mockApi({
      'GET /api/auth/current-user': () => ({ data: { user: { devices: [here, laptop] } } }),
      'GET /api/auth/external/identities': () => ({ data: { providers, identities: [linked] } }),
      'POST /api/user/signOutDevice': () => ({ data: { signedOut: true, devices: [here] } }),
    });
    renderWithProviders(<ProfilePage />, { wrap: (c) => <SessionProvider>{c}</SessionProvider> });
    const table = await screen.findByRole('table', { name: 'Devices' });
    const current = within(table).getByRole('row', { name: /Chrome 131/ });
    expect(within(current).getByText('This device')).toBeTruthy();

    // Linked and not linked providers.
    expect(
      within(screen.getByRole('group', { name: 'Test OAuth' })).getByText(/Linked as tester/),
    ).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Company SSO' })).getByText('Not linked')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Sign out Firefox 133' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Firefox 133/ })).toBeNull());
    const call = api.calls.find((c) => c.path === '/api/user/signOutDevice');
    expect(JSON.parse(call!.body!)).toEqual({ id: 'd1' });
  });

  it('says so when no outside provider is configured', async () => {
    mockApi({
      'GET /api/auth/current-user': () => ({ data: { user: { devices: [] } } }),
      'GET /api/auth/external/identities': () => ({ data: { providers: [], identities: [] } }),
    });
    renderWithProviders(<ProfilePage />, { wrap: (c) => <SessionProvider>{c}</SessionProvider> });
    expect(
      await screen.findByText('No outside sign-in providers are configured on this server.'),
    ).toBeTruthy();
    expect(await screen.findByText('No devices recorded yet.')).toBeTruthy();
  });
});
