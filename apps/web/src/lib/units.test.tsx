import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { mockApi } from '@/testing/fetch-mock';
import { setStoredToken } from './api-client';
import { SessionProvider, useSession } from './session';
import { UnitsProvider, useUnits, type UnitsValue } from './units';

function userWith(system: 'METRIC' | 'IMPERIAL') {
  return {
    user: {
      id: 'u1',
      email: 'a@b.c',
      firstName: 'Ada',
      lastName: 'L',
      Roles: ['ElevatedUser'],
      permissions: ['admin.access'],
      applicationSettings: { defaultMeasurementSystem: system },
    },
  };
}

let units: UnitsValue;
function Probe() {
  units = useUnits();
  const { status } = useSession();
  return (
    <span data-testid="figure" data-status={status}>
      {units.formatLength(200)}
    </span>
  );
}
const signedIn = () => waitFor(() => expect(screen.getByTestId('figure').dataset.status).toBe('signedIn'));

function renderUnits() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <UnitsProvider>
          <Probe />
        </UnitsProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('useUnits', () => {
  beforeEach(() => setStoredToken('token-1'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('starts from the signed-in user saved system', async () => {
    mockApi({ 'GET /api/auth/current-user': () => ({ data: userWith('METRIC') }) });
    renderUnits();
    await signedIn();
    expect(screen.getByTestId('figure').textContent).toBe('200 mm');
    expect(units.lengthUnit).toBe('mm');
    expect(units.fromDisplayLength(12.5)).toBe(12.5);
  });

  it('switching re-renders every figure at once and saves the choice with saveUser', async () => {
    let saved = 'IMPERIAL' as 'METRIC' | 'IMPERIAL';
    const { calls } = mockApi({
      'GET /api/auth/current-user': () => ({ data: userWith(saved) }),
      'POST /api/user/saveUser': (call) => {
        saved = (JSON.parse(call.body!) as { user: { defaultMeasurementSystem: 'METRIC' } }).user
          .defaultMeasurementSystem;
        return { data: userWith(saved) };
      },
    });
    renderUnits();
    await signedIn();
    expect(screen.getByTestId('figure').textContent).toBe('7.874 in');
    act(() => units.setSystem('METRIC'));
    expect(screen.getByTestId('figure').textContent).toBe('200 mm');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/saveUser')).toBe(true));
    const save = calls.find((c) => c.path === '/api/user/saveUser')!;
    expect(JSON.parse(save.body!)).toEqual({ user: { defaultMeasurementSystem: 'METRIC' } });
    // The reloaded user now says METRIC; the figure stays metric.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/auth/current-user').length).toBe(2));
    expect(screen.getByTestId('figure').textContent).toBe('200 mm');
  });

  it('keeps the local choice when saveUser does not exist', async () => {
    mockApi({ 'GET /api/auth/current-user': () => ({ data: userWith('IMPERIAL') }) });
    renderUnits();
    await signedIn();
    expect(screen.getByTestId('figure').textContent).toBe('7.874 in');
    act(() => units.setSystem('METRIC'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('figure').textContent).toBe('200 mm');
    expect(units.areaUnit).toBe('cm²');
  });

  it('outside the provider answers imperial (spec §4 default)', () => {
    function Bare() {
      return <span data-testid="bare">{useUnits().formatLength(200)}</span>;
    }
    render(<Bare />);
    expect(screen.getByTestId('bare').textContent).toBe('7.874 in');
  });
});
