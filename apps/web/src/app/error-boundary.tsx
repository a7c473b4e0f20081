import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './pages/not-found-page';
import { ServerErrorPage } from './pages/server-error-page';

/**
 * Catches a render error below it and shows the 500 page instead of a blank screen. `resetKey` (the path)
 * clears the error when the user navigates away, so the rest of the app stays usable.
 */
export class AppErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string; fallback?: ReactNode },
  { error: unknown; key: string | undefined }
> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromProps(
    props: { resetKey?: string },
    state: { error: unknown; key: string | undefined },
  ) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // The browser console is where a support person looks; the user sees the friendly page.
    console.error('Unexpected error in the page', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return this.props.fallback ?? <ServerErrorPage reload />;
    return this.props.children;
  }
}

/** Router errorElement: a 404 answer shows the 404 page, anything else the 500 page. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error('Route error', error);
  return <ServerErrorPage reload />;
}
