import type { Messages } from '@lingui/core';

/**
 * In the browser (`@portal/domain/hindi` in package.json) the domain's Hindi loads only when Hindi is
 * chosen: loadDomainHindi in translate.ts, which the web app's languageReady waits for.
 */
export const eagerHindi: Messages | undefined = undefined;
