import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { setStoredToken } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { SessionProvider } from '@/lib/session';
import { mockApi } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { DashboardPage } from './dashboard-page';

const recent = {
  id: '00000000-0000-4000-8000-000000000007',
  guid: 'g7',
  name: 'Harbour Ferry Refit',
  customerId: 'c1',
  industryId: 'OFF_SHORE',
  customer: { id: 'c1', display: 'Nordic Yards', model: 'Customer' },
  industry: { id: 'OFF_SHORE', display: 'Off Shore', model: 'Industry' },
  description: '',
  transitCount: 4,
  isRemoved: false,
  version: 1,
  auditing: { createdOn: '2025-01-01T10:00:00.000Z', lastUpdatedOn: '2025-01-02T10:00:00.000Z' },
};

/** The figure under a stat card's label. */
const figure = (label: string) =>
  screen
    .getAllByText(label, { exact: true })
    .filter((el) => el.tagName === 'P')
    .map((el) => el.nextElementSibling?.textContent)
    .find((text) => text !== undefined);

describe('DashboardPage (counts from getDashboardData, recent projects with links)', () => {
  beforeEach(() => void i18n.changeLanguage('en-US'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the organization counts and links each recent project to its page', async () => {
    const api = mockApi({
      'GET /api/auth/current-user': () => ({
        data: {
          user: {
            id: 'u1',
            email: 'ann@x.co',
            firstName: 'Ann',
            lastName: 'Smith',
            Roles: ['Administrator'],
            permissions: ['admin.access'],
          },
        },
      }),
      'POST /api/project/getDashboardData': () => ({
        data: {
          counts: { projects: 12, transits: 57, customers: 5, overfilledTransits: 3 },
          recentProjects: [recent],
        },
      }),
      'POST /api/site/getStatusCounts': () => ({
        data: { DESIGNED: 9, INSTALLED: 4, INSPECTION_PASSED: 40, INSPECTION_FAILED: 2 },
      }),
    });
    setStoredToken('tok');
    renderWithProviders(<DashboardPage />, {
      path: '/dashboard',
      wrap: (c) => <SessionProvider>{c}</SessionProvider>,
    });
    const link = await screen.findByRole('link', { name: 'Harbour Ferry Refit' });
    expect(link.getAttribute('href')).toBe(`/projects/${recent.id}`);
    expect(within(link.closest('tr')!).getByText('Nordic Yards')).toBeTruthy();
    expect(figure('Projects')).toBe('12');
    expect(figure('Transits')).toBe('57');
    expect(figure('Customers')).toBe('5');
    expect(figure('Overfilled transits')).toBe('3');
    // ADR 031: transits per site status.
    expect(await screen.findByText('9')).toBeTruthy();
    expect(figure('To install')).toBe('9');
    expect(figure('To inspect')).toBe('4');
    expect(figure('Passed')).toBe('40');
    expect(figure('Failed inspection')).toBe('2');
    expect(api.calls.filter((c) => c.path === '/api/project/getDashboardData')).toHaveLength(1);
  });
});
