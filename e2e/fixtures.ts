import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';

/** The server's default outside production (apps/api/src/env.ts); CI may set its own. */
const INTEGRATION_API_KEY = process.env.INTEGRATION_API_KEY ?? 'dev-integration-key';

/** Meets DESIGN §3's policy: 8+ characters with a letter, a digit and a symbol. */
export const STRONG_PASSWORD = 'Portal#2025';

export interface Borrower {
  accountId: string;
  email: string;
  name: string;
}

/**
 * A lender account nobody has signed up for yet, pushed through the import API
 * (DESIGN §4). Each test gets its own, so none depends on another's leftovers
 * or on the two demo accounts, which other specs use.
 */
export async function importBorrower(request: APIRequestContext): Promise<Borrower> {
  const suffix = randomBytes(4).toString('hex').toUpperCase();
  const borrower = {
    accountId: `E2E${suffix}`,
    email: `e2e-${suffix.toLowerCase()}@example.com`,
    name: `E2E Borrower ${suffix}`,
  };
  const response = await request.post('/api/import', {
    headers: { Authorization: `Bearer ${INTEGRATION_API_KEY}` },
    data: { accounts: [{ key: borrower.accountId, name: borrower.name, email: borrower.email }] },
  });
  expect(response.status(), await response.text()).toBe(200);
  return borrower;
}

interface DevMail {
  id: string;
  subject: string;
  text: string;
}

async function latestMail(request: APIRequestContext, to: string): Promise<DevMail | undefined> {
  const response = await request.get('/dev/mail/latest.json', { params: { to } });
  if (response.status() === 404) return undefined;
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as DevMail;
}

/** The id of the newest mail to `to`, to tell the next one from it. */
export async function latestMailId(
  request: APIRequestContext,
  to: string,
): Promise<string | undefined> {
  return (await latestMail(request, to))?.id;
}

/**
 * The six-digit code of the next mail to `to` in the dev outbox (DESIGN §2).
 * Mail leaves through the outbox worker after the request, so this waits for it.
 */
export async function nextCode(
  request: APIRequestContext,
  to: string,
  previousMailId?: string,
): Promise<string> {
  let mail: DevMail | undefined;
  await expect
    .poll(
      async () => {
        mail = await latestMail(request, to);
        return mail !== undefined && mail.id !== previousMailId;
      },
      { message: `a new mail to ${to} in the dev outbox`, timeout: 15_000 },
    )
    .toBe(true);
  const code = /\b(\d{6})\b/.exec(mail!.text)?.[1];
  expect(code, `a six-digit code in: ${mail!.text}`).toBeDefined();
  return code!;
}

/** Signs `borrower` up through the API (DESIGN §4), for tests that start from an account. */
export async function signUpBorrower(
  request: APIRequestContext,
  borrower: Borrower,
  password = STRONG_PASSWORD,
): Promise<void> {
  const signup = await request.post('/api/auth/signup', {
    data: { accountId: borrower.accountId, email: borrower.email, password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const code = await nextCode(request, borrower.email);
  const confirm = await request.post('/api/auth/signup/confirm', {
    data: { accountId: borrower.accountId, code },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
}
