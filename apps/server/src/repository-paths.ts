import { fileURLToPath } from 'node:url';

// Folders of the repository the server reads at run time, resolved from this file's own place. The file sits
// directly in src/ and the build writes its code directly in dist/ (apps/server/build.mjs), so `../..` is `apps/`
// from either; the same path written in a module deeper in src/ resolves elsewhere once bundled.

/** The built web app the server serves. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The web app's locale files, which `translations/all` answers beneath the administrators' overrides. */
export const DEFAULT_LOCALES_DIR = fileURLToPath(new URL('../../web/src/locales', import.meta.url));
