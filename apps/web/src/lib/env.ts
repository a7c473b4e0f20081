/** The only place the web app reads build-time variables (VITE_ prefix). */
export const webEnv = {
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined) ?? '',
  appVersion: (import.meta.env.VITE_APP_VERSION as string | undefined) ?? '1.40.1',
};
