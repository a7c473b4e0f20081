/** The only place the web app reads build-time variables (VITE_ prefix). */
export const webEnv = {
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined) ?? '',
  appVersion: (import.meta.env.VITE_APP_VERSION as string | undefined) ?? '1.40.1',
  /**
   * Check every API answer against its call's schema (ADR 024): in development against the real server, and in a
   * build made with VITE_CHECK_ANSWERS=true; not in production, where the server already writes only what its
   * contract declares, nor in component tests, whose stand-in answers carry only the fields each test reads.
   */
  checkAnswers:
    (import.meta.env.DEV && import.meta.env.MODE !== 'test') || import.meta.env.VITE_CHECK_ANSWERS === 'true',
};
