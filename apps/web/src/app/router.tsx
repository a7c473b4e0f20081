import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import {
  createBrowserRouter,
  data,
  Navigate,
  Outlet,
  RouterProvider,
  useMatches,
  type RouteObject,
} from 'react-router';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isContentModel } from '@sealplan/contracts';
import { HealthPage } from '@/features/health/health-page';
import { ANONYMOUS_TOKEN, getStoredToken } from '@/lib/api-client';
import { loadAllTexts } from '@/lib/i18n';
import { useDocumentTitle, useRouteTitle } from '@/lib/page-title';
import { AppErrorBoundary, RouteErrorPage } from './error-boundary';
import { MaintenancePage } from './pages/maintenance-page';
import { NotFoundPage } from './pages/not-found-page';
import { ServerErrorPage } from './pages/server-error-page';
import { queryClient } from './query-client';

function PageLoader() {
  const { t } = useTranslation('common');
  return (
    <Center h="60vh">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/** Lazy-loads a named export as a route element (spec §2: sections load on demand). */
function lazyNamed<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  const Component = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={<PageLoader />}>
      <Component />
    </Suspense>
  );
}

/**
 * A route whose screen is a chunk of its own. Its loader starts fetching the chunk as soon as the route matches, so
 * a page's chunk and its parent's (the signed-in shell) download together rather than one after the other
 * (ADR 033); the element shows the loader until it is there, as before.
 */
function page(
  load: () => Promise<Record<string, unknown>>,
  name: string,
): { element: ReactNode; loader: () => null } {
  return {
    element: lazyNamed(load, name),
    loader: () => {
      // A failed fetch shows where the element renders (the route's error page), not here.
      load().catch(() => undefined);
      return null;
    },
  };
}

/**
 * A route whose screens use the namespaces beyond the public pages' (ADR 033): its chunk and every namespace of the
 * languages in use arrive together, before it renders.
 */
function withAllTexts<M>(load: () => Promise<M>): () => Promise<M> {
  return async () => (await Promise.all([load(), loadAllTexts()]))[0];
}

/** Route metadata: the page title (a shell:titles.* key) shown after the provider's short name (spec §1). */
export interface RouteHandle {
  title: string;
}
const titled = (key: string): { handle: RouteHandle } => ({ handle: { title: `shell:titles.${key}` } });

/** Sets the document title from the deepest matched route that names one; pages may refine it (usePageTitle). */
function RootRoute() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    RouteHandle | undefined;
  useRouteTitle(handle ? t(handle.title) : '');
  useDocumentTitle();
  return <Outlet />;
}

/**
 * A signed-in page whose first reads start with its chunk when its address matches (ADR 033), rather than once the
 * shell and the page have rendered; only with a stored session, since a visitor who is not signed in is sent to
 * the login page instead.
 */
function withReads(load: () => Promise<unknown>, startReads: () => Promise<void>) {
  return () => {
    load().catch(() => undefined);
    if (getStoredToken() !== ANONYMOUS_TOKEN) startReads().catch(() => undefined);
    return null;
  };
}

function projectPageLoader({ params }: { params: { projectId?: string } }) {
  const projectId = params.projectId ?? '';
  return withReads(
    () => import('./routes/workspace-routes'),
    async () =>
      (await import('@/features/projects/api/project-page-prefetch')).prefetchProjectPage(
        queryClient,
        projectId,
      ),
  )();
}

const dashboardLoader = withReads(
  () => import('@/features/dashboard/dashboard-page'),
  async () => (await import('@/features/dashboard/api/dashboard-api')).prefetchDashboard(queryClient),
);

/** /content/:model answers 404 (the router's errorElement) for a name that is no content model (ADR 016). */
export function contentModelLoader({ params }: { params: { model?: string } }) {
  if (!params.model || !isContentModel(params.model)) throw data(null, { status: 404 });
  return null;
}

/**
 * Spec §2 routes. Each screen lives in its feature folder; app/ composes them.
 * Public: login, register, update-password, recover, lock, maintenance, test, 404, 500, health.
 * Signed-in (guarded layout): dashboard, settings, users, catalogue, projects, customers.
 */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    // A render or loading error anywhere shows the 500 page rather than a blank screen.
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/health', element: <HealthPage />, ...titled('health') },
      {
        path: '/login',
        ...page(() => import('@/features/auth/pages/login-page'), 'LoginPage'),
        ...titled('login'),
      },
      {
        path: '/register',
        ...page(() => import('@/features/auth/pages/register-page'), 'RegisterPage'),
        ...titled('register'),
      },
      {
        path: '/update-password',
        ...page(() => import('@/features/auth/pages/update-password-page'), 'UpdatePasswordPage'),
        ...titled('updatePassword'),
      },
      {
        path: '/user/update-password',
        ...page(() => import('@/features/auth/pages/update-password-page'), 'UpdatePasswordPage'),
        ...titled('updatePassword'),
      },
      {
        path: '/recover',
        ...page(() => import('@/features/auth/pages/recover-page'), 'RecoverPage'),
        ...titled('recover'),
      },
      {
        path: '/lock',
        ...page(() => import('@/features/auth/pages/lock-page'), 'LockPage'),
        ...titled('lock'),
      },
      {
        path: '/auth/callback/:provider',
        ...page(() => import('@/features/auth/pages/external-callback-page'), 'ExternalCallbackPage'),
        handle: { title: 'signin:titles.callback' },
      },
      {
        path: '/maintenance',
        element: <MaintenancePage />,
        ...titled('maintenance'),
      },
      {
        path: '/500',
        element: <ServerErrorPage />,
        ...titled('serverError'),
      },
      {
        path: '/404',
        element: <NotFoundPage />,
        ...titled('notFound'),
      },
      {
        path: '/test',
        ...page(
          withAllTexts(() => import('@/features/export/pages/test-page')),
          'TestPage',
        ),
        ...titled('test'),
      },
      {
        path: '/',
        // The signed-in shell (sidebar, menus, settings) and its texts are not part of the public pages' first download.
        ...page(
          withAllTexts(() => import('./layout/app-layout')),
          'AppLayout',
        ),
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          {
            path: 'dashboard',
            ...page(() => import('@/features/dashboard/dashboard-page'), 'DashboardPage'),
            loader: dashboardLoader,
            ...titled('dashboard'),
          },
          {
            path: 'settings',
            ...page(() => import('@/features/settings/settings-page'), 'SettingsPage'),
            ...titled('settings'),
          },
          { path: 'users', element: <Navigate to="/users/all" replace /> },
          {
            path: 'users/all',
            ...page(() => import('@/features/admin/pages/users-page'), 'UsersPage'),
            ...titled('users'),
          },
          // ADR 037: the organization's webhook endpoints and delivery log (user administrators).
          {
            path: 'webhooks',
            ...page(() => import('@/features/webhooks/pages/webhooks-page'), 'WebhooksPage'),
            ...titled('webhooks'),
          },
          {
            path: 'catalogue',
            ...page(() => import('@/features/catalogue/pages/catalogue-page'), 'CataloguePage'),
            ...titled('catalogue'),
          },
          {
            path: 'customers',
            ...page(() => import('@/features/customers/pages/customers-page'), 'CustomersPage'),
            ...titled('customers'),
          },
          {
            path: 'projects',
            ...page(() => import('@/features/projects/pages/projects-page'), 'ProjectsPage'),
            ...titled('projects'),
          },
          {
            path: 'projects/create',
            ...page(() => import('./routes/new-project-route'), 'NewProjectRoute'),
            ...titled('newProject'),
          },
          {
            path: 'projects/:projectId',
            ...page(() => import('./routes/workspace-routes'), 'ProjectRoute'),
            loader: projectPageLoader,
            ...titled('project'),
          },
          // ADR 031: a transit's site page, the target of its label's QR code (made for a phone).
          {
            path: 'site/transits/:transitId',
            ...page(() => import('./routes/site-routes'), 'SiteRoute'),
            ...titled('site'),
          },
          {
            path: 'profile',
            ...page(() => import('@/features/auth/pages/profile-page'), 'ProfilePage'),
            handle: { title: 'signin:titles.profile' },
          },
          // ADR 016: the content admin (grids and forms from model configurations).
          {
            path: 'content',
            ...page(() => import('@/features/content/pages/content-pages'), 'ContentPage'),
            handle: { title: 'content:titles.content' },
          },
          {
            path: 'content/:model',
            ...page(() => import('@/features/content/pages/content-pages'), 'ContentModelPage'),
            handle: { title: 'content:titles.content' },
            // A model the server does not serve is an unknown address: the 404 page, as for any other.
            loader: contentModelLoader,
          },
        ],
      },
      {
        path: '*',
        element: <NotFoundPage />,
        ...titled('notFound'),
      },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return (
    <AppErrorBoundary>
      <RouterProvider router={router} />
    </AppErrorBoundary>
  );
}
