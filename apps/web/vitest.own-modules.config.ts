import { OWN_MODULES, webProject } from './vitest.config.ts';

/** The web app's test files that need modules of their own (vitest.config.ts), each isolated. */
export default webProject('web-own-modules', OWN_MODULES, { ownModules: true });
