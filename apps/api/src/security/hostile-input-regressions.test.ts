import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_INTEGRATION_KEY, type TestApp } from '../../test/app.ts';
import { seedBorrower, seedLoans, seedStaff, tokenFor } from '../../test/factories.ts';

// Inputs the hostile-input fuzz once answered with a 500 or never answered; each now gets a 4xx.

let t: TestApp;
let borrower: string;
let approver: string;
let unitFilesUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  const { user, account } = await seedBorrower(t.db);
  borrower = await tokenFor(t.db, user.id);
  approver = await tokenFor(t.db, (await seedStaff(t.db, 'approver')).id);
  const { units } = await seedLoans(t.db, account.key, { opportunities: 1, projects: 1, units: 1 });
  unitFilesUrl = `/api/units/${units[0]!.key}/files`;
});
afterAll(() => t?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('text with a NUL character, which PostgreSQL cannot store', () => {
  it('is refused with 400 naming the field, in a path, a query or a body', async () => {
    const inPath = await t.app.inject({
      url: '/api/accounts/%00/collaterals',
      headers: bearer(approver),
    });
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json().error.message).toMatch(/^accountId: /);

    const inQuery = await t.app.inject({
      url: '/api/units/X/files?searchString=a%00b',
      headers: bearer(approver),
    });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json().error.message).toMatch(/^searchString: /);

    const inBody = await t.app.inject({
      method: 'POST',
      url: unitFilesUrl,
      headers: bearer(borrower),
      payload: { fileType: 'OTHER', borrowerRemarks: 'see\u0000attached' },
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json().error.message).toMatch(/^borrowerRemarks: /);
  });

  it('is refused on a route that looks no session up (the NOC letter check)', async () => {
    const res = await t.app.inject({ url: '/verify/%00' });
    expect(res.statusCode).toBe(400);
  });

  it('is still refused for want of a session before anything else', async () => {
    expect((await t.app.inject({ url: '/api/accounts/%00' })).statusCode).toBe(401);
  });
});

it('refuses an import that lists a key twice (account ids compare upper-cased), changing nothing', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/import',
    headers: bearer(TEST_INTEGRATION_KEY),
    payload: {
      accounts: [
        { key: 'twice-listed', name: 'First', email: 'first@borrower.example' },
        { key: 'TWICE-LISTED', name: 'Second', email: 'second@borrower.example' },
      ],
    },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().error.message).toMatch(/^accounts\[1\]\.key: 'TWICE-LISTED' appears more/);
  const read = await t.app.inject({ url: '/api/accounts/TWICE-LISTED', headers: bearer(approver) });
  expect(read.statusCode).toBe(404);
});

describe('the development sign-in form', () => {
  it('answers 400 to a post without a form, or for an interaction that does not exist', async () => {
    const url = '/dev/oidc/interaction/no-such-interaction/login';
    const empty = await t.app.inject({ method: 'POST', url });
    const jsonNull = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: 'null',
    });
    const form = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'account=admin',
    });
    expect([empty.statusCode, jsonNull.statusCode, form.statusCode]).toEqual([400, 400, 400]);
  });
});
