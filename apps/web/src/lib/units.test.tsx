import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { mockApi } from '@/testing/fetch-mock';
import { setStoredToken } from './api-client';
import { SessionProvider, useSession } from './session';
import fc from 'fast-check';
import { CM2_TO_IN2, MM_TO_IN, roundTo } from '@sealplan/engine';
import { UnitsProvider, unitsFor, useUnits, type UnitsValue } from './units';

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

describe('figures on screen are rounded once (ADR 027)', () => {
  it('print round(stored value converted, digits shown) in every locale', () => {
    const shown = (value: number, decimals: number, locale: string) =>
      roundTo(value, decimals).toLocaleString(locale, {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
    // Just below half a thousandth of an inch, where a first rounding to four places went up (36.06649… in).
    const edge = fc
      .tuple(fc.integer({ min: 1, max: 900_000 }), fc.integer({ min: 1, max: 40 }))
      .map(([thousandths, below]) => (thousandths / 1000 + 0.0005 - below * 1e-6) / MM_TO_IN);
    const stored = fc.oneof(edge, fc.double({ min: 0, max: 20_000, noNaN: true }));
    for (const locale of ['en-US', 'de-DE']) {
      const imperial = unitsFor('IMPERIAL', () => {}, locale);
      expect(imperial.formatLength(916.0884)).toBe(`${shown(36.066, 3, locale)} in`);
      fc.assert(
        fc.property(stored, (mm) => {
          expect(imperial.formatLength(mm)).toBe(`${shown(mm * MM_TO_IN, 3, locale)} in`);
          expect(imperial.formatArea(mm * 100)).toBe(`${shown(mm * CM2_TO_IN2, 3, locale)} in²`);
          // Under 1000 in, so no grouping in the field either.
          expect(imperial.formatLengthValue(mm)).toBe(shown(mm * MM_TO_IN, 3, locale));
        }),
      );
    }
  });
});

describe('volumes on screen (ADR 027)', () => {
  it('are US fluid ounces with one decimal in imperial and ml in metric', () => {
    expect(unitsFor('IMPERIAL', () => {}, 'en-US').formatVolume(902)).toBe('30.5 US fl oz');
    expect(unitsFor('IMPERIAL', () => {}, 'de-DE').formatVolume(310)).toBe('10,5 US fl oz');
    expect(unitsFor('IMPERIAL', () => {}, 'en-US').volumeUnit).toBe('US fl oz');
    expect(unitsFor('METRIC', () => {}, 'en-US').formatVolume(902)).toBe('902 ml');
    expect(unitsFor('IMPERIAL', () => {}, 'en-US').fromDisplayVolume(10)).toBe(295.735);
  });
});
