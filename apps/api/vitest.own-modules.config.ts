import { apiProject, OWN_MODULES } from './vitest.config.ts';

/** The API's test files that need modules of their own (vitest.config.ts), each file isolated. */
export default apiProject('api-own-modules', OWN_MODULES, { ownModules: true });
