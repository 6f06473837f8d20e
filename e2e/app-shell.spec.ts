import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './fixtures';

test('the server answers health checks and serves the app shell on one port', async ({
  page,
  request,
}) => {
  expect((await request.get('/api/healthz')).status()).toBe(200);
  expect((await request.get('/api/readyz')).status()).toBe(200);

  await page.goto('/');
  // Each screen names itself before the product: "Sign In | Borrower Portal".
  await expect(page).toHaveTitle(/^Sign In \| Borrower Portal$/);
  await expect(page.getByText('Borrower Portal').first()).toBeVisible();
});

test('a guarded deep link without a session lands on the sign-in page', async ({ page }) => {
  await page.goto('/opportunities');
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown API path is a JSON 404, not the app', async ({ request }) => {
  const res = await request.get('/api/no-such-thing');
  expect(res.status()).toBe(404);
  expect((await res.json()).error.code).toBe('NOT_FOUND');
});

test('the sign-in page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await expectNoSeriousViolations(page);
});
