import { test as setup } from '@playwright/test';
import { DEV_STAFF, staffPageSigningIn, staffSessionFile } from './fixtures';

// Staff sign in through the development provider once per run; every spec's staff page starts
// from the saved session. The identity spec still signs in with Continue With, step by step.
for (const name of Object.values(DEV_STAFF)) {
  setup(`${name} signs in with Continue With`, async ({ browser, baseURL }) => {
    const page = await staffPageSigningIn(browser, baseURL!, name);
    await page.context().storageState({ path: staffSessionFile(name) });
    await page.context().close();
  });
}
