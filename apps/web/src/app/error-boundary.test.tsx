import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '@/lib/i18n';
import { AppErrorBoundary, RouteErrorPage } from './error-boundary';

function Boom(): never {
  throw new Error('render failed');
}

const wrap = (ui: React.ReactNode) => (
  <I18nextProvider i18n={i18n}>
    <MantineProvider>{ui}</MantineProvider>
  </I18nextProvider>
);

describe('error boundaries (the 500 page instead of a blank screen)', () => {
  beforeEach(() => {
    void i18n.changeLanguage('en-US');
    // React and the boundary report the error on the console; keep the test output readable.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('AppErrorBoundary shows the 500 page for a render error and clears it when the path changes', () => {
    const { rerender } = render(
      wrap(
        <AppErrorBoundary resetKey="/a">
          <Boom />
        </AppErrorBoundary>,
      ),
    );
    expect(screen.getByRole('heading', { name: 'Oh! Something went wrong :(' })).toBeTruthy();
    // Outside the router its links are plain anchors (a fresh start after a crash).
    expect(screen.getByRole('link', { name: 'Go to the app' }).getAttribute('href')).toBe('/');

    rerender(
      wrap(
        <AppErrorBoundary resetKey="/b">
          <p>Back to work</p>
        </AppErrorBoundary>,
      ),
    );
    expect(screen.getByText('Back to work')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Oh! Something went wrong :(' })).toBeNull();
  });

  it('the router errorElement shows the 500 page for a failing route and the 404 page for a 404 answer', async () => {
    const router = createMemoryRouter(
      [
        {
          errorElement: <RouteErrorPage />,
          children: [
            { path: '/broken', element: <Boom /> },
            {
              path: '/gone',
              loader: () => {
                throw new Response('Not Found', { status: 404 });
              },
              element: <p>never</p>,
            },
          ],
        },
      ],
      { initialEntries: ['/broken'] },
    );
    render(wrap(<RouterProvider router={router} />));
    expect(await screen.findByRole('heading', { name: 'Oh! Something went wrong :(' })).toBeTruthy();

    await router.navigate('/gone');
    expect(await screen.findByRole('heading', { name: "We couldn't find this page." })).toBeTruthy();
  });
});
