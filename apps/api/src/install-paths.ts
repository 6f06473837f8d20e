import { fileURLToPath } from 'node:url';

// Folders the server reads at run time. This module sits one level under apps/api both as source
// (src/) and compiled into dist/, so the same relative paths hold for both.

/** The SQL migrations applied at start. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

/** The built web app the server serves. */
export const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
