import { expect, test as setup } from '@playwright/test';
import { continueWithDevProvider, DEV_STAFF, staffSessionFile, TIME_ZONE } from './fixtures';

// Staff sign in through the development provider once per run; every spec's staff page starts
// from the saved session. The identity spec still signs in with Continue With, step by step.
for (const name of Object.values(DEV_STAFF)) {
  setup(`${name} signs in with Continue With`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, timezoneId: TIME_ZONE });
    const page = await context.newPage();
    await page.goto('/');
    await continueWithDevProvider(page, name);
    await expect(page).toHaveURL(/\/checker$/);
    await context.storageState({ path: staffSessionFile(name) });
    await context.close();
  });
}
